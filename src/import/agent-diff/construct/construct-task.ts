import { checkPatchInvariants } from '../../../pack/check-invariants.js';
import type { PackError } from '../../../pack/pack-error.js';
import { describeCallFailure, runCalls } from '../../../pack/run-calls.js';
import type { TaskTier } from '../../../pack/task-tier.js';
import {
  AGENT_DIFF_BOUND_KIND,
  agentDiffBoundKind,
  type Binding,
  RELATION_COLUMNS,
  resolveBinding,
} from '../../../reference/legacy-diff/bound-kind.js';
import { legacyDiffKind } from '../../../reference/legacy-diff/kind.js';
import {
  DESCRIPTIVE_COLUMNS,
  type StaleBindingFinding,
} from '../../../reference/legacy-diff/lint.js';
import { rowMatchesWhere } from '../../../reference/legacy-diff/predicate.js';
import {
  type LegacyAssertion,
  type LegacyDiffSpec,
  normalizeLegacyDiffSpec,
} from '../../../reference/legacy-diff/spec.js';
import type { ReferenceResult } from '../../../reference/outcome.js';
import type { ApiCall, CallClock } from '../../../schema/call.js';
import type { JsonValue, Row } from '../../../schema/json.js';
import type { Patch } from '../../../schema/patch.js';
import type { Category } from '../../../schema/reference.js';
import type { ConditionName, Outcome, Reference, Task } from '../../../schema/task.js';
import { serviceWriteModel } from '../../../services/registry.js';
import type { WriteModel } from '../../../services/write-model.js';
import { keyObject } from '../../../state/key.js';
import type { State } from '../../../state/state.js';
import { oneMessagePlan } from './one-message.js';
import { planValuesFor, type TaskPlan } from './plan.js';
import { NO_BLOCKS_FAULT_VALUES } from './slack-blocks.js';
import {
  CREATED_ID_PATH,
  DIRECT_CONVERSATION,
  isDirectConversation,
  translateAssertion,
  withPlanValues,
} from './translate.js';
import { valueSatisfying, valuesRefused } from './values.js';

/** Why and how each item of a constructed task was made (docs/agent-diff.md, "Construction report"). */
export interface ConstructionItem {
  id: string;
  condition?: ConditionName;
  category?: Category;
  recipe: string;
  /** The assertion (1-based) or lint finding the item rests on. */
  source: string;
}

export interface ConstructionReport {
  task: string;
  service: Task['service'];
  /** `full`: every part made and checked; `refused`: kept as imported, `reason` says why. */
  tier: 'full' | 'refused';
  reason?: string;
  items: ConstructionItem[];
  /** Recipes tried and given up, with the reason (a fault that is unreachable or not rejected). */
  refusedItems: Array<{ recipe: string; source: string; reason: string }>;
  bindings: Binding[];
  /** Server-written columns the suite does not ignore but the write model stamps. */
  ignoredServerColumns: Record<string, string[]>;
  /** Construction-time qualification (item 3); problems make the task refused. */
  checks: Array<{ check: string; ok: boolean; detail: string }>;
  /** Columns the assertions read that the replica's read API does not serve. */
  replicaGaps: string[];
  /** Set once the written pack is loaded and qualified: the task qualifies as a full task. */
  qualified?: boolean;
  /** The plan file construction read for this task (`--plans`), if any. */
  plan?: string;
  /**
   * The tier of the task as the pack holds it (docs/agent-diff.md, "Tiers"): `full` for a
   * constructed task, `natural-only` for one kept as imported (its recorded endings only).
   */
  packTier?: TaskTier;
}

export interface ConstructInput {
  task: Task;
  before: State;
  findings: readonly StaleBindingFinding[];
  clock: CallClock;
  writeModel?: WriteModel;
  /** The task's plan file, if `--plans` has one (docs/agent-diff.md, "Plan files"). */
  plan?: TaskPlan;
}

interface BoundContext {
  spec: LegacyDiffSpec;
  rawSpec: Record<string, unknown>;
  bindings: Binding[];
}

class Refusal extends Error {}

const MAX_FAULTS = 6;
const MAX_CANDIDATES = 10;

function boundReference(ctx: BoundContext): Reference {
  return {
    kind: AGENT_DIFF_BOUND_KIND,
    version: 1,
    spec: { ...ctx.rawSpec, bindings: ctx.bindings },
  };
}

function evaluate(reference: Reference, before: State, after: State): ReferenceResult {
  return agentDiffBoundKind.evaluate(reference, before, after);
}

/** The ids of the bindings as they resolve on `before` (throws a refusal when one does not). */
function idsOn(bindings: readonly Binding[], before: State): Map<string, string> {
  const ids = new Map<string, string>();
  for (const binding of bindings) {
    const resolved = resolveBinding(binding, before);
    if (!resolved.ok) throw new Refusal(resolved.message);
    ids.set(binding.value, resolved.id);
  }
  return ids;
}

function swapIds(value: JsonValue, ids: ReadonlyMap<string, string>): JsonValue {
  if (typeof value === 'string') return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => swapIds(item, ids));
  return value;
}

