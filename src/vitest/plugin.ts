import path from 'node:path';
import type {} from 'vitest/config';
import type { Vite } from 'vitest/node';
import { AgentProofBenchReporter } from '../../reporters/agentproofbench-reporter.js';
import { chunkDir, chunkNames, writeChunkFiles } from './chunk-files.js';
import {
  type AgentProofBenchOptions,
  DEFAULT_PROJECT_NAME,
  type ResolvedBenchOptions,
  resolveBenchOptions,
} from './options.js';
import { PROVIDED_OPTIONS_KEY, PROVIDED_PROBLEM_KEY } from './provided.js';
import { planRun, type RunPlan } from './run-plan.js';

/** Globs that should re-run the generated cases in watch mode: verifier files and the pack. */
function watchedGlobs(options: ResolvedBenchOptions, packDir: string): string[] {
  const pack = packDir ? [`${packDir}/**`] : [];
  const verifiers = options.programs.map((program) =>
    program.pattern.replaceAll('{task}', '*').replaceAll('{replica}', '*'),
  );
  // Relative imports of a verifier (helpers next to it) count too.
  const folders = options.programs.map((program) => `${path.dirname(program.pattern)}/**`);
  return [...new Set([...verifiers, ...folders, ...pack])];
}

/**
 * The Vite plugin behind `defineAgentProofBenchProject`: generates the chunk files in
 * `.agentproofbench/<project>/` of the root (as many as the run needs, so every chunk has
 * tasks and `--shard` splits them, each named after its tasks), provides the resolved
 * options to them, adds the reporter, and makes verifier and pack changes re-run the
 * project in watch mode.
 */
export function agentProofBenchPlugin(options: AgentProofBenchOptions): Vite.Plugin {
  let resolved: ResolvedBenchOptions | undefined;
  let problem: string | undefined;
  let packDir = '';
  return {
    name: 'agentproofbench',
    async config(config) {
      const root = path.resolve(config.root ?? process.cwd());
      // Invalid options, or a plan that fails (no verifier files yet, a broken pack), must
      // not stop other projects such as `--project unit`, nor reach the user as a stack
      // through Vite and Vitest: run one chunk, which reports the message as a failed test
      // of this project only (docs/errors in README).
      let chunks = 1;
      let plan: RunPlan | undefined;
      try {
        resolved = resolveBenchOptions(options, root);
      } catch (error) {
        problem = (error as Error).message;
      }
      if (resolved) {
        try {
          plan = await planRun(resolved);
          packDir = plan.pack.dir;
          chunks = plan.chunks;
        } catch {}
        // Later plans (each chunk file, the reporter, watch re-runs) spread over these files.
        resolved = { ...resolved, chunkFiles: chunks };
      }
      const name = resolved?.name ?? options.name ?? DEFAULT_PROJECT_NAME;
      // Generated in the user's root, named after their tasks, so that test locations and
      // JUnit class names point at something the user recognises, not into the package.
      const dir = chunkDir(root, name);
      const include = chunkNames(plan, chunks);
      writeChunkFiles(dir, include);
      return {
        test: {
          name,
          dir,
          include,
          exclude: [],
          // Cases of a chunk run concurrently, at most `concurrency` at once (docs/benchmark.md).
          ...(resolved && resolved.concurrency > 1
            ? { sequence: { concurrent: true }, maxConcurrency: resolved.concurrency }
            : {}),
          // The registration lives in the package (node_modules when installed): Vitest must transform it.
          server: { deps: { inline: [/agentproofbench[\\/]/] } },
        },
      };
    },
    configureVitest({ project, vitest }) {
      if (problem !== undefined) {
        project.provide(PROVIDED_PROBLEM_KEY, problem);
        return;
      }
      if (!resolved)
        throw new Error('agentproofbench: the plugin was not configured (config hook did not run)');
      project.provide(PROVIDED_OPTIONS_KEY, resolved);
      // First, so its gate cases exist before JUnit and the others read the modules.
      vitest.config.reporters.unshift(new AgentProofBenchReporter(resolved));
      vitest.config.forceRerunTriggers.push(...watchedGlobs(resolved, packDir));
      // Vite watches only the project root, and its watcher takes folders, not globs: add
      // the verifier and pack folders so their changes reach the triggers above.
      vitest.vite.watcher.add([
        ...new Set([
          ...resolved.programs.map((program) => path.dirname(program.pattern)),
          ...(packDir ? [packDir] : []),
        ]),
      ]);
    },
  };
}
