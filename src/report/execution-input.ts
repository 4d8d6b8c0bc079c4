import type { GateTrace } from '../execution/gate.js';
import { executionTitle } from '../execution/handle.js';
import type { RunPlan } from '../run/run-plan.js';
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

/** The key of one gate trace: gate, program, task, run and start point. */
export function gateTraceKey(
  trace: Pick<GateTrace, 'gate' | 'program' | 'task' | 'run' | 'start'>,
): string {
  return JSON.stringify([
    'gate',
    trace.gate,
    trace.program.set,
    trace.program.id,
    trace.task,
    trace.run,
    trace.start,
  ]);
}

/**
 * Every gate trace the run plans (program gates of every program, and the online gate),
 * by key, with its test name: the completeness check counts them with the panel cases.
 */
export function plannedGateTraceNames(plan: RunPlan): Map<string, string> {
  const names = new Map<string, string>();
  for (const planned of plan.tasks) {
    if (!planned.qualification.qualified || !plan.pack.executions.has(planned.task.id)) continue;
    const gates = [
      ...planned.programs.map((entry) => ({ gate: 'program' as const, entry })),
      ...(planned.onlineGate ? [{ gate: 'online' as const, entry: planned.onlineGate }] : []),
    ];
    for (const chain of planned.executions.chains) {
      for (const { gate, entry } of gates) {
        names.set(
          gateTraceKey({ gate, program: entry.program, ...chain }),
          `${executionTitle(chain, gate)} (${entry.program.set === 'default' ? entry.program.id : `${entry.program.set}: ${entry.program.id}`})`,
        );
      }
    }
  }
  return names;
}