function bindAssertion(
  assertion: LegacyAssertion,
  ids: ReadonlyMap<string, string>,
): LegacyAssertion {
  const mapPredicate = (predicate: Record<string, JsonValue>) =>
    Object.fromEntries(Object.entries(predicate).map(([op, v]) => [op, swapIds(v, ids)]));
  return {
    ...assertion,
    where: Object.fromEntries(
      Object.entries(assertion.where).map(([f, p]) => [
        f,
        mapPredicate(p as Record<string, JsonValue>),
      ]),
    ),
    expected_changes: Object.fromEntries(
      Object.entries(assertion.expected_changes).map(([f, c]) => [
        f,
        {
          ...(c.from ? { from: mapPredicate(c.from as Record<string, JsonValue>) } : {}),
          ...(c.to ? { to: mapPredicate(c.to as Record<string, JsonValue>) } : {}),
        },
      ]),
    ),
  };
}

/** The actor's calls for a list of (bound) assertions, in order. */
function callsFor(
  task: Task,
  assertions: readonly LegacyAssertion[],
  before: State,
): { ok: true; calls: ApiCall[] } | { ok: false; reason: string } {
  const calls: ApiCall[] = [];
  // A row an earlier assertion creates is referenced by `{{N.path}}` into that call's response.
  const created = new Map<string, string>();
  // A conversation or label other assertions use is made first, whatever the assertions' order.
  const first = (assertion: LegacyAssertion) =>
    isDirectConversation(assertion) ||
    (assertion.diff_type === 'added' && assertion.entity === 'issue_labels');
  const order = [...assertions.keys()].sort(
    (a, b) => Number(first(assertions[b]!)) - Number(first(assertions[a]!)) || a - b,
  );
  const createdFolders = new Map<string, string>();
  const ctx = {
    before,
    instruction: task.instruction,
    actor: task.actor,
    created,
    assertions,
    createdFolders,
  };
  // Parts several assertions ask of one requested message go into that one message.
  const combined = oneMessagePlan(task.service, assertions, ctx);
  for (const index of order) {
    const assertion = combined.has(index) ? combined.get(index) : assertions[index]!;
    if (!assertion) continue; // its part is in the message of its group's first assertion
    if ('refused' in assertion)
      return { ok: false, reason: `assertion#${index + 1}: ${assertion.refused}` };
    const translated = translateAssertion(task.service, assertion, ctx);
    if (!translated.ok)
      return { ok: false, reason: `assertion#${index + 1}: ${translated.reason}` };
    const path = CREATED_ID_PATH[assertion.entity];
    if (assertion.diff_type === 'added' && path && translated.calls.length > 0) {
      const ref = `{{${calls.length + translated.calls.length - 1}.${path}}}`;
      created.set(assertion.entity, ref);
      if (isDirectConversation(assertion)) created.set(DIRECT_CONVERSATION, ref);
      const folderName =
        assertion.entity === 'box_folders' ? newFolderName(translated.calls) : undefined;
      if (folderName !== undefined) createdFolders.set(folderName, ref);
    }
    calls.push(...translated.calls);
  }
  return { ok: true, calls };
}

/** The name a Box `POST /folders` call gives its new folder. */
function newFolderName(calls: readonly ApiCall[]): string | undefined {
  const body = calls.at(-1)?.body as Record<string, JsonValue> | undefined;
  return typeof body?.name === 'string' ? body.name : undefined;
}

interface Ran {
  calls: ApiCall[];
  patch: Patch;
  after: State;
}

function run(
  model: WriteModel,
  task: Task,
  before: State,
  calls: ApiCall[],
  clock: CallClock,
  stream: string,
): Ran | string {
  if (calls.length === 0) return 'no call left to make (the no-write state is the start prefix)';
  const result = runCalls(model, before, task.actor, calls, clock, stream);
  if (!result.ok) return describeCallFailure(result.failure);
  const errors: PackError[] = [];
  checkPatchInvariants(before, result.state, result.patch, 'construct', [], stream, errors);
  if (errors.length > 0) return `breaks a service invariant: ${errors[0]!.message}`;
  return { calls, patch: result.patch, after: result.state };
}

/** Ids of `table` rows in the before-state whose key equals `value`, if `value` is such an id. */
function tableOfId(before: State, value: JsonValue): string | undefined {
  if (typeof value !== 'string') return undefined;
  for (const table of before.tableNames()) {
    const key = before.keyColumns(table);
    if (key.length !== 1) continue;
    if (before.get(table, { [key[0]!]: value }) !== undefined) return table;
  }
  return undefined;
}

const PARENT_COLUMNS = ['parent_id', 'teamId', 'channel_id', 'calendar_id', 'issueId', 'item_id'];

// Readable columns a name can be in: the stale-binding lint's own list.
const READABLE_COLUMNS = DESCRIPTIVE_COLUMNS;

/**
 * The selector for a lint finding with the column the instruction really uses (its value is in
 * the instruction: an issue named by its identifier, not its title), made unique when the name
 * alone is not by the row's parent column (a workflow state's name within its team).
 */
function instructionWhere(
  before: State,
  finding: StaleBindingFinding,
  instruction: string,
): Record<string, JsonValue> | undefined {
  const row = before.get(finding.table, { [finding.keyColumn]: finding.value });
  if (!row) return undefined;
  const matching = (where: Record<string, JsonValue>) =>
    before
      .rows(finding.table)
      .filter((other) => Object.entries(where).every(([column, value]) => other[column] === value))
      .length;
  for (const column of READABLE_COLUMNS) {
    const value = row[column];
    if (typeof value !== 'string' || value.length < 3 || !instruction.includes(value.toLowerCase()))
      continue;
    const where: Record<string, JsonValue> = { [column]: value };
    if (matching(where) === 1) return where;
    for (const parent of PARENT_COLUMNS) {
      if (!(parent in row)) continue;
      const scoped = { ...where, [parent]: row[parent] as JsonValue };
      if (matching(scoped) === 1) return scoped;
    }
  }
  return undefined;
}

