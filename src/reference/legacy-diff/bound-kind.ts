import { z } from 'zod';
import { type JsonValue, JsonValueSchema, type Row } from '../../schema/json.js';
import type { Category } from '../../schema/reference.js';
import type { Reference } from '../../schema/task.js';
import type { State } from '../../state/state.js';
import type { CheckOutcome, ReferenceResult } from '../outcome.js';
import type { ReferenceKind } from '../reference-kind.js';
import { LegacyEngineRaises, LegacyNumberTextAmbiguity } from './engine-errors.js';
import { evaluateLegacyDiffSpec, type LegacyDiff, legacyDiffOf } from './evaluate.js';
import { legacyDiffKind } from './kind.js';
import { matchesPredicate, rowMatchesWhere } from './predicate.js';
import {
  type LegacyAssertion,
  type LegacyDiffSpec,
  type LegacyPredicate,
  LooseLegacyDiffSpecSchema,
  normalizeLegacyDiffSpec,
  validateLegacyDiffSpec,
} from './spec.js';

export const AGENT_DIFF_BOUND_KIND = 'agent-diff-bound';

/**
 * A literal id of the Agent-Diff assertions that the instruction names by a readable column
 * (the stale-binding lint's finding): the reference resolves it from each before-state.
 */
export const BindingSchema = z
  .object({
    value: z.string().min(1).describe('the literal id as the assertions write it'),
    table: z.string().min(1),
    keyColumn: z.string().min(1),
    where: z
      .record(z.string(), JsonValueSchema)
      .refine((where) => Object.keys(where).length > 0, 'a binding selects by at least one column')
      .describe('the columns the instruction uses, with the values it names'),
  })
  .strict();
export type Binding = z.infer<typeof BindingSchema>;

const BoundSpecSchema = LooseLegacyDiffSpecSchema.extend({
  bindings: z.array(BindingSchema).default([]),
});

/**
 * Columns whose change moves a row under another parent or points it at another entity: a
 * wrong value there is a `relation` fault, not a `value` one (docs/agent-diff.md, "Constructed tasks").
 */
export const RELATION_COLUMNS: ReadonlySet<string> = new Set([
  'parent_id',
  'parentId',
  'channel_id',
  'teamId',
  'issueId',
  'projectId',
  'calendar_id',
  'item_id',
  'file_id',
  'folder_id',
  'hub_id',
  'assigneeId',
  'relatedIssueId',
]);

function withoutBindings(spec: unknown): unknown {
  if (typeof spec !== 'object' || spec === null) return spec;
  const { bindings: _bindings, ...rest } = spec as Record<string, unknown>;
  return rest;
}

/** Every literal operand equal to a bound id is replaced by the id resolved now. */
function substitute(predicate: LegacyPredicate, ids: ReadonlyMap<string, string>): LegacyPredicate {
  const swap = (value: JsonValue): JsonValue =>
    typeof value === 'string' && ids.has(value) ? ids.get(value)! : value;
  const out: LegacyPredicate = {};
  for (const [op, operand] of Object.entries(predicate) as Array<
    [keyof LegacyPredicate, JsonValue]
  >)
    out[op] =
      (op === 'in' || op === 'not_in') && Array.isArray(operand)
        ? operand.map(swap)
        : swap(operand);
  return out;
}

export function bindSpec(spec: LegacyDiffSpec, ids: ReadonlyMap<string, string>): LegacyDiffSpec {
  if (ids.size === 0) return spec;
  const mapWhere = (where: Record<string, LegacyPredicate>) =>
    Object.fromEntries(Object.entries(where).map(([f, p]) => [f, substitute(p, ids)]));
  return {
    ...spec,
    assertions: spec.assertions.map((assertion) => ({
      ...assertion,
      where: mapWhere(assertion.where),
      expected_changes: Object.fromEntries(
        Object.entries(assertion.expected_changes).map(([field, change]) => [
          field,
          {
            ...(change.from ? { from: substitute(change.from, ids) } : {}),
            ...(change.to ? { to: substitute(change.to, ids) } : {}),
          },
        ]),
      ),
    })),
  };
}

