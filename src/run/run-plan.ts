import { AgentProofBenchError } from '../contract/error.js';
import { type VerifierTask, verifierTaskOfTask } from '../contract/public-task.js';
import { type ProgramForTask, resolvePrograms } from '../evaluation/programs.js';
import { chainsOfTask, type TaskChains } from '../execution/chain.js';
import { loadPackOrThrow } from '../pack/load.js';
import type { Pack } from '../pack/pack.js';
import { qualifyTask, type TaskQualification } from '../pack/qualify.js';
import { resolvePackDir } from '../pack/resolve.js';
import type { Task } from '../schema/task.js';
import type { ResolvedOptions } from './options.js';
import { openPlanCache, type PlanCompanions, type TaskAnalysis } from './plan-cache.js';

/** At most this many generated chunk files per run (chunk-files.ts); `--shard` splits a run along them. */
export const CHUNK_COUNT = 8;

export interface PlannedTask {
  task: Task;
  /**
   * The task as its verifiers get it, the frozen view and its JSON text, made once with the
   * plan: every case of the task hands it on as it is (evaluatePlannedCase).
   */
  view: VerifierTask;
  qualification: TaskQualification;
  /** Programs of every set for this task, in set order then file order. */
  programs: ProgramForTask[];
  /** Recorded executions, labelled by the reference (empty for an unqualified task). */
  executions: TaskChains;
  /** The online gate's program for this task, when the run has one. */
  onlineGate: ProgramForTask | undefined;
  /** Which chunk file runs this task's cases. */
  chunk: number;
}

export interface RunPlan {
  pack: Pack;
  /** Tasks that have at least one program, in task-id order. */
  tasks: PlannedTask[];
  /** How many chunk files the run uses (at most CHUNK_COUNT, at least one task each). */
  chunks: number;
  /**
   * Values kept beside the plan's cache entry by the layers above (the case explanations);
   * undefined when the plan is not cached. Never handed to the workers.
   */
  companions?: PlanCompanions;
  /** What planning tells the user (a plan cache entry that failed its check and was replaced). */
  notices?: string[];
}

/**
 * What a run evaluates: the pack, the selected tasks that have programs, their
 * qualification, and the chunk of each. Loading and qualifying the pack is the costly part:
 * the plugin plans once per process and hands the plan to the chunk files and the reporter
 * (see plan-handoff.ts). Tasks go round-robin over `maxChunks` chunk files in task-id order
 * (code units), so a task always lands in the same chunk for the same chunk count.
 */
export async function planRun(
  options: ResolvedOptions,
  maxChunks: number = options.chunkFiles ?? CHUNK_COUNT,
): Promise<RunPlan> {
  const packDir = resolvePackDir(options.pack, options.root);
  const cache = options.planCache ? await openPlanCache(options.root, packDir) : undefined;
  // Without an entry, load the very bytes the key was computed from: a pack edited while it
  // loads would otherwise be stored under the key of its earlier content.
  const snapshot = cache?.takeSnapshot();
  const pack = cache?.pack ?? (await loadPackOrThrow(packDir, { snapshot }));
  const known = pack.tasks.map((task) => task.id);
  const unknown = (options.tasks ?? []).filter((id) => !known.includes(id));
  if (unknown.length > 0) {
    throw new AgentProofBenchError(
      'APB_UNKNOWN_TASK',
      `pack ${pack.manifest.name} has no task ${unknown.join(', ')} (tasks: ${known.join(', ')})`,
      { fix: 'list only task ids of the pack in `tasks` (or --task), or drop the option' },
    );
  }
  const selected = (
    options.tasks ? known.filter((id) => options.tasks!.includes(id)) : known
  ).sort();
  const programs = options.programs.flatMap(({ pattern, ...set }) =>
    resolvePrograms(pattern, selected, { ...set, cwd: options.root }),
  );
  const withPrograms = selected.filter((id) => programs.some((program) => program.task === id));
  if (withPrograms.length === 0) {
    const patterns = options.programs.map((program) => program.pattern).join(', ');
    const example = options.programs[0]?.pattern.replace('{task}', selected[0] ?? 'task');
    throw new AgentProofBenchError(
      'APB_NO_PROGRAMS',
      `no verifier program matches any selected task (${patterns}; tasks: ${selected.join(', ')})`,
      {
        fix: `create one, e.g. ${example?.replace('{replica}', 'r1')}, or point \`verifier\` at files that exist`,
      },
    );
  }
  const onlineGates = options.onlineGate
    ? resolvePrograms(options.onlineGate, withPrograms, { set: 'online-gate', cwd: options.root })
    : [];
  const analysed = new Map<string, TaskAnalysis>();
  const tasks = withPrograms.map((id): PlannedTask => {
    const task = pack.task(id);
    let analysis = cache?.analysis(id);
    if (!analysis) {
      analysis = analyseTask(pack, task);
      analysed.set(id, analysis);
    }
    return {
      task,
      view: verifierTaskOfTask(task),
      ...analysis,
      onlineGate: onlineGates.find((program) => program.task === id),
      programs: programs.filter((program) => program.task === id),
      chunk: 0,
    };
  });
  if (cache && (!cache.pack || analysed.size > 0)) await cache.save(pack, analysed);
  return inChunks(
    {
      pack,
      tasks,
      chunks: 1,
      notices: cache?.notice ? [cache.notice] : [],
      ...(cache ? { companions: cache } : {}),
    },
    maxChunks,
  );
}

/** What the plan knows of a task from the pack alone (the plan cache keeps it). */
function analyseTask(pack: Pack, task: Task): TaskAnalysis {
  const qualification = qualifyTask(pack, task);
  return {
    qualification,
    // Labelled once here, in the planning process: the chunk files and the reporter
    // both read them (docs/architecture.md, one plan per process).
    executions:
      qualification.qualified && pack.executions.has(task.id)
        ? chainsOfTask(pack, task)
        : { chains: [], problems: [] },
  };
}

/** The same plan spread over at most `maxChunks` chunk files (at least one task in each). */
export function inChunks(plan: RunPlan, maxChunks: number): RunPlan {
  const chunks = Math.max(1, Math.min(CHUNK_COUNT, maxChunks, plan.tasks.length));
  return {
    ...plan,
    tasks: plan.tasks.map((planned, index) => ({ ...planned, chunk: index % chunks })),
    chunks,
  };
}
