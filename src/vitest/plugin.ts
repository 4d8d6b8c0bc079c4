import path from 'node:path';
import type {} from 'vitest/config';
import type { Vite } from 'vitest/node';
import { explainResults, prepareCaseExplanations } from '../../matchers/recorded-explanations.js';
import { AgentProofBenchReporter } from '../../reporters/agentproofbench-reporter.js';
import { verifierFilePattern } from '../evaluation/programs.js';
import {
  type AgentProofBenchOptions,
  DEFAULT_PROJECT_NAME,
  type ResolvedOptions,
  resolveOptions,
} from '../run/options.js';
import { handOffPlan, handOffPlanError } from '../run/plan-handoff.js';
import { CHUNK_COUNT, planRun, type RunPlan } from '../run/run-plan.js';
import {
  type ChunkFolder,
  chunkNames,
  claimChunkDir,
  registrationDeps,
  writeChunkFiles,
} from './chunk-files.js';
import { HandoffFiles, type PlanHandoffRef } from './handoff-file.js';
import { PROVIDED_OPTIONS_KEY, PROVIDED_PLAN_KEY, PROVIDED_PROBLEM_KEY } from './provided.js';

/** Globs that should re-run the generated cases in watch mode: verifier files and the pack. */
function watchedGlobs(options: ResolvedOptions, packDir: string): string[] {
  const pack = packDir ? [`${packDir}/**`] : [];
  const files = options.programs.map((program) => verifierFilePattern(program.pattern));
  const verifiers = files.map((file) =>
    file.replaceAll('{task}', '*').replaceAll('{replica}', '*'),
  );
  // Relative imports of a verifier (helpers next to it) count too.
  const folders = files.map((file) => `${path.dirname(file)}/**`);
  return [...new Set([...verifiers, ...folders, ...pack])];
}

type Planned = { ok: true; plan: RunPlan } | { ok: false; error: unknown };

/**
 * `npm run bench` measures today's run against the run before issue 18 (bench/speed.bench.ts)
 * with this variable set: then, as then, the project runs CHUNK_COUNT chunk files through
 * Vite's transform, each chunk file loads the pack and qualifies its own tasks again, the
 * reporter plans once more, and nothing is cached. The verdicts and the report are the same.
 */
const BASELINE = process.env.AGENTPROOFBENCH_BENCH_BASELINE === 'plan-per-chunk';

/**
 * The Vite plugin behind `defineAgentProofBenchProject`: plans the run once (docs/
 * architecture.md, "One plan per process"), generates the chunk files in
 * `.agentproofbench/<project>/` of the root (each named after its tasks), provides options
 * and plan to them and the plan to the reporter, and makes verifier and pack changes re-run
 * the project in watch mode. There are up to CHUNK_COUNT chunk files (never more than the
 * tasks), the same on every machine, so that shards split them; the project does not isolate
 * them, so a test worker that finishes one goes on to the next in the same process and the
 * workers share the run out between them (docs/architecture.md).
 */