/** Other rows of `table`, siblings (same parent) first, in the seed's order. */
function siblings(before: State, table: string, row: Row): Row[] {
  const key = before.keyColumns(table);
  const same = (other: Row) => key.every((column) => other[column] === row[column]);
  const others = before.rows(table).filter((other) => !same(other));
  const parent = PARENT_COLUMNS.find((column) => column in row);
  if (!parent) return others;
  return [
    ...others.filter((other) => other[parent] === row[parent]),
    ...others.filter((other) => other[parent] !== row[parent]),
  ];
}

/** Values that refuse `predicate` for a column: other rows' ids for an id, else text/number variants. */
function alternatives(
  before: State,
  predicate: Record<string, JsonValue>,
  instruction: string,
): JsonValue[] {
  const accepted = valueSatisfying(predicate, instruction);
  if (accepted === undefined) return [];
  const table = tableOfId(before, accepted);
  if (table) {
    const key = before.keyColumns(table)[0]!;
    const row = before.get(table, { [key]: accepted as string })!;
    return siblings(before, table, row)
      .map((other) => other[key] as JsonValue)
      .slice(0, MAX_CANDIDATES);
  }
  return valuesRefused(predicate, accepted, instruction).slice(0, MAX_CANDIDATES);
}

const EXTRA_COLUMNS: Record<string, Array<{ column: string }>> = {
  box_files: [{ column: 'name' }],
  box_folders: [{ column: 'description' }, { column: 'name' }],
  issues: [{ column: 'title' }, { column: 'priority' }],
  channels: [{ column: 'purpose_text' }, { column: 'topic_text' }],
  calendar_events: [{ column: 'location' }, { column: 'description' }, { column: 'summary' }],
};

interface FaultRecipe {
  id: string;
  category: Category;
  recipe: string;
  source: string;
  /** The assertions whose calls make the fault (one of them altered, dropped or doubled). */
  variants: LegacyAssertion[][];
}

/** Fault recipes from the assertion shapes (docs/agent-diff.md, "Constructed tasks"). */
function faultRecipes(
  assertions: readonly LegacyAssertion[],
  before: State,
  instruction: string,
  plan?: TaskPlan,
): FaultRecipe[] {
  // A plan's alternatives for a field replace the derived candidates.
  const candidates = (n: number, field: string, predicate: Record<string, JsonValue>) =>
    plan?.alternatives[String(n)]?.[field] ??
    // A Block Kit message's wrong value: its content as plain text, without the blocks.
    (field === 'blocks'
      ? [...NO_BLOCKS_FAULT_VALUES]
      : alternatives(before, predicate, instruction));
  const recipes: FaultRecipe[] = [];
  const replace = (k: number, altered: LegacyAssertion) =>
    assertions.map((assertion, index) => (index === k ? altered : assertion));
  assertions.forEach((assertion, k) => {
    const n = k + 1;
    if (assertion.expected_count === 0) {
      const { expected_count: _zero, ...rest } = assertion;
      recipes.push({
        id: `fault-set-${n}-forbidden`,
        category: 'set',
        recipe: 'the write a count-0 assertion forbids',
        source: `assertion#${n}`,
        variants: [replace(k, { ...rest, expected_changes: rest.expected_changes })],
      });
      return;
    }
    if (assertion.diff_type === 'changed') {
      for (const [field, change] of Object.entries(assertion.expected_changes)) {
        if (!change.to || field === 'priorityLabel') continue;
        const category: Category = RELATION_COLUMNS.has(field) ? 'relation' : 'value';
        const values = candidates(n, field, change.to as Record<string, JsonValue>);
        recipes.push({
          id: `fault-${category}-${n}-${field}`,
          category,
          recipe: `${field} set to another value than the expected change asks`,
          source: `assertion#${n} expected_changes.${field}`,
          variants: values.map((value) =>
            replace(k, {
              ...assertion,
              expected_changes: { ...assertion.expected_changes, [field]: { to: { eq: value } } },
            }),
          ),
        });
      }
      const target = before.hasTable(assertion.entity)
        ? before.rows(assertion.entity).filter((row) => rowMatchesWhere(row, assertion.where))
        : [];
      if (target.length === 1) {
        const key = before.keyColumns(assertion.entity);
        recipes.push({
          id: `fault-identity-${n}`,
          category: 'identity',
          recipe: 'the requested change applied to a sibling row',
          source: `assertion#${n} where`,
          variants: siblings(before, assertion.entity, target[0]!)
            .slice(0, MAX_CANDIDATES)
            .map((row) =>
              replace(k, {
                ...assertion,
                where: Object.fromEntries(
                  key.map((column) => [column, { eq: row[column] as JsonValue }]),
                ),
              }),
            ),
        });
        const row = target[0]!;
        for (const { column } of EXTRA_COLUMNS[assertion.entity] ?? []) {
          if (column in assertion.expected_changes || !(column in row)) continue;
          const current = row[column];
          const changed: JsonValue =
            typeof current === 'number'
              ? current === 1
                ? 2
                : 1
              : `${String(current ?? '')} (edited)`;
          recipes.push({
            id: `fault-preservation-${n}-${column}`,
            category: 'preservation',
            recipe: `one more column (${column}) changed on the named row under strict mode`,
            source: `assertion#${n} (strict)`,
            variants: [
              replace(k, {
                ...assertion,
                expected_changes: {
                  ...assertion.expected_changes,
                  [column]: { to: { eq: changed } },
                },
              }),
            ],
          });
        }
      }
    }
    if (assertion.diff_type === 'added') {
      for (const [field, predicate] of Object.entries(assertion.where)) {
        const category: Category = RELATION_COLUMNS.has(field) ? 'relation' : 'value';
        const values = candidates(n, field, predicate as Record<string, JsonValue>);
        recipes.push({
          id: `fault-${category}-${n}-${field}`,
          category,
          recipe: `the new row's ${field} set to another value`,
          source: `assertion#${n} where.${field}`,
          variants: values.map((value) =>
            replace(k, { ...assertion, where: { ...assertion.where, [field]: { eq: value } } }),
          ),
        });
      }
      recipes.push({
        id: `fault-set-${n}-missing`,
        category: 'set',
        recipe: 'one member fewer: the row this assertion asks for is not created',
        source: `assertion#${n}`,
        variants: [assertions.filter((_, index) => index !== k)],
      });
      if (typeof assertion.expected_count === 'number')
        recipes.push({
          id: `fault-set-${n}-duplicate`,
          category: 'set',
          recipe: 'a duplicate: the row is created twice',
          source: `assertion#${n} expected_count`,
          variants: [[...assertions.slice(0, k + 1), assertion, ...assertions.slice(k + 1)]],
        });
    }
  });
  return recipes;
}

