import type { CaseRef, ProgramRef } from './case.js';

/** What names a case of a pack, whichever program is evaluated on it. */
export type PackCaseIdentity = Pick<CaseRef, 'task' | 'kind' | 'condition' | 'outcome'>;

/** What names one evaluation of a run: a case of the pack and the program evaluated on it. */
export interface CaseIdentity extends PackCaseIdentity {
  program: Pick<ProgramRef, 'set' | 'id'>;
}

/**
 * The key of a case of a pack: task, case kind, condition, outcome. Program sets side by
 * side share it, so what depends on the case alone (its part of an explanation) is made once.
 */
export function packCaseKey(identity: PackCaseIdentity): string {
  return JSON.stringify([identity.task, identity.kind, identity.condition, identity.outcome]);
}

/**
 * The key of one evaluation: program set and id, then the pack case's key. The run's plan
 * (which cases it expects), the report's completeness, the HTML verdict grid and the case
 * explanations all name an evaluation by it.
 */
export function caseKey(identity: CaseIdentity): string {
  return JSON.stringify([
    identity.program.set,
    identity.program.id,
    identity.task,
    identity.kind,
    identity.condition,
    identity.outcome,
  ]);
}
