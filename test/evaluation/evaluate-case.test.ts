import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseResult } from '../../src/contract/case.js';
import type { EvaluationRecord } from '../../src/contract/record.js';
import { evaluateCase, evaluatePlannedCase } from '../../src/evaluation/evaluate-case.js';
import { casesOfTask, type PackCase } from '../../src/pack/cases.js';
import { loadPackOrThrow } from '../../src/pack/load.js';
import type { Pack } from '../../src/pack/pack.js';
import { builtinPackDir } from '../../src/pack/resolve.js';
import { resolveOptions } from '../../src/run/options.js';
import { planRun, type RunPlan } from '../../src/run/run-plan.js';
import { createRuntime, type Runtime } from '../../src/sandbox/runtime.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const withoutDuration = ({ record: { durationMs: _d, ...record }, ...result }: CaseResult) => ({
  ...result,
  record,
});

/** A runtime whose `evaluate` breaks its own promise of one record (a harness bug). */
const brokenRuntime: Runtime = {
  name: 'inline',
  isolation: { level: 'none', measures: [], missing: [] },
  evaluate: () => Promise.reject(new RangeError('Maximum call stack size exceeded')),
  close: async () => undefined,
};

describe('evaluateCase', () => {
  let pack: Pack;
  let entry: PackCase;
  beforeAll(async () => {
    pack = await loadPackOrThrow(builtinPackDir('starter'));
    entry = casesOfTask(pack, pack.tasks[0]!)[0]!;
  });

  it('yields one crash record, with its case, even when the runtime throws', async () => {
    const result = await evaluateCase({
      runtime: brokenRuntime,
      task: pack.tasks[0]!,
      case: entry,
      program: { id: 'p', set: 'default' },
      module: '/nowhere/verifier.ts',
    });
    expect(result).toMatchObject({
      task: entry.task,
      outcome: entry.outcome,
      program: { id: 'p' },
    });
    expect(result.record).toEqual({
      verdict: 'error',
      kind: 'crash',
      message:
        'the evaluation failed outside the sandbox: RangeError: Maximum call stack size exceeded',
      durationMs: 0,
      operations: 0,
      checks: [],
    });
  });
});

describe('evaluatePlannedCase', () => {
  let plan: RunPlan;
  const runtimes: Runtime[] = [];
  beforeAll(async () => {
    plan = await planRun(
      resolveOptions(
        {
          pack: 'starter',
          programs: {
            correct: 'fixtures/verifiers/starter/correct/{task}.ts',
            stale: 'fixtures/verifiers/starter/stale/{task}.ts',
          },
        },
        REPO,
      ),
    );
  });
  afterAll(async () => {
    for (const runtime of runtimes) await runtime.close();
  });

  it.each(['isolate', 'inline'] as const)(
    'gives the %s runtime the record evaluateCase gives, for every case and program of the plan',
    async (name) => {
      const runtime = await createRuntime(name, { limits: { timeoutMs: 10_000 } });
      runtimes.push(runtime);
      let compared = 0;
      const verdicts = new Set<string>();
      for (const planned of plan.tasks)
        for (const entry of planned.programs)
          for (const packCase of casesOfTask(plan.pack, planned.task)) {
            const options = {
              runtime,
              task: planned.task,
              case: packCase,
              program: entry.program,
              module: entry.module,
            };
            const viaPlan = await evaluatePlannedCase(options, planned.view);
            const viaLookup = await evaluateCase(options);
            expect(withoutDuration(viaPlan)).toEqual(withoutDuration(viaLookup));
            verdicts.add(viaPlan.record.verdict);
            compared += 1;
          }
      expect(compared).toBeGreaterThan(plan.tasks.length);
      // The stale programs fail cases the correct ones pass: both kinds of record were compared.
      expect([...verdicts].sort()).toEqual(['fail', 'pass']);
    },
  );

  it("hands the plan's view to a runtime of the user's own as it is", async () => {
    const seen: unknown[] = [];
    const own: Runtime = {
      name: 'inline',
      isolation: { level: 'none', measures: [], missing: [] },
      async evaluate(input): Promise<EvaluationRecord> {
        seen.push(input.task);
        return { verdict: 'unknown', durationMs: 0, operations: 0, checks: [] };
      },
      close: async () => undefined,
    };
    const planned = plan.tasks[0]!;
    const result = await evaluatePlannedCase(
      {
        runtime: own,
        task: planned.task,
        case: casesOfTask(plan.pack, planned.task)[0]!,
        program: planned.programs[0]!.program,
        module: planned.programs[0]!.module,
      },
      planned.view,
    );
    expect(result.record.verdict).toBe('unknown');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBe(planned.view.view);
  });
});