/** The binding's row in `before`, or why it does not resolve to exactly one. */
export function resolveBinding(
  binding: Binding,
  before: State,
): { ok: true; id: string } | { ok: false; message: string } {
  if (!before.hasTable(binding.table))
    return { ok: false, message: `binding ${binding.value}: no table ${binding.table}` };
  const rows = before
    .rows(binding.table)
    .filter((row) =>
      Object.entries(binding.where).every(([column, value]) => row[column] === value),
    );
  const where = Object.entries(binding.where)
    .map(([column, value]) => `${column} = ${JSON.stringify(value)}`)
    .join(' and ');
  if (rows.length !== 1)
    return {
      ok: false,
      message: `binding ${binding.value}: ${rows.length} ${binding.table} row(s) where ${where} in the before-state (needs exactly one)`,
    };
  const id = rows[0]![binding.keyColumn];
  if (typeof id !== 'string')
    return { ok: false, message: `binding ${binding.value}: ${binding.keyColumn} is not a string` };
  return { ok: true, id };
}

function relationSplit(where: Record<string, LegacyPredicate>) {
  const relation: Record<string, LegacyPredicate> = {};
  const other: Record<string, LegacyPredicate> = {};
  for (const [field, predicate] of Object.entries(where))
    (RELATION_COLUMNS.has(field) ? relation : other)[field] = predicate;
  return { relation, other };
}

function changeSatisfied(assertion: LegacyAssertion, before: Row, after: Row): boolean {
  return Object.entries(assertion.expected_changes).every(
    ([field, change]) =>
      (change.from === undefined || matchesPredicate(before[field], change.from)) &&
      (change.to === undefined || matchesPredicate(after[field], change.to)),
  );
}

function diagnostic(
  name: string,
  category: Category,
  reason: string,
  failed: boolean,
  message: string,
): CheckOutcome {
  return {
    name,
    kind: AGENT_DIFF_BOUND_KIND,
    category,
    reason,
    ok: !failed,
    message: failed ? message : 'no such mistake',
    evidence: {},
  };
}

/**
 * Typed checks beside each failing assertion, so that a fault fails a check of its own
 * category (docs/agent-diff.md, "Constructed tasks"): the change landed on another row (identity), a
 * relation column points elsewhere (relation), a value column is wrong (value), a column the
 * assertion does not expect changed under strict mode (preservation). Each only fails when its
 * assertion fails: they explain a rejection, they never decide the label.
 */
function typedChecks(
  assertion: LegacyAssertion,
  index: number,
  passed: boolean,
  failures: readonly string[],
  diff: LegacyDiff,
): CheckOutcome[] {
  const table = diff.get(assertion.entity);
  const prefix = `assertion#${index} ${assertion.entity}`;
  const checks: CheckOutcome[] = [];
  if (assertion.diff_type === 'changed') {
    const elsewhere =
      !passed &&
      (table?.updates ?? []).some(
        ({ before, after }) =>
          !rowMatchesWhere(before, assertion.where) &&
          !rowMatchesWhere(after, assertion.where) &&
          changeSatisfied(assertion, before, after),
      );
    checks.push(
      diagnostic(
        `${prefix} identity`,
        'identity',
        'the requested change lands on the row the instruction names, not on another one',
        elsewhere,
        `another ${assertion.entity} row got the change the instruction asks of the named row`,
      ),
    );
    const unexpected = !passed && failures.some((failure) => failure.includes('not subset'));
    checks.push(
      diagnostic(
        `${prefix} preservation`,
        'preservation',
        'the named row keeps every column the instruction does not ask to change',
        unexpected,
        `the named ${assertion.entity} row changed a column no assertion expects`,
      ),
    );
  }
  if (assertion.diff_type === 'added') {
    const { relation, other } = relationSplit(assertion.where);
    const inserts = table?.inserts ?? [];
    const relationNames = Object.keys(relation);
    if (relationNames.length > 0 && Object.keys(other).length > 0) {
      const misplaced =
        !passed &&
        inserts.some((row) => rowMatchesWhere(row, other) && !rowMatchesWhere(row, relation));
      checks.push(
        diagnostic(
          `${prefix} relation`,
          'relation',
          `a new ${assertion.entity} row sits under the parent the instruction names (${relationNames.join(', ')})`,
          misplaced,
          `a new ${assertion.entity} row has the requested values under another ${relationNames.join('/')}`,
        ),
      );
    }
    if (Object.keys(other).length > 0) {
      const wrongValue =
        !passed &&
        inserts.some((row) => rowMatchesWhere(row, relation) && !rowMatchesWhere(row, other));
      checks.push(
        diagnostic(
          `${prefix} value`,
          'value',
          `a new ${assertion.entity} row${relationNames.length > 0 ? ' under the named parent' : ''} has the requested values (${Object.keys(other).join(', ')})`,
          wrongValue,
          `a new ${assertion.entity} row${relationNames.length > 0 ? ' under the named parent' : ''} has other values than requested`,
        ),
      );
    }
  }
  return checks;
}