export function agentProofBenchPlugin(options: AgentProofBenchOptions): Vite.Plugin {
  let resolved: ResolvedOptions | undefined;
  let problem: string | undefined;
  let planned: Planned = { ok: false, error: new Error('the run was not planned yet') };
  let folder: (ChunkFolder & { for: string }) | undefined;
  let dir = '';
  let generation = 0;
  const plan = async (maxChunks: number): Promise<Planned> => {
    try {
      return { ok: true, plan: await planRun(resolved!, maxChunks) };
    } catch (error) {
      return { ok: false, error };
    }
  };
  const handoffs = new HandoffFiles();
  const handoff = (): PlanHandoffRef => {
    const id = `${process.pid}:${++generation}`;
    return handoffs.write(
      planned.ok ? handOffPlan(id, planned.plan) : handOffPlanError(id, planned.error),
    );
  };
  return {
    name: 'agentproofbench',
    async config(config) {
      const root = path.resolve(config.root ?? process.cwd());
      // Invalid options, or a plan that fails (no verifier files yet, a broken pack), must
      // not stop other projects such as `--project unit`, nor reach the user as a stack
      // through Vite and Vitest: run one chunk, which reports the message as a failed test
      // of this project only (docs/errors in README).
      try {
        resolved = resolveOptions(options, root);
        if (BASELINE) resolved = { ...resolved, planCache: false, replanInChunks: true };
      } catch (error) {
        problem = (error as Error).message;
      }
      if (resolved) planned = await plan(CHUNK_COUNT);
      const name = resolved?.name ?? options.name ?? DEFAULT_PROJECT_NAME;
      // Generated in the user's root, named after their tasks, so that test locations and
      // JUnit class names point at something the user recognises, not into the package;
      // in a folder this run holds, so a second run in the same root never touches them.
      if (folder?.for !== `${root}\0${name}`) {
        folder?.release();
        folder = { ...claimChunkDir(root, name), for: `${root}\0${name}` };
      }
      dir = folder.dir;
      const include = planned.ok
        ? chunkNames(planned.plan, planned.plan.chunks)
        : chunkNames(undefined, 1);
      writeChunkFiles(dir, include);
      return {
        test: {
          name,
          dir,
          include,
          exclude: [],
          // A worker runs chunk file after chunk file in one process (the plan revived once,
          // the library imported once): more chunk files than workers then cost a few
          // milliseconds each, and a worker that is done early takes the next one.
          // The baseline keeps a process per chunk file, as before.
          isolate: BASELINE,
          // Cases of a chunk run concurrently, at most `concurrency` at once (docs/benchmark.md).
          ...(resolved && resolved.concurrency > 1
            ? { sequence: { concurrent: true }, maxConcurrency: resolved.concurrency }
            : {}),
          server: { deps: BASELINE ? registrationDeps('transformed') : registrationDeps() },
        },
      };
    },
    configureVitest({ project, vitest }) {
      // The chunk folder is this run's until Vitest closes (watch mode: until it quits).
      vitest.onClose(() => folder?.release());
      if (problem !== undefined) {
        project.provide(PROVIDED_PROBLEM_KEY, problem);
        return;
      }
      if (!resolved)
        throw new Error('agentproofbench: the plugin was not configured (config hook did not run)');
      const chunks = planned.ok ? planned.plan.chunks : 1;
      const packDir = planned.ok ? planned.plan.pack.dir : '';
      // Later plans (watch re-runs) spread over the chunk files that run.
      const options: ResolvedOptions = { ...resolved, chunkFiles: chunks };
      project.provide(PROVIDED_OPTIONS_KEY, options);
      const tell = () => {
        for (const notice of planned.ok ? (planned.plan.notices ?? []) : [])
          vitest.logger.warn(notice);
      };
      tell();
      project.provide(PROVIDED_PLAN_KEY, handoff());
      vitest.onClose(() => handoffs.close());
      // First, so its gate cases exist before JUnit and the others read the modules.
      vitest.config.reporters.unshift(
        new AgentProofBenchReporter(
          options,
          async () => {
            if (BASELINE) return planRun(options);
            if (!planned.ok) throw planned.error;
            return planned.plan;
          },
          explainResults,
          BASELINE ? undefined : prepareCaseExplanations,
        ),
      );
      // Watch mode: a changed pack or a new verifier file changes the plan. Plan again
      // before the rerun starts (Vitest awaits this), over the chunk files already running.
      vitest.onTestsRerun(async () => {
        planned = await plan(chunks);
        tell();
        project.provide(PROVIDED_PLAN_KEY, handoff());
      });
      // The chunk files are written by this plugin, not edited by the user: their creation
      // (after Vite's watcher started) must not schedule a rerun of its own.
      vitest.vite.watcher.unwatch(dir);
      vitest.config.forceRerunTriggers.push(...watchedGlobs(options, packDir));
      // Vite watches only the project root, and its watcher takes folders, not globs: add
      // the verifier and pack folders so their changes reach the triggers above.
      vitest.vite.watcher.add([
        ...new Set([
          ...options.programs.map((program) => path.dirname(verifierFilePattern(program.pattern))),
          ...(packDir ? [packDir] : []),
        ]),
      ]);
    },
  };
}