interface ConditionPanel {
  complete: Ran;
  faults: Array<{ recipe: FaultRecipe; ran: Ran }>;
}

function label(result: ReferenceResult): string {
  return result.qualificationErrors.length > 0 ? 'unjudged' : result.label;
}

/**
 * Construct one imported Agent-Diff task into a full task (docs/agent-diff.md, "Constructed
 * tasks"), or say why not. The task's before-state is its seed; everything else is made by the
 * actor's calls through the service's write model.
 */
export function constructTask(input: ConstructInput): { task?: Task; report: ConstructionReport } {
  const { task, before, clock } = input;
  const report: ConstructionReport = {
    task: task.id,
    service: task.service,
    tier: 'refused',
    items: [],
    refusedItems: [],
    bindings: [],
    ignoredServerColumns: {},
    checks: [],
    replicaGaps: [],
  };
  const model = input.writeModel ?? serviceWriteModel(task.service);
  try {
    if (!model) throw new Refusal(`${task.service} has no write model`);
    const legacy = task.reference as { spec: Record<string, unknown> };
    const normalized = normalizeLegacyDiffSpec(legacy.spec);
    const spec: LegacyDiffSpec = {
      ...normalized,
      assertions: normalized.assertions.map((assertion, index) =>
        withPlanValues(assertion, planValuesFor(input.plan, index + 1)),
      ),
    };
    const lower = task.instruction.toLowerCase();
    // Bindings: literal ids the instruction names by a readable column (the lint's findings).
    const bindings: Binding[] = [];
    for (const finding of input.findings) {
      if (finding.namedInInstruction || bindings.some((b) => b.value === finding.value)) continue;
      const where = instructionWhere(before, finding, lower);
      if (!where) continue;
      bindings.push({
        value: finding.value,
        table: finding.table,
        keyColumn: finding.keyColumn,
        where,
      });
    }
    for (const planned of input.plan?.bindings ?? [])
      if (!bindings.some((b) => b.value === planned.value)) bindings.push(planned);
    const ctx: BoundContext = {
      spec,
      rawSpec: { ...legacy.spec, ignore_fields: { ...spec.ignoreFields } },
      bindings,
    };
    report.bindings = bindings;

    const panelOn = (
      condition: ConditionName,
      state: State,
      reference: () => Reference,
      withFaults: boolean,
    ): ConditionPanel => {
      const ids = idsOn(ctx.bindings, state);
      const assertions = spec.assertions.map((assertion) => bindAssertion(assertion, ids));
      const made = callsFor(task, assertions, state);
      if (!made.ok) throw new Refusal(`complete outcome: ${made.reason}`);
      const complete = run(
        model,
        task,
        state,
        made.calls,
        clock,
        `${task.id}/${condition}/complete`,
      );
      if (typeof complete === 'string')
        throw new Refusal(`complete outcome (${condition}): the service refuses it: ${complete}`);
      let result = evaluate(reference(), state, complete.after);
      if (result.label !== 'valid' && condition === 'source') {
        // Columns the write model stamps that the suite does not ignore: ignore them, say so.
        const stamped = serverStamped(spec, state, complete, made.calls);
        if (Object.keys(stamped).length > 0) {
          const ignore = ctx.rawSpec.ignore_fields as Record<string, string[]>;
          for (const [entity, columns] of Object.entries(stamped))
            ignore[entity] = [...new Set([...(ignore[entity] ?? []), ...columns])];
          report.ignoredServerColumns = stamped;
          result = evaluate(reference(), state, complete.after);
        }
      }
      if (result.label !== 'valid')
        throw new Refusal(
          `complete outcome (${condition}) is not accepted: ${
            result.qualificationErrors.join('; ') ||
            result.checks
              .filter((c) => !c.ok)
              .map((c) => c.message)
              .join('; ')
          }`,
        );
      const faults: ConditionPanel['faults'] = [];
      if (withFaults) {
        const categories = new Set<Category>();
        for (const recipe of faultRecipes(assertions, state, task.instruction, input.plan)) {
          if (faults.length >= MAX_FAULTS) break;
          // One fault per category and assertion keeps panels small and varied.
          if (
            faults.some(
              (f) =>
                f.recipe.category === recipe.category &&
                f.recipe.source.split(' ')[0] === recipe.source.split(' ')[0],
            )
          )
            continue;
          let why = 'no candidate value';
          for (const variant of recipe.variants) {
            const calls = callsFor(task, variant, state);
            if (!calls.ok) {
              why = calls.reason;
              continue;
            }
            const ran = run(
              model,
              task,
              state,
              calls.calls,
              clock,
              `${task.id}/${condition}/${recipe.id}`,
            );
            if (typeof ran === 'string') {
              why = `unreachable: ${ran}`;
              continue;
            }
            const judged = evaluate(reference(), state, ran.after);
            if (judged.label !== 'invalid' || judged.qualificationErrors.length > 0) {
              why = 'the reference accepts it';
              continue;
            }
            if (!judged.checks.some((check) => !check.ok && check.category === recipe.category)) {
              why = `no failing check of category ${recipe.category}`;
              continue;
            }
            faults.push({ recipe, ran });
            categories.add(recipe.category);
            why = '';
            break;
          }
          if (why && condition === 'source')
            report.refusedItems.push({ recipe: recipe.id, source: recipe.source, reason: why });
        }
      }
      return { complete, faults };
    };

    const reference = () => boundReference(ctx);
    const source = panelOn('source', before, reference, true);
    const sourceCategories = new Set(source.faults.map((f) => f.recipe.category));
    if (sourceCategories.size < 2)
      throw new Refusal(
        `faults of ${sourceCategories.size} categor${sourceCategories.size === 1 ? 'y' : 'ies'} only (${[...sourceCategories].join(', ') || 'none'}); a full task needs two`,
      );

    // Related condition, binding route: the name the instruction uses now names another row.
    const relatedPanel = (state: State) => panelOn('related', state, reference, true);
    const byBinding = relatedByBinding(input, ctx, model, source, relatedPanel);
    const related =
      typeof byBinding === 'string'
        ? relatedByPreservation(input, ctx, model, relatedPanel)
        : byBinding;
    if (typeof related === 'string')
      throw new Refusal(
        `no related condition: binding route: ${byBinding}; preservation route: ${related}`,
      );
    if (related.decision) source.complete = related.decision;

    // Background: a teammate's edit to a row no assertion and no binding reads.
    const background = backgroundPatch(task, before, ctx, related.touched);
    if (typeof background === 'string') throw new Refusal(`no background condition: ${background}`);
    const backgroundState = before.apply(background.patch).state;
    const backgroundPanel = rerun(model, task, backgroundState, source, clock, 'background');
    if (typeof backgroundPanel === 'string') throw new Refusal(`background: ${backgroundPanel}`);

    // Construction-time checks (docs/agent-diff.md, "Qualification of constructed tasks").
    const ref = reference();
    const originalRef = { kind: 'legacy-diff', version: 1, spec: legacy.spec } as Reference;
    const sourceAgree = [source.complete, ...source.faults.map((f) => f.ran)].every(
      (ran) =>
        label(legacyDiffKind.evaluate(originalRef, before, ran.after)) ===
        label(evaluate(ref, before, ran.after)),
    );
    report.checks.push({
      check: 'source outcomes: the bound reference agrees with the original assertions',
      ok: sourceAgree || Object.keys(report.ignoredServerColumns).length > 0,
      detail: sourceAgree
        ? 'same labels on the complete outcome and every fault'
        : `labels differ only by the ignored server-written columns ${JSON.stringify(report.ignoredServerColumns)}`,
    });
    const replay = related.replay;
    const literalLabel = label(
      legacyDiffKind.evaluate(
        { ...originalRef, spec: ctx.rawSpec } as Reference,
        related.state,
        replay.after,
      ),
    );
    const boundRejects = label(evaluate(ref, related.state, replay.after)) === 'invalid';
    if (related.route === 'binding') {
      report.checks.push({
        check:
          'witness: the literal assertions accept the related replay, the bound reference rejects it',
        ok: literalLabel === 'valid' && boundRejects,
        detail: `literal ${literalLabel === 'valid' ? 'accepts' : 'rejects'}, bound ${boundRejects ? 'rejects' : 'accepts'}`,
      });
      const moved = related.binding!;
      const name = Object.values(moved.where).filter(
        (v) => typeof v === 'string' && lower.includes(v.toLowerCase()),
      );
      const uniqueBoth =
        resolveBinding(moved, before).ok && resolveBinding(moved, related.state).ok;
      report.checks.push({
        check: "the moved binding's name is in the instruction and unique in both before-states",
        ok: name.length > 0 && uniqueBoth,
        detail: `${moved.table} where ${JSON.stringify(moved.where)}`,
      });
    } else {
      const kept = related.preserved!;
      const replayRow = replay.after.rows(kept.table).find(
        (row) =>
          related.state
            .keyColumns(kept.table)
            .map((c) => String(row[c]))
            .join('/') === kept.id,
      );
      const reverted =
        replayRow !== undefined &&
        JSON.stringify(replayRow[kept.column]) === JSON.stringify(kept.source);
      report.checks.push({
        check:
          'witness: the related replay writes the source value over the value that must survive, and the reference rejects it',
        ok: reverted && boundRejects,
        detail: `${kept.table}.${kept.column}: ${JSON.stringify(kept.related)} -> ${JSON.stringify(replayRow?.[kept.column])}; reference ${boundRejects ? 'rejects' : 'accepts'} (the strict literal assertions ${literalLabel === 'valid' ? 'accept' : 'reject'} it too)`,
      });
    }
    const failed = report.checks.filter((check) => !check.ok);
    if (failed.length > 0)
      throw new Refusal(`construction check failed: ${failed.map((c) => c.check).join('; ')}`);

    const outcomeOf = (
      ran: Ran,
      extra: Partial<Outcome> & Pick<Outcome, 'id' | 'role' | 'label' | 'description'>,
    ): Outcome =>
      ({
        ...extra,
        calls: ran.calls,
        patch: ran.patch,
      }) as Outcome;
    const panel = (p: ConditionPanel): Outcome[] => [
      outcomeOf(p.complete, {
        id: 'complete',
        role: 'complete',
        label: 'valid',
        description: "every assertion made true by the actor's calls (recipe per assertion shape)",
      }),
      ...p.faults.map(({ recipe, ran }) =>
        outcomeOf(ran, {
          id: recipe.id,
          role: 'fault',
          label: 'invalid',
          fault: recipe.category,
          description: `${recipe.recipe} (${recipe.source})`,
        }),
      ),
    ];
    for (const { recipe } of source.faults)
      report.items.push({
        id: recipe.id,
        condition: 'source',
        category: recipe.category,
        recipe: recipe.recipe,
        source: recipe.source,
      });
    report.items.unshift({
      id: 'complete',
      recipe: 'one call recipe per assertion',
      source: 'every assertion',
    });
    report.items.push(
      { id: 'related', condition: 'related', recipe: related.recipe, source: related.origin },
      {
        id: 'background',
        condition: 'background',
        recipe: background.recipe,
        source: 'a row no assertion reads',
      },
      {
        id: 'witness',
        recipe:
          "the source decision's calls (the recipe's complete outcome) replayed on the related before-state",
        source: related.origin,
      },
    );

    const recordedOutcomes = task.outcomes.source
      .filter((outcome) => outcome.role === 'natural' || outcome.role === 'prefix')
      .map((outcome) => ({
        ...outcome,
        label: evaluate(ref, before, before.apply(outcome.patch).state).label,
      }));
    // A recorded run's valid ending is preferred as the complete outcome (docs/agent-diff.md,
    // "Constructed tasks"): what an agent really did. The call-made ending stays, as a valid
    // alternative, and remains the witness decision: the related and background panels rerun
    // its calls. An ending that inserts rows is not taken: a recorded diff does not carry the
    // columns the write model stamps on a new row, which a non-recorded outcome must have.
    const recorded = recordedOutcomes.find(
      (outcome) =>
        outcome.role === 'natural' &&
        outcome.label === 'valid' &&
        outcome.patch.length > 0 &&
        outcome.patch.every((op) => op.op !== 'insert') &&
        label(legacyDiffKind.evaluate(originalRef, before, before.apply(outcome.patch).state)) ===
          'valid',
    );
    const sourcePanel = panel(source);
    if (recorded) {
      const made = sourcePanel[0]!;
      sourcePanel.splice(
        0,
        1,
        {
          id: 'complete',
          role: 'complete',
          label: 'valid',
          description: `a recorded run's valid ending, preferred to the recipe's (${recorded.id}: ${recorded.description})`,
          patch: recorded.patch,
        } as Outcome,
        { ...made, id: 'complete-calls', role: 'alternative' },
      );
      report.items[0] = {
        id: 'complete',
        recipe: "a recorded run's valid ending (--runs); the recipe's calls kept as complete-calls",
        source: recorded.id,
      };
    }
    const sourceOutcomes = [...sourcePanel, ...recordedOutcomes];
    const constructed: Task = {
      ...task,
      reference: ref,
      conditions: {
        source: task.conditions.source,
        background: { description: background.recipe, patch: background.patch },
        related: {
          description: related.description,
          change: related.route === 'binding' ? 'binding' : 'preservation',
          patch: related.patch,
        },
      },
      outcomes: {
        source: sourceOutcomes,
        background: panel(backgroundPanel),
        related: panel(related.panel),
      },
      witness: {
        decision: recorded ? 'complete-calls' : 'complete',
        description: 'the source decision (literal ids) replayed on the related before-state',
      },
      traps: related.route === 'binding' ? ['shared-name'] : ['copied-value'],
    };
    report.tier = 'full';
    return { task: constructed, report };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    report.reason = error.message;
    return { report };
  }
}

