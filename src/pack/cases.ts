import type { CaseRef } from '../contract/case.js';
import type { ConditionName, Role, Task } from '../schema/task.js';
import type { State } from '../state/state.js';
import { conditionsOf, outcomesOf, type Pack } from './pack.js';

/** One evaluation to run: which case, and the two states the verifier will read. */
export interface PackCase extends CaseRef {
  before: State;
  after: State;
}

export interface CaseFilter {
  conditions?: readonly ConditionName[];
  /** Roles of panel outcomes to include (default: all). */
  roles?: readonly Role[];
  /** Include the witness pair (default: true). */
  witness?: boolean;
}

/** Every case of a task, in a stable order: conditions, their outcomes, then the witness pair. */
export function casesOfTask(pack: Pack, task: Task, filter: CaseFilter = {}): PackCase[] {
  const cases: PackCase[] = [];
  const conditions = conditionsOf(task).filter(
    (condition) => !filter.conditions || filter.conditions.includes(condition),
  );
  for (const condition of conditions) {
    for (const outcome of outcomesOf(task, condition)) {
      if (filter.roles && !filter.roles.includes(outcome.role)) continue;
      const { before, after } = pack.states(task, condition, outcome.id);
      cases.push({
        kind: 'panel',
        task: task.id,
        family: task.family,
        condition,
        outcome: outcome.id,
        role: outcome.role,
        label: outcome.label,
        ...(outcome.fault ? { fault: outcome.fault } : {}),
        description: outcome.description,
        before,
        after,
      });
    }
  }
  const witness = filter.witness === false ? undefined : pack.witness(task);
  if (witness) {
    const common = {
      task: task.id,
      family: task.family,
      outcome: witness.decision.id,
      role: witness.decision.role,
    };
    cases.push({
      ...common,
      kind: 'witness-source',
      condition: 'source',
      label: 'valid',
      description: `the source decision (${witness.decision.description})`,
      ...witness.source,
    });
    cases.push({
      ...common,
      kind: 'witness-replay',
      condition: 'related',
      label: 'invalid',
      description: 'the source decision replayed on related',
      ...witness.replay,
    });
  }
  return cases;
}

/** The case of one panel state named by `{task, condition, outcome}` (timing panels), if the pack has it. */
export function panelCase(
  pack: Pack,
  ref: { task: string; condition: ConditionName; outcome: string },
): PackCase | undefined {
  if (!pack.hasTask(ref.task)) return undefined;
  const task = pack.task(ref.task);
  if (!outcomesOf(task, ref.condition).some((outcome) => outcome.id === ref.outcome))
    return undefined;
  return casesOfTask(pack, task, { conditions: [ref.condition], witness: false }).find(
    (entry) => entry.outcome === ref.outcome,
  );
}

/** A readable, unique name for a case: `linear_52 › related › fault: B3 status reset (preservation)`. */
export function caseTitle(entry: CaseRef): string {
  if (entry.kind === 'witness-source')
    return `${entry.task} › witness › accepts the source decision on source`;
  if (entry.kind === 'witness-replay')
    return `${entry.task} › witness › rejects the source decision replayed on related`;
  const what =
    entry.role === 'fault'
      ? `fault: ${entry.description} (${entry.fault})`
      : `${entry.role}: ${entry.description}`;
  return `${entry.task} › ${entry.condition} › ${what}`;
}
