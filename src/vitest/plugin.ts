import path from 'node:path';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import type { Reporter, TestProject, Vite, Vitest } from 'vitest/node';
import {
  AgentProofBenchReporter,
  type ReportListener,
} from '../../reporters/agentproofbench-reporter.js';
import { AgentProofBenchError } from '../contract/error.js';
import { verifierFilePattern } from '../evaluation/programs.js';
import { prepareCaseExplanations } from '../report/recorded-explanations.js';
import {
  type AgentProofBenchOptions,
  DEFAULT_PROJECT_NAME,
  type ResolvedOptions,
  resolveOptions,
} from '../run/options.js';
import { HandoffFiles, type PlanHandoffRef, type PlanOutcome } from '../run/plan-handoff.js';
import { CHUNK_COUNT, planRun, type RunPlan } from '../run/run-plan.js';
import { NO_NODE_SNAPSHOT } from '../sandbox/isolate/node-snapshot.js';
import {
  type ChunkFolder,
  chunkNames,
  claimChunkDir,
  registrationDeps,
  writeChunkFiles,
} from './chunk-files.js';
import { PROVIDED_OPTIONS_KEY, PROVIDED_PLAN_KEY, PROVIDED_PROBLEM_KEY } from './provided.js';
import { verifierSources } from './verifier-imports.js';
import { WatchedChunks } from './watch-chunks.js';

/** Folders whose files make verifiers: the verifier patterns' folders (relative helpers count too). */
function verifierFolders(options: ResolvedOptions): string[] {
  return [
    ...new Set(
      options.programs.map((program) => path.dirname(verifierFilePattern(program.pattern))),
    ),
  ];
}

/** By file, the tasks whose verifiers are made of it (itself or a helper it imports, verifier-imports.ts). */
const sourceIndexes = new WeakMap<RunPlan, Map<string, Set<string>>>();
function sourceIndex(plan: RunPlan): Map<string, Set<string>> {
  let index = sourceIndexes.get(plan);
  if (!index) {
    index = new Map();
    for (const planned of plan.tasks)
      for (const entry of planned.programs)
        for (const file of verifierSources(verifierFilePattern(entry.module))) {
          if (!index.has(file)) index.set(file, new Set());
          index.get(file)!.add(planned.task.id);
        }
    sourceIndexes.set(plan, index);
  }
  return index;
}

/** The tasks whose verifiers are made of `file`. */
function tasksMadeOf(plan: RunPlan | undefined, file: string): string[] {
  return plan ? [...(sourceIndex(plan).get(file) ?? [])] : [];
}

/**
 * The Vite plugin behind `defineAgentProofBenchProject`: plans the run once (docs/
 * architecture.md, "One plan per process"), generates the chunk files in
 * `.agentproofbench/<project>/` of the root (each named after its tasks), provides options
 * and plan to them and the plan to the reporter, and in watch mode re-runs a task's chunk
 * file when its verifier changes (docs/architecture.md, "Watch mode"). There are up to CHUNK_COUNT chunk files (never more than the
 * tasks), the same on every machine, so that shards split them; the project does not isolate
 * them, so a test worker that finishes one goes on to the next in the same process and the
 * workers share the run out between them (docs/architecture.md).
 */
export function agentProofBenchPlugin(options: AgentProofBenchOptions): Vite.Plugin {
  return runPlugin(options, {});
}

/** What `agentproofbench run` hands its project beside the options (never a user's option). */
export interface RunHooks {
  /** Hears of each report as it is made, and gets the run's timing marks. */
  listener?: ReportListener;
  /** These options, resolved, and their plan (CHUNK_COUNT chunks), made in this process: the project's first plan. */
  planned?: { options: ResolvedOptions; plan: RunPlan };
}

/** `defineAgentProofBenchProject` with the hooks `agentproofbench run` gives its plugin. */
export function runProject(
  options: AgentProofBenchOptions,
  hooks: RunHooks,
): TestProjectInlineConfiguration {
  return {
    plugins: [runPlugin(options, hooks)],
    test: {
      name: options.name ?? DEFAULT_PROJECT_NAME,
      // One evaluation can take up to the runtime's timeout; leave room for it.
      testTimeout: (options.limits?.timeoutMs ?? 60_000) + 30_000,
      hookTimeout: 120_000,
    },
  };
}