/** Columns the complete outcome changed that no assertion expects and no request asked for. */
function serverStamped(
  spec: LegacyDiffSpec,
  before: State,
  ran: Ran,
  calls: readonly ApiCall[],
): Record<string, string[]> {
  const requested = JSON.stringify(calls);
  const out: Record<string, string[]> = {};
  for (const op of ran.patch) {
    if (op.op !== 'update') continue;
    const assertion = spec.assertions.find(
      (a) => a.entity === op.table && a.diff_type === 'changed',
    );
    if (!assertion) continue;
    const ignored = new Set([
      ...(spec.ignoreFields.global ?? []),
      ...(spec.ignoreFields[op.table] ?? []),
      ...assertion.ignore,
    ]);
    for (const column of Object.keys(op.set)) {
      if (column in assertion.expected_changes || ignored.has(column)) continue;
      if (requested.includes(`"${column}"`)) continue;
      out[op.table] = [...new Set([...(out[op.table] ?? []), column])];
    }
  }
  void before;
  return out;
}

/** The source panel's calls run again on another before-state (background keeps every label). */
function rerun(
  model: WriteModel,
  task: Task,
  state: State,
  source: ConditionPanel,
  clock: CallClock,
  condition: ConditionName,
): ConditionPanel | string {
  const complete = run(
    model,
    task,
    state,
    source.complete.calls,
    clock,
    `${task.id}/${condition}/complete`,
  );
  if (typeof complete === 'string') return `complete outcome: ${complete}`;
  const faults: ConditionPanel['faults'] = [];
  for (const { recipe, ran } of source.faults) {
    const again = run(model, task, state, ran.calls, clock, `${task.id}/${condition}/${recipe.id}`);
    if (typeof again === 'string') return `${recipe.id}: ${again}`;
    faults.push({ recipe, ran: again });
  }
  return { complete, faults };
}

