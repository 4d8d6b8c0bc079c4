import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {} from 'vitest/config';
import type { TestProject, Vite, Vitest } from 'vitest/node';
import { AgentProofBenchReporter } from '../../reporters/agentproofbench-reporter.js';
import {
  type AgentProofBenchOptions,
  type ResolvedOptions,
  resolveOptions,
} from '../run/options.js';
import { handOffPlan, handOffPlanError, type PlanHandoff } from '../run/plan-handoff.js';
import { CHUNK_COUNT, inChunks, planRun, type RunPlan } from '../run/run-plan.js';
import { PROVIDED_OPTIONS_KEY, PROVIDED_PLAN_KEY } from './provided.js';

/** The shipped chunk files: `src/vitest/chunks/*.test.ts` from source, `dist/src/vitest/chunks/*.test.js` when built. */
export function chunkFiles(): { dir: string; extension: 'ts' | 'js' } {
  const here = fileURLToPath(import.meta.url);
  return {
    dir: path.join(path.dirname(here), 'chunks'),
    extension: here.endsWith('.ts') ? 'ts' : 'js',
  };
}

/** Globs that should re-run the generated cases in watch mode: verifier files and the pack. */
function watchedGlobs(options: ResolvedOptions, packDir: string): string[] {
  const pack = packDir ? [`${packDir}/**`] : [];
  const verifiers = options.programs.map((program) =>
    program.pattern.replaceAll('{task}', '*').replaceAll('{replica}', '*'),
  );
  // Relative imports of a verifier (helpers next to it) count too.
  const folders = options.programs.map((program) => `${path.dirname(program.pattern)}/**`);
  return [...new Set([...verifiers, ...folders, ...pack])];
}

/** Test workers Vitest runs this project with (its own resolution of `maxWorkers`). */
function workerCount(project: TestProject, vitest: Vitest): number {
  const configured = project.config.maxWorkers || vitest.config.maxWorkers;
  if (typeof configured === 'number' && configured > 0) return configured;
  const cpus = availableParallelism();
  return vitest.config.watch ? Math.max(Math.floor(cpus / 2), 1) : Math.max(cpus - 1, 1);
}

/**
 * The Vite plugin behind `defineAgentProofBenchProject`: points the project at the shipped
 * chunk files, plans the run once, provides options and plan to the chunk files and the
 * reporter, and makes verifier and pack changes re-run the project in watch mode. A chunk
 * file is a test worker process of its own, so without `--shard` the project runs only as
 * many as there are workers (never more than the tasks); under `--shard` it runs up to
 * CHUNK_COUNT, the same on every shard, so that `--shard` can split them.
 */
export function agentProofBenchPlugin(options: AgentProofBenchOptions): Vite.Plugin {
  let resolved: ResolvedOptions | undefined;
  let planned: Planned = { ok: false, error: new Error('the run was not planned yet') };
  let generation = 0;
  const plan = async (maxChunks: number): Promise<Planned> => {
    try {
      return { ok: true, plan: await planRun(resolved!, maxChunks) };
    } catch (error) {
      return { ok: false, error };
    }
  };
  const handoff = (): PlanHandoff => {
    const id = `${process.pid}:${++generation}`;
    return planned.ok ? handOffPlan(id, planned.plan) : handOffPlanError(id, planned.error);
  };
  return {
    name: 'agentproofbench',
    async config(config) {
      const root = path.resolve(config.root ?? process.cwd());
      resolved = resolveOptions(options, root);
      // A plan that fails (no verifier files yet, a broken pack) must not stop other
      // projects such as `--project unit`: run one chunk, which fails with the planner's
      // message inside this project only.
      planned = await plan(CHUNK_COUNT);
      const { dir, extension } = chunkFiles();
      return {
        test: {
          name: resolved.name,
          dir,
          include: chunkNames(planned.ok ? planned.plan.chunks : 1, extension),
          exclude: [],
          // The chunk files live in the package (node_modules when installed): Vitest must transform them.
          server: { deps: { inline: [/agentproofbench[\\/]/, dir] } },
        },
      };
    },
    configureVitest({ project, vitest }) {
      if (!resolved)
        throw new Error('agentproofbench: the plugin was not configured (config hook did not run)');
      const options = resolved;
      if (planned.ok) {
        // Shards may run on machines with other worker counts: there every shard must see the
        // same chunk files, so the split depends on the tasks only.
        const needed = vitest.config.shard ? CHUNK_COUNT : workerCount(project, vitest);
        planned = { ok: true, plan: inChunks(planned.plan, needed) };
        project.config.include = chunkNames(planned.plan.chunks, chunkFiles().extension);
      }
      const chunks = planned.ok ? planned.plan.chunks : 1;
      const packDir = planned.ok ? planned.plan.pack.dir : '';
      project.provide(PROVIDED_OPTIONS_KEY, options);
      project.provide(PROVIDED_PLAN_KEY, handoff());
      vitest.config.reporters.push(
        new AgentProofBenchReporter(options, async () => {
          if (!planned.ok) throw planned.error;
          return planned.plan;
        }),
      );
      // Watch mode: a changed pack or a new verifier file changes the plan. Plan again
      // before the rerun starts (Vitest awaits this), over the chunk files already running.
      vitest.onTestsRerun(async () => {
        planned = await plan(chunks);
        project.provide(PROVIDED_PLAN_KEY, handoff());
      });
      vitest.config.forceRerunTriggers.push(...watchedGlobs(options, packDir));
      // Vite watches only the project root, and its watcher takes folders, not globs: add
      // the verifier and pack folders so their changes reach the triggers above.
      vitest.vite.watcher.add([
        ...new Set([
          ...options.programs.map((program) => path.dirname(program.pattern)),
          ...(packDir ? [packDir] : []),
        ]),
      ]);
    },
  };
}

type Planned = { ok: true; plan: RunPlan } | { ok: false; error: unknown };

function chunkNames(chunks: number, extension: 'ts' | 'js'): string[] {
  return Array.from({ length: chunks }, (_, index) => `chunk-${index}.test.${extension}`);
}