/** `agentProofBenchPlugin` with the hooks `agentproofbench run` gives it. */
export function runPlugin(options: AgentProofBenchOptions, hooks: RunHooks): Vite.Plugin {
  let resolved: ResolvedOptions | undefined;
  let given = hooks.planned;
  let problem: string | undefined;
  let planned: PlanOutcome = { ok: false, error: new Error('the run was not planned yet') };
  let folder: (ChunkFolder & { for: string }) | undefined;
  let dir = '';
  let generation = 0;
  const plan = async (maxChunks: number): Promise<PlanOutcome> => {
    try {
      return { ok: true, plan: await planRun(resolved!, maxChunks) };
    } catch (error) {
      return { ok: false, error };
    }
  };
  const handoffs = new HandoffFiles();
  const handoff = (): PlanHandoffRef => handoffs.write(`${process.pid}:${++generation}`, planned);
  return {
    name: 'agentproofbench',
    async config(config) {
      const root = path.resolve(config.root ?? process.cwd());
      // Invalid options, or a plan that fails (no verifier files yet, a broken pack), must
      // not stop other projects such as `--project unit`, nor reach the user as a stack
      // through Vite and Vitest: run one chunk, which reports the message as a failed test
      // of this project only (docs/errors in README).
      // `agentproofbench run` resolved the options and planned already, to check the
      // set-up before starting Vitest: that plan is the first, not made again.
      const made = given?.options.root === root ? given : undefined;
      given = undefined;
      try {
        resolved = made?.options ?? resolveOptions(options, root);
      } catch (error) {
        problem = (error as Error).message;
      }
      if (made) planned = { ok: true, plan: made.plan };
      else if (resolved) planned = await plan(CHUNK_COUNT);
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
          isolate: false,
          // The workers create isolates: Node's startup snapshot off (node-snapshot.ts). A
          // worker thread cannot take the flag; under `threads` the runtime warns instead.
          ...(needsNoSnapshotFlag(config.test) ? { execArgv: [NO_NODE_SNAPSHOT] } : {}),
          // Cases of a chunk run concurrently, at most `concurrency` at once (docs/benchmark.md).
          ...(resolved && resolved.concurrency > 1
            ? { sequence: { concurrent: true }, maxConcurrency: resolved.concurrency }
            : {}),
          server: { deps: registrationDeps() },
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
        throw new AgentProofBenchError(
          'APB_PLAN',
          'agentproofbench: the plugin was not configured (config hook did not run)',
          {
            fix: 'add the project with defineAgentProofBenchProject (or agentProofBenchPlugin) so that Vitest runs its config hook',
          },
        );
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
            if (!planned.ok) throw planned.error;
            return planned.plan;
          },
          undefined, // the report model's own explanations (explainResults), the reporter's default
          prepareCaseExplanations,
          hooks.listener,
        ),
      );
      // A handoff replaced while a run went on is read by that run's later chunk files
      // (src/run/plan-handoff.ts): removed only once the run has ended.
      const pruneHandoffs: Reporter = { onTestRunEnd: () => handoffs.prune() };
      vitest.config.reporters.push(pruneHandoffs);
      // The chunk files are written by this plugin, not edited by the user: their creation
      // (after Vite's watcher started) must not schedule a rerun of its own.
      vitest.vite.watcher.unwatch(dir);
      // A changed pack changes every task: Vitest re-runs every chunk file, and the plugin
      // plans again before the rerun starts (Vitest awaits this).
      if (packDir) vitest.config.forceRerunTriggers.push(`${packDir}/**`);
      // Vite watches only the project root, and its watcher takes folders, not globs: add
      // the verifier and pack folders so their changes reach the plugin and the triggers.
      const folders = verifierFolders(options);
      vitest.vite.watcher.add([...new Set([...folders, ...(packDir ? [packDir] : [])])]);
      if (!vitest.config.watch || !planned.ok) {
        // A project that could not plan (no verifier yet) has its one `setup` file: any
        // verifier change re-runs it, and the plan made then runs there.
        if (!planned.ok)
          vitest.config.forceRerunTriggers.push(...folders.map((folder) => `${folder}/**`));
        vitest.onTestsRerun(async () => {
          planned = await plan(chunks);
          tell();
          project.provide(PROVIDED_PLAN_KEY, handoff());
        });
        return;
      }
      const watched = new WatchedChunks(planned.plan);
      let replanned = false;
      vitest.onTestsRerun(async () => {
        // A verifier change was planned already (below); anything else (the pack, a config
        // file, a rerun the user asked for) plans again, each task kept in its file.
        if (replanned) {
          replanned = false;
          return;
        }
        const fresh = await plan(CHUNK_COUNT);
        if (!fresh.ok) {
          planned = fresh;
        } else {
          const changes = watched.replan(fresh.plan);
          planned = { ok: true, plan: changes.plan };
          syncChunkFiles(vitest, project, dir, changes.names, changes.added, changes.removed);
        }
        tell();
        project.provide(PROVIDED_PLAN_KEY, handoff());
      });
      // Watch mode: a verifier file (or a helper it imports) that appears, changes or goes
      // re-runs only the chunk files of the tasks it belongs to (docs/architecture.md,
      // "Watch mode"), one change after the other.
      let queue = Promise.resolve();
      // A file in a verifier folder may be a new verifier; elsewhere, only a file a planned
      // verifier is made of (a helper in a sibling folder) concerns this project.
      const concerns = (file: string) =>
        folders.some((folder) => file.startsWith(`${folder}${path.sep}`)) ||
        tasksMadeOf(planned.ok ? planned.plan : undefined, file).length > 0;
      const onVerifierEvent = (file: string) => {
        if (!concerns(file)) return;
        queue = queue.then(async () => {
          const before = planned.ok ? planned.plan : undefined;
          const fresh = await plan(CHUNK_COUNT);
          const files = new Set<string>();
          if (!fresh.ok) {
            // The plan fails now (the last verifier went): every chunk file says why.
            planned = fresh;
            for (const name of watched.names) if (name) files.add(name);
          } else {
            const changes = watched.replan(fresh.plan);
            planned = { ok: true, plan: changes.plan };
            syncChunkFiles(vitest, project, dir, changes.names, changes.added, changes.removed);
            const tasks = new Set([
              ...changes.changedTasks,
              ...tasksMadeOf(before, file),
              ...tasksMadeOf(changes.plan, file),
            ]);
            for (const name of watched.filesOf(tasks)) files.add(name);
            // A verifier whose task had a file of its own went: nothing of it is left to run,
            // but the report must be written again without it, from the files still there.
            if (files.size === 0 && changes.removed.length > 0)
              for (const name of changes.names) if (name) files.add(name);
          }
          if (files.size === 0) return;
          tell();
          project.provide(PROVIDED_PLAN_KEY, handoff());
          replanned = true;
          for (const name of files) vitest.watcher.changedTests.add(path.join(dir, name));
          scheduleRerun(vitest, file);
        });
      };
      vitest.vite.watcher.on('add', onVerifierEvent);
      vitest.vite.watcher.on('change', onVerifierEvent);
      vitest.vite.watcher.on('unlink', onVerifierEvent);
    },
  };
}