interface RelatedResult {
  route: 'binding' | 'preservation';
  /** binding route: the binding whose name now names another row */
  binding?: Binding;
  /** preservation route: the column whose initial value differs and must survive */
  preserved?: { table: string; id: string; column: string; source: JsonValue; related: JsonValue };
  patch: Patch;
  state: State;
  description: string;
  /** The item's recipe and the assertion or lint finding it rests on, for the report. */
  recipe: string;
  origin: string;
  panel: ConditionPanel;
  replay: Ran;
  /** The source decision, when the route needs one that writes more (preservation). */
  decision?: Ran;
  touched: Set<string>;
}

/**
 * The binding route: swap the readable column the instruction uses between the bound row and
 * a sibling, so the instruction's name resolves to the sibling in the related before-state.
 */
function relatedByBinding(
  input: ConstructInput,
  ctx: BoundContext,
  model: WriteModel,
  source: ConditionPanel,
  panelOn: (state: State) => ConditionPanel,
): RelatedResult | string {
  const { task, before, clock } = input;
  if (ctx.bindings.length === 0)
    return 'no literal id of the assertions is named in the instruction by a unique readable column (stale-binding lint)';
  const reasons: string[] = [];
  for (const binding of ctx.bindings) {
    const row = before.get(binding.table, { [binding.keyColumn]: binding.value });
    if (!row) continue;
    const columns = Object.keys(binding.where);
    for (const other of siblings(before, binding.table, row).slice(0, MAX_CANDIDATES)) {
      if (columns.some((column) => typeof other[column] !== 'string')) continue;
      const keyColumns = before.keyColumns(binding.table);
      const set = (from: Row) =>
        Object.fromEntries(columns.map((column) => [column, from[column] as JsonValue]));
      const patch: Patch = [
        { op: 'update', table: binding.table, key: keyObject(keyColumns, row), set: set(other) },
        { op: 'update', table: binding.table, key: keyObject(keyColumns, other), set: set(row) },
      ];
      const applied = before.apply(patch);
      if (applied.errors.length > 0) continue;
      const errors: PackError[] = [];
      checkPatchInvariants(before, applied.state, patch, 'construct', [], 'related', errors);
      if (errors.length > 0) {
        reasons.push(`swap with ${String(other[binding.keyColumn])}: ${errors[0]!.message}`);
        continue;
      }
      const state = applied.state;
      try {
        const panel = panelOn(state);
        if (new Set(panel.faults.map((f) => f.recipe.category)).size < 2) {
          reasons.push(
            `swap with ${String(other[binding.keyColumn])}: related faults of fewer than two categories`,
          );
          continue;
        }
        const replay = run(model, task, state, source.complete.calls, clock, `${task.id}/witness`);
        if (typeof replay === 'string') {
          reasons.push(
            `swap with ${String(other[binding.keyColumn])}: the witness replay is refused: ${replay}`,
          );
          continue;
        }
        const judged = evaluate(boundReference(ctx), state, replay.after);
        if (judged.label !== 'invalid') {
          reasons.push(`swap with ${String(other[binding.keyColumn])}: the replay stays valid`);
          continue;
        }
        const newId = String(other[binding.keyColumn]);
        const finding = input.findings.find((f) => f.value === binding.value);
        return {
          route: 'binding',
          binding,
          patch,
          state,
          description: `the name the instruction uses for ${binding.table} ${binding.value} now names ${newId}`,
          recipe: `binding route: ${binding.table}.${columns.join('/')} swapped with another row, so the instruction's name now names ${newId}`,
          origin: finding?.message ?? `binding ${binding.value}`,
          panel,
          replay,
          touched: new Set([binding.value, newId]),
        };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        reasons.push(`swap with ${String(other[binding.keyColumn])}: ${error.message}`);
      }
    }
  }
  return reasons.slice(0, 3).join(' | ') || 'no sibling row to move the name to';
}

