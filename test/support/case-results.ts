import type { CaseKind, CaseResult } from '../../src/contract/case.js';
import type { ErrorKind, EvaluationRecord } from '../../src/contract/record.js';
import type { Category } from '../../src/schema/reference.js';
import type { ConditionName, Role } from '../../src/schema/task.js';

/** A verdict as written in tests: a verifier verdict, or `error:<kind>` for an Error record. */
export type TestVerdict = 'pass' | 'fail' | 'unknown' | `error:${ErrorKind}`;

export interface ProgramSpec {
  task: string;
  family: string;
  program: string;
  set?: string;
  builtOn?: ConditionName;
}

function recordOf(verdict: TestVerdict): EvaluationRecord {
  const base = { durationMs: 5, operations: 3, checks: [] };
  if (verdict.startsWith('error:')) {
    return {
      ...base,
      verdict: 'error',
      kind: verdict.slice('error:'.length) as ErrorKind,
      message: 'test error',
    };
  }
  return { ...base, verdict: verdict as 'pass' | 'fail' | 'unknown' };
}

function resultOf(
  program: ProgramSpec,
  kind: CaseKind,
  condition: ConditionName,
  outcome: string,
  role: Role,
  label: 'valid' | 'invalid',
  verdict: TestVerdict,
  fault?: Category,
): CaseResult {
  const result: CaseResult = {
    kind,
    task: program.task,
    family: program.family,
    condition,
    outcome,
    role,
    label,
    description: `${role} ${outcome}`,
    program: { id: program.program, set: program.set ?? 'default' },
    record: recordOf(verdict),
  };
  if (program.builtOn !== undefined) result.program.builtOn = program.builtOn;
  if (fault !== undefined) result.fault = fault;
  return result;
}

/**
 * One panel, written as the outcomes' roles and the program's verdicts, e.g.
 * `panel(p, 'source', ['complete', 'pass'], ['fault', 'fail', 'value'])`.
 * Complete/alternative/natural-valid outcomes are valid; faults and prefixes invalid.
 */
export type OutcomeSpec = readonly [
  role: Role,
  verdict: TestVerdict,
  detail?: Category | 'valid' | 'invalid',
];

export function panel(
  program: ProgramSpec,
  condition: ConditionName,
  ...outcomes: readonly OutcomeSpec[]
): CaseResult[] {
  return outcomes.map(([role, verdict, detail], i) => {
    const fault =
      detail !== undefined && detail !== 'valid' && detail !== 'invalid' ? detail : undefined;
    const label: 'valid' | 'invalid' =
      detail === 'valid' || detail === 'invalid'
        ? detail
        : role === 'complete' || role === 'alternative' || role === 'natural'
          ? 'valid'
          : 'invalid';
    return resultOf(
      program,
      'panel',
      condition,
      `${condition}-${role}-${i}`,
      role,
      label,
      verdict,
      fault ?? (role === 'fault' ? 'value' : undefined),
    );
  });
}

/** The two witness cases of a program × task: the source decision and its replay under `related`. */
export function witness(
  program: ProgramSpec,
  sourceVerdict: TestVerdict,
  replayVerdict: TestVerdict,
): CaseResult[] {
  return [
    resultOf(program, 'witness-source', 'source', 'decision', 'complete', 'valid', sourceVerdict),
    resultOf(
      program,
      'witness-replay',
      'related',
      'decision',
      'complete',
      'invalid',
      replayVerdict,
    ),
  ];
}
