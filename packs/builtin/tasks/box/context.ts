// What every built-in Box task builder shares: the seed's before-state, lookups by name, the
// actor and the people of the conditions, the reference pieces, outcomes written as calls and
// the task assembly that derives their rows (one family per file beside this one; box.ts lists
// them in generation order).

import path from 'node:path';
import {
  type ApiCall,
  alternative,
  applyPatch,
  box,
  brokenServiceRules,
  type Check,
  complete,
  declarativeReference,
  deriveCalls,
  fault,
  findRow,
  idOf,
  type Outcome,
  type OutcomeFile,
  type Patch,
  prefix,
  type Row,
  type Selector,
  type State,
  seedState,
  type Task,
  type Trap,
} from 'agentproofbench/authoring';
import { BUILTIN_PACK, REPO_ROOT } from '../../../lib/generator.js';
import { BUILTIN_CALL_CLOCK } from '../../clock.js';
import { withTotal } from '../../seeds/box/cost-plan.js';

const { addComment } = box;
type BoxCall = box.BoxCall;

export const base = seedState(path.join(REPO_ROOT, BUILTIN_PACK), 'box-base');

// ---------------------------------------------------------------- lookups by name
export const user = (name: string) => findRow(base, 'box_users', { name }, `user ${name}`);
export const folderIn = (name: string, parent: Row | '0', state: State = base) =>
  findRow(
    state,
    'box_folders',
    { name, parent_id: parent === '0' ? '0' : idOf(parent) },
    `folder ${name}`,
  );
/** The folder at a path of names from All Files. */
export const folderAt = (names: readonly string[], state: State = base): Row => {
  let current: Row | '0' = '0';
  for (const name of names) current = folderIn(name, current, state);
  if (current === '0') throw new Error('a folder path names at least one folder');
  return current;
};
export const fileIn = (name: string, parent: Row, state: State = base) =>
  findRow(
    state,
    'box_files',
    (row) => row.name === name && row.parent_id === parent.id && row.item_status === 'active',
    `file ${name}`,
  );
export const current = (state: State, table: 'box_files' | 'box_folders', row: Row): Row =>
  findRow(state, table, { id: idOf(row) });

export const marta = user('Marta Kowalczyk');
export const priyaR = user('Priya Raman');
export const priyaD = user('Priya Desai');
export const owen = user('Owen Achterberg');
export const actor = { id: idOf(marta), name: String(marta.name), email: String(marta.login) };

// Condition patches are edits others made on 9 March, inside the seed's own history; the run's
// stamps come from the pack's calls clock (packs/builtin/clock.ts), which starts after
// every stamp of the seed.
export const BEFORE_RUN = '2026-03-09T15:20:00+00:00';

/** What every task builder gets from generate(): the id sequence of this generation. */
export interface Ctx {
  newId: () => string;
}
export const call = (ctx: Ctx, by: Row, when: string): BoxCall => ({ by, when, newId: ctx.newId });

// ---------------------------------------------------------------- reference pieces
/** A selector name for a folder: its first word in lower case (`Projects` -> `projects`). */
export const keyOf = (name: string): string => name.split(/[^A-Za-z0-9]/)[0]!.toLowerCase();
/** The selector names pathSelectors gives the folders of a path. */
export const keysOf = (names: readonly string[]): string[] => names.map(keyOf);

/** Selectors walking a folder path from All Files: `keys[i]` names the folder `names[i]`. */
export function pathSelectors(
  names: readonly string[],
  keys: readonly string[] = keysOf(names),
): Record<string, Selector> {
  const selectors: Record<string, Selector> = {};
  names.forEach((name, index) => {
    const parent = index === 0 ? '0' : { ref: keys[index - 1]!, field: 'id' };
    selectors[keys[index]!] = {
      table: 'box_folders',
      where: { name, parent_id: parent },
      cardinality: 'one',
    };
  });
  return selectors;
}

/** The active file with this exact name in the folder selected as `folderKey`. */
export function fileSelector(name: string, folderKey: string, description?: string): Selector {
  return {
    table: 'box_files',
    where: { name, parent_id: { ref: folderKey, field: 'id' }, item_status: 'active' },
    cardinality: 'one',
    ...(description ? { description } : {}),
  };
}

export interface Conditions {
  background: { description: string; patch: Patch };
  related: {
    description: string;
    change: 'binding' | 'value' | 'membership' | 'preservation';
    patch: Patch;
  };
}

/** An outcome written as the calls Marta makes; task() derives its patch per condition. */
export type Drafted = Omit<Outcome, 'patch'> & { calls: ApiCall[] };
/** A panel of outcomes, each written as calls. */
export type Panel = readonly Drafted[];

export function drafted(made: Outcome, calls: ApiCall[]): Drafted {
  const { patch: _written, ...rest } = made;
  return { ...rest, calls };
}
/** The outcome roles of agentproofbench/authoring (complete, fault, …), written as calls. */
export const completeCalls = (id: string, description: string, calls: ApiCall[]): Drafted =>
  drafted(complete(id, description, []), calls);
export const alternativeCalls = (id: string, description: string, calls: ApiCall[]): Drafted =>
  drafted(alternative(id, description, []), calls);