/** Whether the project's fork workers still need the flag (not given, not a thread pool). */
function needsNoSnapshotFlag(test: { pool?: unknown; execArgv?: string[] } | undefined): boolean {
  if (test?.pool === 'threads' || test?.pool === 'vmThreads') return false;
  return !(test?.execArgv ?? []).includes(NO_NODE_SNAPSHOT);
}

/**
 * Write the chunk files of a watch-mode plan and tell Vitest which test files came and
 * went: a new file is matched against the project's include (extended by its name) and
 * so becomes one of its test files; a removed one leaves Vitest's state, with its results.
 */
function syncChunkFiles(
  vitest: Vitest,
  project: TestProject,
  dir: string,
  names: ReadonlyArray<string | undefined>,
  added: readonly string[],
  removed: readonly string[],
): void {
  writeChunkFiles(dir, names);
  for (const name of added) {
    const file = path.join(dir, name);
    if (!project.config.include.includes(name)) project.config.include.push(name);
    project.matchesTestGlob(file);
    // A name used before (a task that went and came back) now registers another chunk:
    // Vite and the workers must not run the file as they loaded it then.
    vitest.invalidateFile(file);
    vitest.watcher.invalidates.add(file);
  }
  for (const name of removed) vitest.watcher.onFileDelete(path.join(dir, name));
}

/**
 * Vitest's own debounced rerun of the test files in `vitest.watcher.changedTests`, labelled
 * with the file that changed (`RERUN verifiers/x.ts`), as its watcher schedules it for a
 * changed test file; it waits for a run in progress. Vitest 4.1 keeps the method private.
 */
function scheduleRerun(vitest: Vitest, trigger: string): void {
  void (vitest as unknown as { scheduleRerun(trigger: string): Promise<void> }).scheduleRerun(
    trigger,
  );
}