/**
 * The preservation route: a teammate changed a column of the named row before the run, so the
 * value that must survive differs. The source decision writes that column with the value it
 * had (a client sending the whole object); replayed on the related state it overwrites the
 * teammate's value, which strict mode refuses.
 */
function relatedByPreservation(
  input: ConstructInput,
  ctx: BoundContext,
  model: WriteModel,
  panelOn: (state: State) => ConditionPanel,
): RelatedResult | string {
  const { task, before, clock } = input;
  if (!ctx.spec.strict) return 'the suite is not strict: no column must survive';
  const reasons: string[] = [];
  for (const [k, assertion] of ctx.spec.assertions.entries()) {
    if (assertion.diff_type !== 'changed' || !before.hasTable(assertion.entity)) continue;
    const rows = before
      .rows(assertion.entity)
      .filter((row) => rowMatchesWhere(row, assertion.where));
    if (rows.length !== 1) continue;
    const row = rows[0]!;
    const ignored = new Set([
      ...(ctx.spec.ignoreFields.global ?? []),
      ...(ctx.spec.ignoreFields[assertion.entity] ?? []),
      ...assertion.ignore,
    ]);
    for (const { column } of EXTRA_COLUMNS[assertion.entity] ?? []) {
      if (column in assertion.expected_changes || ignored.has(column) || !(column in row)) continue;
      if (Object.keys(assertion.where).includes(column)) continue;
      const current = row[column] as JsonValue;
      const moved: JsonValue =
        typeof current === 'number'
          ? current === 3
            ? 4
            : 3
          : `${String(current ?? '')} (edited by a teammate)`.trim();
      const key = keyObject(before.keyColumns(assertion.entity), row);
      const patch: Patch = [
        { op: 'update', table: assertion.entity, key, set: { [column]: moved } },
      ];
      const applied = before.apply(patch);
      if (applied.errors.length > 0) continue;
      const errors: PackError[] = [];
      checkPatchInvariants(before, applied.state, patch, 'construct', [], 'related', errors);
      if (errors.length > 0) {
        reasons.push(`${column}: ${errors[0]!.message}`);
        continue;
      }
      // The decision: the complete outcome's calls, with the column written as it was.
      const writing = ctx.spec.assertions.map((a, index) =>
        index === k
          ? { ...a, expected_changes: { ...a.expected_changes, [column]: { to: { eq: current } } } }
          : a,
      );
      const made = callsFor(task, writing, before);
      if (!made.ok) {
        reasons.push(`${column}: ${made.reason}`);
        continue;
      }
      const decision = run(model, task, before, made.calls, clock, `${task.id}/source/complete`);
      if (typeof decision === 'string') {
        reasons.push(`${column}: the decision is refused: ${decision}`);
        continue;
      }
      if (evaluate(boundReference(ctx), before, decision.after).label !== 'valid') {
        reasons.push(`${column}: writing the unchanged value is not accepted under source`);
        continue;
      }
      const state = applied.state;
      try {
        const panel = panelOn(state);
        if (new Set(panel.faults.map((f) => f.recipe.category)).size < 2) {
          reasons.push(`${column}: related faults of fewer than two categories`);
          continue;
        }
        const replay = run(model, task, state, decision.calls, clock, `${task.id}/witness`);
        if (typeof replay === 'string') {
          reasons.push(`${column}: the witness replay is refused: ${replay}`);
          continue;
        }
        if (evaluate(boundReference(ctx), state, replay.after).label !== 'invalid') {
          reasons.push(`${column}: the replay stays valid`);
          continue;
        }
        const id = before
          .keyColumns(assertion.entity)
          .map((c) => String(row[c]))
          .join('/');
        return {
          route: 'preservation',
          preserved: { table: assertion.entity, id, column, source: current, related: moved },
          patch,
          state,
          description: `${assertion.entity} ${id}.${column} was changed by a teammate before the run; it must survive`,
          recipe: `preservation route: ${assertion.entity}.${column} of the named row starts at another value; strict mode requires it to stay`,
          origin: `assertion#${k + 1} (strict: only ${Object.keys(assertion.expected_changes).join(', ')} may change)`,
          panel,
          replay,
          decision,
          touched: new Set([id]),
        };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        reasons.push(`${column}: ${error.message}`);
      }
    }
  }
  return (
    reasons.slice(0, 3).join(' | ') ||
    'no changed assertion on one named row with a column that must survive'
  );
}

