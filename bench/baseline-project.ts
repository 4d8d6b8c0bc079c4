// The run as it was before issue 18, for `npm run bench` to time against today's (section 7,
// bench/speed.bench.ts): the production plugin wrapped, not changed. Every chunk file loads
// the pack and qualifies its own tasks again (baseline-chunk.ts) in a process of its own,
// through Vite's transform; the reporter plans once more; nothing is cached and no case is
// explained ahead. The verdicts and the report are the same as today's.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import type { Vite } from 'vitest/node';
import { AgentProofBenchReporter } from '../reporters/agentproofbench-reporter.js';
import { explainResults } from '../src/report/recorded-explanations.js';
import type { AgentProofBenchOptions } from '../src/run/options.js';
import { planRun } from '../src/run/run-plan.js';
import { type RunHooks, runProject } from '../src/vitest/plugin.js';

const CHUNK_MODULE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'baseline-chunk.ts');

type Hook<T> = T extends (...args: infer A) => infer R ? (...args: A) => R : never;

/** The project `agentproofbench run` makes, with the run's architecture of before issue 18. */
export function baselineProject(
  options: AgentProofBenchOptions,
  hooks: RunHooks,
): TestProjectInlineConfiguration {
  // Not the plan `run` made: the baseline plans in the plugin as before, and again below.
  const project = runProject({ ...options, planCache: false }, { listener: hooks.listener });
  const inner = project.plugins?.[0] as Vite.Plugin;
  const config = inner.config as Hook<Vite.Plugin['config']>;
  const configureVitest = inner.configureVitest as Hook<Vite.Plugin['configureVitest']>;
  const plugin: Vite.Plugin = {
    name: 'agentproofbench-baseline',
    async config(userConfig, env) {
      const made = (await config.call(this, userConfig, env)) as {
        test: { dir: string; include: string[]; isolate?: boolean; server?: object };
      };
      // The same chunk files, each registering its tasks through the baseline's re-planning.
      for (const [chunk, name] of made.test.include.entries())
        writeFileSync(
          path.join(made.test.dir, name),
          `import { registerBaselineChunk } from ${JSON.stringify(CHUNK_MODULE)};\n\nawait registerBaselineChunk(${chunk});\n`,
        );
      made.test.isolate = true;
      made.test.server = { deps: { inline: [/agentproofbench[\\/]/] } };
      return made;
    },
    configureVitest(context) {
      configureVitest(context);
      // The reporter plans the run once more, and explains every case only at the end.
      const reporters = context.vitest.config.reporters;
      const at = reporters.findIndex((entry) => entry instanceof AgentProofBenchReporter);
      const today = reporters[at] as AgentProofBenchReporter | undefined;
      if (!today) return;
      reporters[at] = new AgentProofBenchReporter(
        today.options,
        () => planRun(today.options),
        explainResults,
        undefined,
        hooks.listener,
      );
    },
  };
  return { ...project, plugins: [plugin] };
}
