import type { CaseResult } from '../contract/case.js';
import { ERROR_KINDS, type ErrorKind, type EvaluationRecord } from '../contract/record.js';
import { CATEGORIES, type Category } from '../schema/reference.js';
import type { ConditionName, Role } from '../schema/task.js';
import { MetricsInputError } from './metrics-input-error.js';
import { compareCodeUnits } from './ordering.js';

/**
 * Which panel an outcome belongs to. The primary panel (complete, alternative, fault) is
 * what balanced accuracy is reported on; natural endings and native prefixes are separate
 * panels whose numbers are never mixed into the primary ones (docs/benchmark.md, Conditions and panels).
 */
export type PanelKind = 'primary' | 'natural' | 'prefix';

export function panelKindOf(role: Role): PanelKind {
  return role === 'natural' ? 'natural' : role === 'prefix' ? 'prefix' : 'primary';
}

/** How a program answered the outcomes of one label (all counts are numbers of outcomes). */
export interface VerdictCounts {
  total: number;
  pass: number;
  fail: number;
  unknown: number;
  error: number;
}

export interface PanelTally {
  /** Valid outcomes: `pass` is valid acceptance, `fail` is false rejection. */
  valid: VerdictCounts;
  /** Invalid outcomes: `pass` is false acceptance, `fail` is a correct rejection. */
  invalid: VerdictCounts;
  /** Error records by kind, over both labels. */
  errorsByKind: Record<ErrorKind, number>;
  /** Invalid outcomes split by their fault category (outcomes without one are not listed). */
  byFault: Record<Category, VerdictCounts>;
}

/**
 * The unit every metric counts: one program on one task. A replicate such as
 * `linear_52.r1` only ever meets its own task, so the unit is the replicate; a single
 * verifier module that handles every task (`id` without a task in it) contributes one
 * unit per task it was run on. Units are distinct per program set.
 */
export interface ProgramUnit {
  set: string;
  program: string;
  task: string;
  family: string;
  builtOn?: ConditionName;
}

/** All outcomes of one panel kind under one condition, as one program × task answered them. */
export interface Panel extends ProgramUnit {
  condition: ConditionName;
  kind: PanelKind;
  tally: PanelTally;
}

export type RecordedVerdict = EvaluationRecord['verdict'];

/** The witness cases of one program × task; a side is absent when it was not evaluated. */
export interface WitnessPair extends ProgramUnit {
  /** Verdict on the source decision under `source` (should be `pass`). */
  source?: RecordedVerdict;
  /** Verdict on its literal replay under `related` (should be `fail`). */
  replay?: RecordedVerdict;
}

export interface CollectedResults {
  /** Every program × task that has at least one result, ordered by set, program, task. */
  units: ProgramUnit[];
  /** Ordered by unit, then condition, then panel kind. */
  panels: Panel[];
  /** One per unit that has a witness case, in unit order. */
  witnesses: WitnessPair[];
}

/** The per-panel counts docs/benchmark.md, Metrics names, read off a tally (numbers of outcomes). */
export interface PanelCounts {
  valid: number;
  invalid: number;
  /** Pass on a valid outcome. */
  validAcceptance: number;
  /** Pass on an invalid outcome. */
  falseAcceptance: number;
  /** Fail on a valid outcome (Unknown and Error are counted apart). */
  falseRejection: number;
  unknown: number;
  error: number;
  errorsByKind: Record<ErrorKind, number>;
}

export function panelCounts(tally: PanelTally): PanelCounts {
  return {
    valid: tally.valid.total,
    invalid: tally.invalid.total,
    validAcceptance: tally.valid.pass,
    falseAcceptance: tally.invalid.pass,
    falseRejection: tally.valid.fail,
    unknown: tally.valid.unknown + tally.invalid.unknown,
    error: tally.valid.error + tally.invalid.error,
    errorsByKind: { ...tally.errorsByKind },
  };
}

export function emptyVerdictCounts(): VerdictCounts {
  return { total: 0, pass: 0, fail: 0, unknown: 0, error: 0 };
}

export function emptyErrorCounts(): Record<ErrorKind, number> {
  const counts = {} as Record<ErrorKind, number>;
  for (const kind of ERROR_KINDS) counts[kind] = 0;
  return counts;
}

function emptyTally(): PanelTally {
  const byFault = {} as Record<Category, VerdictCounts>;
  for (const category of CATEGORIES) byFault[category] = emptyVerdictCounts();
  return {
    valid: emptyVerdictCounts(),
    invalid: emptyVerdictCounts(),
    errorsByKind: emptyErrorCounts(),
    byFault,
  };
}

export function addVerdict(counts: VerdictCounts, verdict: RecordedVerdict): void {
  counts.total += 1;
  counts[verdict] += 1;
}

const CONDITION_ORDER: Record<ConditionName, number> = { source: 0, background: 1, related: 2 };
const KIND_ORDER: Record<PanelKind, number> = { primary: 0, natural: 1, prefix: 2 };

/**
 * Identity of a program × task as one string. NUL joins the parts: `collectResults`
 * refuses names containing it, so distinct units never share a key.
 */
export function unitKey(unit: Pick<ProgramUnit, 'set' | 'program' | 'task'>): string {
  return `${unit.set}\u0000${unit.program}\u0000${unit.task}`;
}

