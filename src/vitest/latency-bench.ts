import { afterAll, bench, describe } from 'vitest';
import { evaluateCase } from '../evaluation/evaluate-case.js';
import { resolvePrograms } from '../evaluation/programs.js';
import { panelCase } from '../pack/cases.js';
import { loadPackOrThrow } from '../pack/load.js';
import { resolvePackDir } from '../pack/resolve.js';
import type { Limits } from '../sandbox/limits.js';
import { createRuntime, type RuntimeName } from '../sandbox/runtime.js';

export interface TimingPanelBenchOptions {
  /** Pack folder or built-in name. @default 'builtin' */
  pack?: string;
  /** One module for every task, or a pattern such as `verifiers/{task}.ts`. */
  verifier: string;
  /** @default 'isolate' */
  runtime?: RuntimeName;
  /** Timed evaluations per state (tinybench `iterations`). @default 10 */
  iterations?: number;
  limits?: Partial<Limits>;
}

/**
 * Register one Vitest `bench` per state of the pack's timing panel, for `vitest bench`.
 * Each iteration is one independent evaluation (fresh sandbox, replicas and budget), the
 * same work `agentproofbench latency` times. Call it with top-level await in a `*.bench.ts`.
 */
export async function benchTimingPanel(options: TimingPanelBenchOptions): Promise<void> {
  const pack = await loadPackOrThrow(resolvePackDir(options.pack));
  const panel = pack.manifest.timingPanel;
  const programs = resolvePrograms(options.verifier, [...new Set(panel.map((ref) => ref.task))]);
  const runtime = await createRuntime(options.runtime ?? 'isolate', {
    process: { hiddenPaths: [pack.dir] },
  });
  afterAll(() => runtime.close());
  describe(`timing panel of ${pack.manifest.name} (${runtime.name} runtime)`, () => {
    for (const ref of panel) {
      const program = programs.find((candidate) => candidate.task === ref.task);
      const task = pack.task(ref.task);
      const entry = panelCase(pack, ref);
      const name = `${ref.task} ${ref.condition}/${ref.outcome}`;
      if (!program || !entry) {
        bench.skip(`${name} (no verifier program for ${ref.task})`, () => {});
        continue;
      }
      bench(
        name,
        async () => {
          await evaluateCase({
            runtime,
            task,
            case: entry,
            program: program.program,
            module: program.module,
            limits: options.limits,
          });
        },
        { iterations: options.iterations ?? 10, time: 0, warmupIterations: 2, warmupTime: 0 },
      );
    }
  });
}
