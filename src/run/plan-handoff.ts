import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AgentProofBenchError, type ErrorCode } from '../contract/error.js';
import { verifierTaskOfTask } from '../contract/public-task.js';
import { Pack } from '../pack/pack.js';
import type { Executions } from '../schema/execution.js';
import type { Manifest } from '../schema/manifest.js';
import type { Seed } from '../schema/seed.js';
import type { Task } from '../schema/task.js';
import type { PlannedTask, RunPlan } from './run-plan.js';

// The plan's one way from the process that planned to the test workers (docs/
// architecture.md, "One plan per process"): `HandoffFiles.write` turns a plan (or the error
// planning ended in) into JSON in a file, and `readPlanHandoff` turns that file back into
// the plan in a worker. The functions between them are the two halves of the conversion.

/**
 * A run plan as plain JSON, so the process that planned can hand it to the test workers
 * instead of each of them loading and qualifying the pack again: the pack's validated
 * files (recorded executions included), and per planned task its qualification, programs,
 * labelled executions, online gate and chunk. A plan that failed
 * travels as its error, so the project (and only it) fails with the planner's message.
 */
export type PlanHandoff =
  | {
      ok: true;
      /** Changes whenever the plugin plans again (watch mode), so workers know a cached plan is stale. */
      id: string;
      packDir: string;
      manifest: Manifest;
      seeds: Array<[name: string, seed: Seed]>;
      tasks: Task[];
      /** Recorded executions by task id (the execution study; empty when the pack has none). */
      executions: Array<[task: string, executions: Executions]>;
      /** The views are made again from the tasks on the way in (each 7-9 KB of docs; not sent). */
      planned: Array<Omit<PlannedTask, 'task' | 'view'> & { task: string }>;
      chunks: number;
    }
  | { ok: false; id: string; code: ErrorCode; problem: string; fix: string };

export function handOffPlan(id: string, plan: RunPlan): PlanHandoff {
  return {
    ok: true,
    id,
    packDir: plan.pack.dir,
    manifest: plan.pack.manifest,
    seeds: [...plan.pack.seeds],
    tasks: [...plan.pack.tasks],
    executions: [...plan.pack.executions],
    planned: plan.tasks.map(({ view: _view, ...planned }) => ({
      ...planned,
      task: planned.task.id,
    })),
    chunks: plan.chunks,
  };
}

/** A failed plan, for the chunk files to rethrow with the planner's code and fix. */
export function handOffPlanError(id: string, error: unknown): PlanHandoff {
  if (error instanceof AgentProofBenchError)
    return { ok: false, id, code: error.code, problem: error.problem, fix: error.fix };
  return {
    ok: false,
    id,
    code: 'APB_PLAN',
    problem: error instanceof Error ? error.message : String(error),
    fix: 'see the message; the run cannot start until the pack and the verifier option can be planned',
  };
}

/** The plan again, from its handoff. The pack's files were validated when it was planned. */
export function planFromHandoff(handoff: PlanHandoff): RunPlan {
  if (!handoff.ok)
    throw new AgentProofBenchError(handoff.code, handoff.problem, { fix: handoff.fix });
  const pack = new Pack(
    handoff.packDir,
    handoff.manifest,
    new Map(handoff.seeds),
    handoff.tasks,
    new Map(handoff.executions),
  );
  return {
    pack,
    tasks: handoff.planned.map((planned) => {
      const task = pack.task(planned.task);
      return { ...planned, task, view: verifierTaskOfTask(task) };
    }),
    chunks: handoff.chunks,
  };
}

/** What planning gave: the plan, or the error it ended in (handed on for the chunk files to throw). */
export type PlanOutcome = { ok: true; plan: RunPlan } | { ok: false; error: unknown };

/** What the chunk files are provided instead of the plan itself: where to read it, and its id. */
export interface PlanHandoffRef {
  /** The handoff's id: a worker that revived this plan already does not read the file again. */
  id: string;
  file: string;
}

/**
 * The plan's handoff as a file the test workers read, one per planning. Vitest sends every
 * provided value again with each test file it starts in a worker, and the chunk files do not
 * isolate (src/vitest/plugin.ts), so a plan of megabytes provided directly would be
 * serialised, sent and parsed once per chunk file; read from a file, each worker parses it
 * once. The files live in a private temporary folder, removed when the run closes or the
 * process exits.
 *
 * In watch mode a verifier change plans again while a run may still be going, and that run's
 * later chunk files read the handoff they were given at its start: an earlier file is kept
 * until `prune()`, which the plugin calls once a run has ended.
 */
export class HandoffFiles {
  #dir: string | undefined;
  #current: string | undefined;
  readonly #earlier = new Set<string>();
  readonly #removeAll = () => this.close();

  /**
   * Write the handoff of this planning (`id` changes with each) and say where the workers
   * find it; earlier ones stay until `prune()`.
   */
  write(id: string, planned: PlanOutcome): PlanHandoffRef {
    const handoff = planned.ok
      ? handOffPlan(id, planned.plan)
      : handOffPlanError(id, planned.error);
    if (this.#dir === undefined) {
      this.#dir = mkdtempSync(path.join(tmpdir(), 'agentproofbench-plan-'));
      process.once('exit', this.#removeAll);
    }
    // The id is `<pid>:<generation>` (plugin.ts): a safe file name once the colon goes.
    const file = path.join(this.#dir, `${id.replace(/[^\w-]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(handoff));
    if (this.#current !== undefined && this.#current !== file) this.#earlier.add(this.#current);
    this.#current = file;
    return { id, file };
  }

  /** Remove every handoff but the latest: no run that was given one of them is still going. */
  prune(): void {
    for (const file of this.#earlier) rmSync(file, { force: true });
    this.#earlier.clear();
  }

  /** Remove the folder and everything in it. */
  close(): void {
    if (this.#dir === undefined) return;
    rmSync(this.#dir, { recursive: true, force: true });
    process.off('exit', this.#removeAll);
    this.#dir = undefined;
    this.#current = undefined;
    this.#earlier.clear();
  }
}

/** The handoff a worker was pointed at, as written. */
export function readHandoff(ref: PlanHandoffRef): PlanHandoff {
  return JSON.parse(readFileSync(ref.file, 'utf8')) as PlanHandoff;
}

// The plan this worker revived last, so a worker that runs several chunk files (they do not
// isolate) reads and rebuilds it once; a new handoff id (watch mode) replaces it.
let revived: { id: string; plan: RunPlan } | undefined;

/**
 * The plan a worker was pointed at, rebuilt without loading or validating the pack again
 * (once per handoff id in a worker); a plan that failed throws the planner's error here.
 */
export function readPlanHandoff(ref: PlanHandoffRef): RunPlan {
  if (revived?.id !== ref.id) revived = { id: ref.id, plan: planFromHandoff(readHandoff(ref)) };
  return revived.plan;
}
