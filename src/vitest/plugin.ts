import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {} from 'vitest/config';
import type { Vite } from 'vitest/node';
import { explainResults } from '../../matchers/recorded-explanations.js';
import { AgentProofBenchReporter } from '../../reporters/agentproofbench-reporter.js';
import {
  type AgentProofBenchOptions,
  type ResolvedBenchOptions,
  resolveBenchOptions,
} from './options.js';
import { PROVIDED_OPTIONS_KEY } from './provided.js';
import { planRun } from './run-plan.js';

/** The shipped chunk files: `src/vitest/chunks/*.test.ts` from source, `dist/src/vitest/chunks/*.test.js` when built. */
export function chunkFiles(): { dir: string; extension: 'ts' | 'js' } {
  const here = fileURLToPath(import.meta.url);
  return {
    dir: path.join(path.dirname(here), 'chunks'),
    extension: here.endsWith('.ts') ? 'ts' : 'js',
  };
}

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
 * The Vite plugin behind `defineAgentProofBenchProject`: points the project at the shipped
 * chunk files (as many as the run needs, so every chunk has tasks and `--shard` splits
 * them), provides the resolved options to them, adds the reporter, and makes verifier and
 * pack changes re-run the project in watch mode.
 */
export function agentProofBenchPlugin(options: AgentProofBenchOptions): Vite.Plugin {
  let resolved: ResolvedBenchOptions | undefined;
  let packDir = '';
  return {
    name: 'agentproofbench',
    async config(config) {
      const root = path.resolve(config.root ?? process.cwd());
      resolved = resolveBenchOptions(options, root);
      // A plan that fails (no verifier files yet, a broken pack) must not stop other
      // projects such as `--project unit`: run one chunk, which plans again and fails
      // with the same message inside this project only.
      let chunks = 1;
      try {
        const plan = await planRun(resolved);
        packDir = plan.pack.dir;
        chunks = plan.chunks;
      } catch {}
      const { dir, extension } = chunkFiles();
      const chunkNames = Array.from(
        { length: chunks },
        (_, index) => `chunk-${index}.test.${extension}`,
      );
      return {
        test: {
          name: resolved.name,
          dir,
          include: chunkNames,
          exclude: [],
          // The chunk files live in the package (node_modules when installed): Vitest must transform them.
          server: { deps: { inline: [/agentproofbench[\\/]/, dir] } },
        },
      };
    },
    configureVitest({ project, vitest }) {
      if (!resolved)
        throw new Error('agentproofbench: the plugin was not configured (config hook did not run)');
      project.provide(PROVIDED_OPTIONS_KEY, resolved);
      vitest.config.reporters.push(new AgentProofBenchReporter(resolved, explainResults));
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