export function compareUnits(a: ProgramUnit, b: ProgramUnit): number {
  return (
    compareCodeUnits(a.set, b.set) ||
    compareCodeUnits(a.program, b.program) ||
    compareCodeUnits(a.task, b.task)
  );
}

/**
 * Groups case results into program × task units, their panels and witness pairs.
 * Throws `MetricsInputError` when the same case is reported twice, a task appears under
 * two families, or a program claims two build conditions: each would silently bias a metric.
 */
export function collectResults(results: readonly CaseResult[]): CollectedResults {
  const familyOfTask = new Map<string, string>();
  const builtOnOfProgram = new Map<string, ConditionName | undefined>();
  const units = new Map<string, UnitAccumulator>();

  for (const result of results) {
    const { set, id: program, builtOn } = result.program;
    const { task } = result;
    if (set.includes('\u0000') || program.includes('\u0000') || task.includes('\u0000')) {
      throw new MetricsInputError(
        'invalid-name',
        `program set, program id and task id must not contain the NUL character (program ${JSON.stringify(program)}, task ${JSON.stringify(task)})`,
      );
    }
    const key = unitKey({ set, program, task });
    let acc = units.get(key);
    if (acc === undefined) {
      // Cross-unit consistency is checked once per new unit; within a unit, per result below.
      const family = familyOfTask.get(task);
      if (family === undefined) familyOfTask.set(task, result.family);
      else if (family !== result.family) throw inconsistentFamily(task, family, result.family);
      const programKey = `${set}\u0000${program}`;
      if (!builtOnOfProgram.has(programKey)) builtOnOfProgram.set(programKey, builtOn);
      else if (builtOnOfProgram.get(programKey) !== builtOn) {
        throw inconsistentBuiltOn(program, set, builtOnOfProgram.get(programKey), builtOn);
      }
      const unit: ProgramUnit = { set, program, task, family: result.family };
      if (builtOn !== undefined) unit.builtOn = builtOn;
      acc = { unit, panels: [], outcomes: [] };
      units.set(key, acc);
    }
    const { unit } = acc;
    if (result.family !== unit.family) throw inconsistentFamily(task, unit.family, result.family);
    if (builtOn !== unit.builtOn) throw inconsistentBuiltOn(program, set, unit.builtOn, builtOn);

    if (result.kind === 'panel') {
      const kind = panelKindOf(result.role);
      const slot = CONDITION_ORDER[result.condition] * PANEL_KINDS + KIND_ORDER[kind];
      let entry = acc.panels[slot];
      if (entry === undefined) {
        entry = { ...unit, condition: result.condition, kind, tally: emptyTally() };
        acc.panels[slot] = entry;
      }
      // Outcome ids are unique within a condition, whichever panel they belong to.
      const conditionIndex = CONDITION_ORDER[result.condition];
      const seen = acc.outcomes[conditionIndex] ?? new Set<string>();
      acc.outcomes[conditionIndex] = seen;
      if (seen.has(result.outcome)) throw duplicateCase(result, program, set);
      seen.add(result.outcome);
      const { tally } = entry;
      addVerdict(result.label === 'valid' ? tally.valid : tally.invalid, result.record.verdict);
      if (result.record.verdict === 'error') tally.errorsByKind[result.record.kind] += 1;
      if (result.label === 'invalid' && result.fault !== undefined) {
        addVerdict(tally.byFault[result.fault], result.record.verdict);
      }
    } else {
      // A unit has one witness pair, so each side may be reported once whatever its outcome id.
      acc.witness ??= { ...unit };
      const side = result.kind === 'witness-source' ? 'source' : 'replay';
      if (acc.witness[side] !== undefined) throw duplicateCase(result, program, set);
      acc.witness[side] = result.record.verdict;
    }
  }

  const ordered = [...units.values()].sort((a, b) => compareUnits(a.unit, b.unit));
  return {
    units: ordered.map((acc) => acc.unit),
    // Slots are already in condition, then kind order.
    panels: ordered.flatMap((acc) =>
      acc.panels.flatMap((panel) => (panel === undefined ? [] : [panel])),
    ),
    witnesses: ordered.flatMap((acc) => (acc.witness === undefined ? [] : [acc.witness])),
  };
}

/** What `collectResults` gathers for one program × task while it reads the results. */
interface UnitAccumulator {
  unit: ProgramUnit;
  /** Panels in slots condition × kind, condition-major. */
  panels: (Panel | undefined)[];
  /** Outcome ids seen, per condition (in `CONDITION_ORDER`). */
  outcomes: (Set<string> | undefined)[];
  witness?: WitnessPair;
}

const PANEL_KINDS = 3;

function duplicateCase(result: CaseResult, program: string, set: string): MetricsInputError {
  return new MetricsInputError(
    'duplicate-case',
    `case ${result.task} › ${result.condition} › ${result.outcome} (${result.kind}) is reported twice for program ${program} (set ${set}); expected one result per case and program`,
  );
}

function inconsistentFamily(task: string, first: string, second: string): MetricsInputError {
  return new MetricsInputError(
    'inconsistent-family',
    `task ${task} is reported under two families (${first} and ${second}); expected one family per task`,
  );
}

function inconsistentBuiltOn(
  program: string,
  set: string,
  first: ConditionName | undefined,
  second: ConditionName | undefined,
): MetricsInputError {
  return new MetricsInputError(
    'inconsistent-built-on',
    `program ${program} (set ${set}) is reported as built on ${String(first)} and on ${String(second)}; expected one build condition per program`,
  );
}