const NAME_COLUMNS = ['name', 'title', 'summary', 'channel_name', 'identifier', 'display_name'];

const BACKGROUND: Record<Task['service'], { table: string; column: string }> = {
  linear: { table: 'issues', column: 'description' },
  slack: { table: 'channels', column: 'purpose_text' },
  box: { table: 'box_folders', column: 'description' },
  calendar: { table: 'calendar_events', column: 'description' },
};

/** A teammate's edit to a row that no assertion, binding or instruction mentions. */
function backgroundPatch(
  task: Task,
  before: State,
  ctx: BoundContext,
  touched: ReadonlySet<string>,
): { patch: Patch; recipe: string } | string {
  const { table, column } = BACKGROUND[task.service];
  if (!before.hasTable(table)) return `no ${table} table`;
  const mentioned = JSON.stringify(ctx.rawSpec) + task.instruction;
  const key = before.keyColumns(table);
  const entities = new Set(ctx.spec.assertions.map((a) => a.entity));
  const lowerInstruction = task.instruction.toLowerCase();
  for (const row of [...before.rows(table)].reverse()) {
    const id = key.map((c) => String(row[c])).join('/');
    if (touched.has(id) || mentioned.includes(id)) continue;
    if (
      NAME_COLUMNS.some((c) => {
        const value = row[c];
        return (
          typeof value === 'string' &&
          value.length >= 3 &&
          lowerInstruction.includes(value.toLowerCase())
        );
      })
    )
      continue;
    if (
      entities.has(table) &&
      ctx.spec.assertions.some(
        (a) => a.entity === table && a.diff_type !== 'added' && rowMatchesWhere(row, a.where),
      )
    )
      continue;
    const current = typeof row[column] === 'string' ? (row[column] as string) : '';
    const patch: Patch = [
      {
        op: 'update',
        table,
        key: keyObject(key, row),
        set: { [column]: `${current} (updated by a teammate)`.trim() },
      },
    ];
    if (before.apply(patch).errors.length > 0) continue;
    return { patch, recipe: `${table}.${column} of ${id} edited by a teammate before the run` };
  }
  return `every ${table} row is mentioned`;
}