export const prefixCalls = (id: string, description: string, calls: ApiCall[]): Drafted =>
  drafted(prefix(id, description, []), calls);
export const faultCalls = (
  id: string,
  category: Parameters<typeof fault>[1],
  description: string,
  calls: ApiCall[],
): Drafted => drafted(fault(id, category, description, []), calls);

export interface TaskParts {
  id: string;
  family: string;
  instruction: string;
  selectors: Record<string, Selector>;
  checks: Check[];
  conditions: Conditions;
  source: Panel;
  related: Panel;
  witness: string;
  traps: Trap[];
}

/** The stream a state's calls are derived in (CALLS clock; docs/pack-format.md). */
export const streamOf = (taskId: string, condition: string, outcomeId: string) =>
  `${taskId}/${condition}/${outcomeId}`;

/**
 * Each outcome written as calls gets the patch the Box write model derives for it on that
 * condition's before-state, as Marta, in the stream the loader uses: the pack carries both.
 */
export function derivePanel(
  taskId: string,
  condition: string,
  before: State,
  panel: Panel,
): Outcome[] {
  return panel.map((made) => {
    const { patch } = deriveCalls(
      before,
      actor,
      made.calls,
      BUILTIN_CALL_CLOCK,
      streamOf(taskId, condition, made.id),
    );
    return { ...made, patch };
  });
}

export function task(parts: TaskParts): Task {
  const background = applyPatch(base, parts.conditions.background.patch, `${parts.id} background`);
  const related = applyPatch(base, parts.conditions.related.patch, `${parts.id} related`);
  return {
    id: parts.id,
    family: parts.family,
    service: 'box',
    seed: 'box-base',
    actor,
    instruction: parts.instruction,
    reference: declarativeReference(parts.selectors, parts.checks),
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background: parts.conditions.background,
      related: parts.conditions.related,
    },
    outcomes: {
      source: derivePanel(parts.id, 'source', base, parts.source),
      background: derivePanel(parts.id, 'background', background, parts.source),
      related: derivePanel(parts.id, 'related', related, parts.related),
    },
    witness: { decision: 'complete', description: parts.witness },
    traps: parts.traps,
  };
}

/**
 * No state of a task may break a Box rule (e.g. two active items of one name in a folder,
 * which Box refuses with item_name_in_use): every condition, every outcome, the witness replay
 * (the decision's calls run on the related before-state, as the loader replays them).
 */
export function assertBoxInvariants(t: Task): Task {
  const problems: string[] = [];
  const check = (what: string, state: State) => {
    for (const broken of brokenServiceRules('box', state))
      problems.push(`${what}: ${broken.rule}: ${broken.message}`);
  };
  const before: Record<string, State> = {};
  for (const [name, condition] of Object.entries(t.conditions)) {
    if (!condition) continue;
    before[name] = applyPatch(base, condition.patch, `${t.id} ${name}`);
    check(`${t.id} ${name}`, before[name]!);
  }
  for (const [name, outcomes] of Object.entries(t.outcomes))
    for (const outcome of outcomes ?? [])
      check(
        `${t.id} ${name}/${outcome.id}`,
        applyPatch(before[name]!, outcome.patch, `${t.id} ${name}/${outcome.id}`),
      );
  const decision: OutcomeFile | undefined = t.outcomes.source.find(
    (outcome) => outcome.id === t.witness?.decision,
  );
  if (decision && before.related)
    check(
      `${t.id} witness replay`,
      decision.calls
        ? deriveCalls(before.related, actor, decision.calls, BUILTIN_CALL_CLOCK, `${t.id}/witness`)
            .after
        : applyPatch(before.related, decision.patch!, `${t.id} replay`),
    );
  if (problems.length > 0) throw new Error(`Box names clash:\n${problems.join('\n')}`);
  return t;
}

// ---------------------------------------------------------------- content helpers

/** A cost plan CSV with a new contingency amount. */
export function withContingency(csv: string, amount: number): string {
  return withTotal(
    csv.replace(/^Contingency,1,item,\d+,\d+$/m, `Contingency,1,item,${amount},${amount}`),
  );
}

/** A background edit: someone comments on a file the task does not touch. */
export function commentElsewhere(
  ctx: Ctx,
  folder: readonly string[],
  fileName: string,
  by: Row,
  message: string,
): { description: string; patch: Patch } {
  return {
    description: `${String(by.name)} commented on "${fileName}" (${folder.slice(1).join(' › ')}) the day before`,
    patch: addComment(base, fileIn(fileName, folderAt(folder)), message, call(ctx, by, BEFORE_RUN)),
  };
}

/** The files of a folder in the order Box lists them (name, numbers compared as numbers). */
export function listed(state: State, folder: Row): Row[] {
  return state
    .rows('box_files')
    .filter((row) => row.parent_id === folder.id && row.item_status !== 'trashed')
    .sort((a, b) =>
      String(a.name).localeCompare(String(b.name), 'en', { sensitivity: 'base', numeric: true }),
    );
}
/** Box's default page of GET /folders/{id}/items. */
export const DEFAULT_PAGE = 100;
