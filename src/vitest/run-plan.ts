import { type ProgramForTask, resolvePrograms } from '../evaluation/programs.js';
import { loadPackOrThrow } from '../pack/load.js';
import type { Pack } from '../pack/pack.js';
import { resolvePackDir } from '../pack/resolve.js';
import { qualifyTask, type TaskQualification } from '../reference/qualify.js';
import type { Task } from '../schema/task.js';
import type { ResolvedBenchOptions } from './options.js';

/** At most this many generated chunk files per run (chunk-files.ts); `--shard` splits a run along them. */
export const CHUNK_COUNT = 8;

export interface PlannedTask {
  task: Task;
  /** Computed on first read: a chunk file qualifies only its own tasks. */
  readonly qualification: TaskQualification;
  /** Programs of every set for this task, in set order then file order. */
  programs: ProgramForTask[];
  /** Which chunk file runs this task's cases. */
  chunk: number;
}

export interface RunPlan {
  pack: Pack;
  /** Tasks that have at least one program, in task-id order. */
  tasks: PlannedTask[];
  /** How many chunk files the run uses (at most CHUNK_COUNT, at least one per task up to it). */
  chunks: number;
}

export class RunPlanError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(`${code}: ${message}`);
    this.name = 'RunPlanError';
    this.code = code;
  }
}

/**
 * What a run evaluates: the pack, the selected tasks that have programs, their
 * qualification, and the chunk of each. The config, every chunk file and the reporter
 * compute the same plan from the same options, so a task always lands in the same chunk
 * (round-robin over task ids in code-unit order).
 */
export async function planRun(options: ResolvedBenchOptions): Promise<RunPlan> {
  const pack = await loadPackOrThrow(resolvePackDir(options.pack, options.root));
  const known = pack.tasks.map((task) => task.id);
  const unknown = (options.tasks ?? []).filter((id) => !known.includes(id));
  if (unknown.length > 0) {
    throw new RunPlanError(
      'APB_UNKNOWN_TASK',
      `pack ${pack.manifest.name} has no task ${unknown.join(', ')} (tasks: ${known.join(', ')})`,
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
    throw new RunPlanError(
      'APB_NO_PROGRAMS',
      `no verifier program matches any selected task (${patterns}; tasks: ${selected.join(', ')}). Create one, e.g. ${example?.replace('{replica}', 'r1')}, or point \`verifier\` at files that exist.`,
    );
  }
  const chunks = options.chunkFiles ?? Math.min(CHUNK_COUNT, withPrograms.length);
  const tasks = withPrograms.map((id, index): PlannedTask => {
    const task = pack.task(id);
    let qualification: TaskQualification | undefined;
    return {
      task,
      get qualification() {
        qualification ??= qualifyTask(pack, task);
        return qualification;
      },
      programs: programs.filter((program) => program.task === id),
      chunk: index % chunks,
    };
  });
  return { pack, tasks, chunks };
}
