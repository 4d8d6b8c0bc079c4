import type { GateTrace } from '../src/execution/gate.js';
import type { RunPlan } from '../src/vitest/run-plan.js';
import type { ExecutionInput } from './execution-section.js';

/**
 * The execution study's input from a run plan: the labelled chains of the qualified tasks
 * the run planned, and the traces the tests attached. Undefined when no planned task has
 * recorded executions (the report's `execution` is then null).
 */
export function executionInputOf(
  plan: RunPlan,
  traces: readonly GateTrace[],
): ExecutionInput | undefined {
  const planned = plan.tasks.filter(
    (entry) => entry.qualification.qualified && plan.pack.executions.has(entry.task.id),
  );
  if (planned.length === 0) return undefined;
  const constructionCost = new Map<string, number>();
  for (const { task } of planned)
    if (task.cost?.construction !== undefined)
      constructionCost.set(task.id, task.cost.construction);
  return {
    chains: planned.flatMap((entry) => entry.executions.chains),
    problems: planned.flatMap((entry) => entry.executions.problems),
    traces,
    constructionCost,
  };
}