function categoryOf(assertion: LegacyAssertion): Category {
  if (assertion.diff_type !== 'changed')
    return assertion.diff_type === 'unchanged' ? 'preservation' : 'set';
  const fields = Object.keys(assertion.expected_changes);
  return fields.length > 0 && fields.every((field) => RELATION_COLUMNS.has(field))
    ? 'relation'
    : 'value';
}

/**
 * `agent-diff-bound`: Agent-Diff assertions whose literal ids for names the instruction uses
 * are resolved from the current before-state (a binding overlay on the legacy-diff engine), with
 * typed checks beside each assertion (docs/agent-diff.md, "Constructed tasks"). The label is the
 * bound assertions' verdict, exactly as Agent-Diff's engine gives it.
 */
export const agentDiffBoundKind: ReferenceKind = {
  kind: AGENT_DIFF_BOUND_KIND,
  validate(spec) {
    const parsed = BoundSpecSchema.safeParse(spec);
    if (!parsed.success)
      return parsed.error.issues.map((issue) => ({
        path: issue.path as Array<string | number>,
        message: issue.message,
      }));
    return validateLegacyDiffSpec(withoutBindings(spec));
  },
  evaluate(reference: Reference, before: State, after: State): ReferenceResult {
    const raw = (reference as { spec: unknown }).spec;
    const parsed = BoundSpecSchema.safeParse(raw);
    if (!parsed.success)
      return { label: 'invalid', checks: [], qualificationErrors: [parsed.error.message] };
    const ids = new Map<string, string>();
    const errors: string[] = [];
    for (const binding of parsed.data.bindings) {
      const resolved = resolveBinding(binding, before);
      if (resolved.ok) ids.set(binding.value, resolved.id);
      else errors.push(resolved.message);
    }
    if (errors.length > 0) return { label: 'invalid', checks: [], qualificationErrors: errors };
    const spec = bindSpec(normalizeLegacyDiffSpec(withoutBindings(raw)), ids);
    const diff = legacyDiffOf(before, after);
    let evaluation: ReturnType<typeof evaluateLegacyDiffSpec>;
    try {
      evaluation = evaluateLegacyDiffSpec(spec, diff);
    } catch (error) {
      if (error instanceof LegacyEngineRaises || error instanceof LegacyNumberTextAmbiguity)
        // The unbound engine says how Agent-Diff answers such a state; keep its answer.
        return legacyDiffKind.evaluate(
          { ...reference, spec: withoutBindings(raw) } as Reference,
          before,
          after,
        );
      throw error;
    }
    const checks: CheckOutcome[] = [];
    for (const result of evaluation.assertions) {
      checks.push({
        name: `assertion#${result.index} ${result.assertion.diff_type} ${result.assertion.entity}`,
        kind: AGENT_DIFF_BOUND_KIND,
        category: categoryOf(result.assertion),
        reason:
          result.assertion.description ??
          'Agent-Diff assertion, bound ids resolved from the before-state',
        ok: result.passed,
        message: result.passed
          ? `${result.matched.length} matching row(s), as expected`
          : result.failures.join('; '),
        evidence: { actual: result.matched.length },
      });
      checks.push(
        ...typedChecks(result.assertion, result.index, result.passed, result.failures, diff),
      );
    }
    return {
      label: evaluation.passed ? 'valid' : 'invalid',
      checks,
      qualificationErrors: [],
    };
  },
};
