import { AgentProofBenchError, type ErrorCode } from '../contract/error.js';
import { Pack } from '../pack/pack.js';
import type { Executions } from '../schema/execution.js';
import type { Manifest } from '../schema/manifest.js';
import type { Seed } from '../schema/seed.js';
import type { Task } from '../schema/task.js';
import type { PlannedTask, RunPlan } from './run-plan.js';

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
      planned: Array<Omit<PlannedTask, 'task'> & { task: string }>;
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
    planned: plan.tasks.map((planned) => ({ ...planned, task: planned.task.id })),
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
    tasks: handoff.planned.map((planned) => ({ ...planned, task: pack.task(planned.task) })),
    chunks: handoff.chunks,
  };
}
