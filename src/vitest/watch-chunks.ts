import type { RunPlan } from '../run/run-plan.js';
import { chunkNames } from './chunk-files.js';

/** What a watch-mode plan changed in the chunk files. */
export interface ChunkChanges {
  /** The plan, its tasks in the chunks they ran in before; a new task in a chunk of its own. */
  plan: RunPlan;
  /** Chunk file names by chunk; undefined where a chunk has no task left (its file goes). */
  names: Array<string | undefined>;
  /** Tasks whose programs appeared, went or changed file since the last plan. */
  changedTasks: Set<string>;
  /** Chunk files created and removed by this plan. */
  added: string[];
  removed: string[];
}

const programFiles = (plan: RunPlan, task: string) =>
  JSON.stringify(
    plan.tasks.find((planned) => planned.task.id === task)?.programs.map((p) => p.module) ?? [],
  );

/**
 * The chunk files of a watching run (docs/architecture.md, "Watch mode"). The first plan
 * spreads the tasks as every run does (run-plan.ts, so shards and names stay as they are);
 * later plans keep each task in the chunk file it ran in, give a task that was not planned
 * a chunk file of its own named after it, and drop a chunk file once none of its tasks is
 * planned, so a rerun touches only the files of the tasks that changed.
 */
export class WatchedChunks {
  #plan: RunPlan;
  #names: Array<string | undefined>;
  #chunkOf = new Map<string, number>();

  constructor(first: RunPlan) {
    this.#plan = first;
    this.#names = chunkNames(first, first.chunks);
    for (const planned of first.tasks) this.#chunkOf.set(planned.task.id, planned.chunk);
  }

  /** The chunk file names by chunk (undefined where the chunk's file was dropped). */
  get names(): ReadonlyArray<string | undefined> {
    return this.#names;
  }

  /** The chunk file names that hold any of `tasks`. */
  filesOf(tasks: Iterable<string>): string[] {
    const files = new Set<string>();
    for (const task of tasks) {
      const chunk = this.#chunkOf.get(task);
      const name = chunk === undefined ? undefined : this.#names[chunk];
      if (name) files.add(name);
    }
    return [...files];
  }

  /** Fit a new plan (from planRun) into the chunk files, keeping every known task where it was. */
  replan(fresh: RunPlan): ChunkChanges {
    const before = this.#plan;
    const names = [...this.#names];
    const added: string[] = [];
    const chunkOf = new Map<string, number>();
    for (const planned of fresh.tasks) {
      const id = planned.task.id;
      let chunk = this.#chunkOf.get(id);
      if (chunk === undefined || names[chunk] === undefined) {
        chunk = names.length;
        let name = `${id}.test.mjs`;
        // A task id that is also another chunk's name (`a+b`…) cannot reuse it.
        for (let n = 2; names.includes(name); n++) name = `${id}.${n}.test.mjs`;
        names.push(name);
        added.push(name);
      }
      chunkOf.set(id, chunk);
    }
    const removed: string[] = [];
    for (const [chunk, name] of names.entries()) {
      if (name === undefined) continue;
      if (![...chunkOf.values()].includes(chunk)) {
        removed.push(name);
        names[chunk] = undefined;
      }
    }
    const ids = new Set([...before.tasks, ...fresh.tasks].map((planned) => planned.task.id));
    const changedTasks = new Set(
      [...ids].filter((id) => programFiles(before, id) !== programFiles(fresh, id)),
    );
    const plan: RunPlan = {
      ...fresh,
      tasks: fresh.tasks.map((planned) => ({ ...planned, chunk: chunkOf.get(planned.task.id)! })),
      chunks: names.length,
    };
    this.#plan = plan;
    this.#names = names;
    this.#chunkOf = chunkOf;
    return { plan, names, changedTasks, added, removed };
  }
}
