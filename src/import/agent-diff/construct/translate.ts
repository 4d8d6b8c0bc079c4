import { rowMatchesWhere } from '../../../reference/legacy-diff/predicate.js';
import type { LegacyAssertion } from '../../../reference/legacy-diff/spec.js';
import type { ApiCall } from '../../../schema/call.js';
import type { JsonValue, Row } from '../../../schema/json.js';
import type { Service } from '../../../schema/service.js';
import type { Actor } from '../../../schema/task.js';
import type { State } from '../../../state/state.js';
import { boxParentFromInstruction } from './box-parent.js';
import { aclDeletedDefect, calendarChannelRecipe } from './calendar-channels.js';
import { completeRecurrence } from './recurrence.js';
import { blocksMessage } from './slack-blocks.js';
import { messageText } from './thin-text.js';
import { quotedPhrases, valueSatisfying } from './values.js';

export interface TranslateContext {
  before: State;
  instruction: string;
  actor: Actor;
  /**
   * Rows an earlier assertion of the same task creates, by table: a `{{N.path}}` reference to
   * the new id in that call's response, for a later assertion that does not spell the id (a
   * member added to the channel the task creates).
   */
  created?: ReadonlyMap<string, string>;
  /** Every assertion of the task (as the recipe runs them), for a recipe that reads a sibling's. */
  assertions?: readonly LegacyAssertion[];
  /** Box folders earlier calls of the task create: name → `{{N.id}}`, in the order made. */
  createdFolders?: ReadonlyMap<string, string>;
}

/**
 * Values a per-task plan file supplies for an assertion's fields (docs/agent-diff.md, "Plan
 * files"), carried on the assertion itself so that a fault's altered copy keeps them.
 */
const PLAN_VALUES = Symbol('planValues');
type Planned = LegacyAssertion & { [PLAN_VALUES]?: Readonly<Record<string, JsonValue>> };

export function withPlanValues(
  assertion: LegacyAssertion,
  values: Readonly<Record<string, JsonValue>> | undefined,
): LegacyAssertion {
  return values ? ({ ...assertion, [PLAN_VALUES]: values } as Planned) : assertion;
}

function planValue(assertion: LegacyAssertion, field: string): JsonValue | undefined {
  return (assertion as Planned)[PLAN_VALUES]?.[field];
}

/** Where the id of a created row is in its call's response, per table (the services' own shapes). */
export const CREATED_ID_PATH: Readonly<Record<string, string>> = {
  box_hubs: 'id',
  channels: 'channel.id',
  calendars: 'id',
  box_folders: 'id',
  issue_labels: 'data.issueLabelCreate.issueLabel.id',
};

/** An `added channels` assertion for a direct message or a group DM (`is_dm` / `is_gc` true). */
export function isDirectConversation(assertion: LegacyAssertion): boolean {
  if (assertion.diff_type !== 'added' || assertion.entity !== 'channels') return false;
  const flag = (field: string) => {
    const predicate = assertion.where[field] as JsonValue | Record<string, JsonValue> | undefined;
    return (
      predicate === true ||
      (typeof predicate === 'object' &&
        predicate !== null &&
        !Array.isArray(predicate) &&
        predicate.eq === true)
    );
  };
  return flag('is_dm') || flag('is_gc');
}

export type Translated = { ok: true; calls: ApiCall[] } | { ok: false; reason: string };

const refuse = (reason: string): Translated => ({ ok: false, reason });

/** The value an assertion asks of `field`: its `where` predicate or its expected change's `to`. */
export function wanted(
  assertion: LegacyAssertion,
  field: string,
  ctx: TranslateContext,
): JsonValue | undefined {
  const predicate = assertion.expected_changes[field]?.to ?? assertion.where[field];
  const read = predicate ? valueSatisfying(predicate, ctx.instruction) : undefined;
  // A plan file's value fills what the predicate cannot say (docs/agent-diff.md, "Plan files").
  return read ?? planValue(assertion, field);
}

/** The one before-state row a `changed`/`removed` assertion is about. */
function targetRow(assertion: LegacyAssertion, ctx: TranslateContext): Row | string {
  if (!ctx.before.hasTable(assertion.entity)) return `no table ${assertion.entity} in the seed`;
  const rows = ctx.before
    .rows(assertion.entity)
    .filter((row) => rowMatchesWhere(row, assertion.where));
  if (rows.length !== 1)
    return `its where-clause matches ${rows.length} ${assertion.entity} rows of the before-state (a recipe needs exactly one)`;
  return rows[0]!;
}

type FieldMap = Record<string, (value: JsonValue, row: Row) => Record<string, JsonValue>>;

/** Build a request body from the expected changes; undefined names the field no request writes. */
function bodyOf(
  assertion: LegacyAssertion,
  fields: FieldMap,
  ctx: TranslateContext,
  row: Row,
  skip: ReadonlySet<string> = new Set(),
): { body: Record<string, JsonValue> } | { missing: string } {
  const body: Record<string, JsonValue> = {};
  for (const field of Object.keys(assertion.expected_changes)) {
    if (skip.has(field)) continue;
    const write = fields[field];
    const value = wanted(assertion, field, ctx);
    if (!write) return { missing: `no request of the recipe writes ${assertion.entity}.${field}` };
    if (value === undefined)
      return {
        missing: `no value can be read off the expected change of ${assertion.entity}.${field}`,
      };
    Object.assign(body, write(value, row));
  }
  return { body };
}

// ---------------------------------------------------------------- Box (REST)

const BOX_ITEM_FIELDS: FieldMap = {
  name: (value) => ({ name: value }),
  parent_id: (value) => ({ parent: { id: value } }),
  description: (value) => ({ description: value }),
  tags: (value, row) => {
    const tags = Array.isArray(row.tags) ? (row.tags as JsonValue[]) : [];
    return { tags: Array.isArray(value) ? value : [...tags, value] };
  },
};

/** Existing folders the task's assertions rename: new name → id (a parent the instruction names so). */
function renamedFolders(ctx: TranslateContext): Map<string, string> {
  const renamed = new Map<string, string>();
  for (const assertion of ctx.assertions ?? []) {
    if (assertion.diff_type !== 'changed' || assertion.entity !== 'box_folders') continue;
    if (!assertion.expected_changes.name) continue;
    const row = targetRow(assertion, ctx);
    const name = wanted(assertion, 'name', ctx);
    if (typeof row !== 'string' && typeof name === 'string') renamed.set(name, row.id as string);
  }
  return renamed;
}

function box(assertion: LegacyAssertion, ctx: TranslateContext): Translated {
  const { entity, diff_type: type } = assertion;
  if (type === 'changed' && (entity === 'box_files' || entity === 'box_folders')) {
    const row = targetRow(assertion, ctx);
    if (typeof row === 'string') return refuse(row);
    const collection = entity === 'box_files' ? 'files' : 'folders';
    const status = assertion.expected_changes.item_status;
    const made = bodyOf(assertion, BOX_ITEM_FIELDS, ctx, row, new Set(['item_status']));
    if ('missing' in made) return refuse(made.missing);
    if (status) {
      if (wanted(assertion, 'item_status', ctx) !== 'trashed')
        return refuse(`no recipe for ${entity}.item_status other than trashed`);
      // Other changes first (a rename, a move), then the trash: two requests, as a client makes them.
      const update: ApiCall[] =
        Object.keys(made.body).length > 0
          ? [{ method: 'PUT', path: `/${collection}/${row.id}`, body: made.body }]
          : [];
      return {
        ok: true,
        calls: [...update, { method: 'DELETE', path: `/${collection}/${row.id}` }],
      };
    }
    return {
      ok: true,
      calls: [{ method: 'PUT', path: `/${collection}/${row.id}`, body: made.body }],
    };
  }
  if (type === 'added' && entity === 'box_folders') {
    const name = wanted(assertion, 'name', ctx);
    if (typeof name !== 'string') return refuse('box_folders: no folder name can be read off');
    let parent = wanted(assertion, 'parent_id', ctx);
    if (parent === undefined) {
      // The assertions leave the parent open: the instruction says where the folder belongs.
      const read = boxParentFromInstruction(name, ctx.instruction, ctx.before, {
        created: ctx.createdFolders ?? new Map(),
        renamed: renamedFolders(ctx),
      });
      if (!read.ok) return refuse(`box_folders: ${read.reason}`);
      parent = read.parent;
    }
    const body: Record<string, JsonValue> = { name, parent: { id: parent } };
    return { ok: true, calls: [{ method: 'POST', path: '/folders', body }] };
  }
  if (type === 'added' && entity === 'box_comments') {
    const item = wanted(assertion, 'item_id', ctx) ?? wanted(assertion, 'file_id', ctx);
    const message = wanted(assertion, 'message', ctx);
    if (typeof item !== 'string' || typeof message !== 'string')
      return refuse('box_comments: the item or the message cannot be read off');
    return {
      ok: true,
      calls: [
        { method: 'POST', path: '/comments', body: { item: { type: 'file', id: item }, message } },
      ],
    };
  }
  if (type === 'added' && entity === 'box_hubs') {
    const title = wanted(assertion, 'title', ctx);
    if (typeof title !== 'string') return refuse('box_hubs: no title can be read off');
    return { ok: true, calls: [{ method: 'POST', path: '/hubs', body: { title } }] };
  }
  if (type === 'added' && entity === 'box_hub_items') {
    const hub = wanted(assertion, 'hub_id', ctx) ?? ctx.created?.get('box_hubs');
    const item = wanted(assertion, 'item_id', ctx);
    if (typeof hub !== 'string' || typeof item !== 'string')
      return refuse('box_hub_items: the hub and the item must be literal or created by the task');
    const itemType = ctx.before.get('box_folders', { id: item })
      ? 'folder'
      : ctx.before.get('box_files', { id: item })
        ? 'file'
        : undefined;
    if (!itemType) return refuse(`box_hub_items: no file or folder ${item} in the before-state`);
    return {
      ok: true,
      calls: [
        {
          method: 'POST',
          path: `/hubs/${hub}/manage_items`,
          body: { operations: [{ action: 'add', item: { type: itemType, id: item } }] },
        },
      ],
    };
  }
  return refuse(`no recipe for ${type} ${entity}`);
}

// ---------------------------------------------------------------- Linear (GraphQL)

const gql = (query: string, variables: Record<string, JsonValue>): ApiCall => ({
  method: 'POST',
  path: 'graphql',
  body: { query, variables },
});

const ISSUE_FIELDS = [
  'title',
  'description',
  'teamId',
  'stateId',
  'assigneeId',
  'parentId',
  'projectId',
  'priority',
  'estimate',
  'dueDate',
];
// Written by the server from another field the request sets (docs/replicas.md, Linear).
const LINEAR_DERIVED = new Set(['priorityLabel']);
const asField =
  (name: string): FieldMap[string] =>
  (value) => ({ [name]: value });
const ISSUE_FIELD_MAP: FieldMap = Object.fromEntries(
  ISSUE_FIELDS.map((field) => [field, asField(field)]),
);

/**
 * The team a new issue belongs to when the where-clause does not say: its workflow state's or
 * its parent's team (issueCreate requires a state of the issue's own team), otherwise the one
 * team whose name or key the instruction names as "<name> team" (or "<name> ticket", "<name> issue").
 */
function impliedTeam(input: Record<string, JsonValue>, ctx: TranslateContext): string | undefined {
  const teamOf = (table: string, id: JsonValue | undefined) =>
    typeof id === 'string' ? ctx.before.get(table, { id })?.teamId : undefined;
  const implied = teamOf('workflow_states', input.stateId) ?? teamOf('issues', input.parentId);
  if (typeof implied === 'string') return implied;
  if (!ctx.before.hasTable('teams')) return undefined;
  const lower = ctx.instruction.toLowerCase();
  const named = ctx.before
    .rows('teams')
    .filter((team) =>
      [team.name, team.key].some(
        (value) =>
          typeof value === 'string' &&
          ['team', 'ticket', 'issue'].some((noun) =>
            lower.includes(`${value.toLowerCase()} ${noun}`),
          ),
      ),
    );
  return named.length === 1 ? (named[0]!.id as string) : undefined;
}

function linear(assertion: LegacyAssertion, ctx: TranslateContext): Translated {
  const { entity, diff_type: type } = assertion;
  if (type === 'changed' && entity === 'issues') {
    const row = targetRow(assertion, ctx);
    if (typeof row === 'string') return refuse(row);
    const made = bodyOf(assertion, ISSUE_FIELD_MAP, ctx, row, LINEAR_DERIVED);
    if ('missing' in made) return refuse(made.missing);
    return {
      ok: true,
      calls: [
        gql(
          'mutation ($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success } }',
          { id: row.id as string, input: made.body },
        ),
      ],
    };
  }
  if (type === 'changed' && entity === 'comments') {
    const row = targetRow(assertion, ctx);
    if (typeof row === 'string') return refuse(row);
    const made = bodyOf(assertion, { body: asField('body') }, ctx, row);
    if ('missing' in made) return refuse(made.missing);
    return {
      ok: true,
      calls: [
        gql(
          'mutation ($id: String!, $input: CommentUpdateInput!) { commentUpdate(id: $id, input: $input) { success } }',
          { id: row.id as string, input: made.body },
        ),
      ],
    };
  }
  if (type === 'added' && entity === 'comments') {
    const issueId = wanted(assertion, 'issueId', ctx);
    const body = wanted(assertion, 'body', ctx);
    if (typeof issueId !== 'string' || typeof body !== 'string')
      return refuse('comments: the issue or the body cannot be read off');
    return {
      ok: true,
      calls: [
        gql('mutation ($input: CommentCreateInput!) { commentCreate(input: $input) { success } }', {
          input: { issueId, body },
        }),
      ],
    };
  }
  if (type === 'added' && entity === 'issues') {
    const input: Record<string, JsonValue> = {};
    for (const field of ISSUE_FIELDS) {
      if (!(field in assertion.where)) continue;
      const value = wanted(assertion, field, ctx);
      if (value === undefined) return refuse(`issues: no value can be read off where.${field}`);
      input[field] = value;
    }
    for (const field of Object.keys(assertion.where))
      if (!ISSUE_FIELDS.includes(field) && !LINEAR_DERIVED.has(field))
        return refuse(`issues: no request of the recipe writes where.${field}`);
    if (typeof input.teamId !== 'string') {
      const team = impliedTeam(input, ctx) ?? planValue(assertion, 'teamId');
      if (typeof team !== 'string')
        return refuse(
          'issues: a new issue needs its team: none in the where-clause, none implied by its state or parent, and the instruction names no single team (a plan file can: values.teamId)',
        );
      input.teamId = team;
    }
    if (input.title === undefined) {
      // "Create three issues: 'A', 'B' and 'C'": one issue per quoted title, as many as counted.
      const titles = quotedPhrases(ctx.instruction);
      const count = typeof assertion.expected_count === 'number' ? assertion.expected_count : 1;
      if (titles.length !== count)
        return refuse(
          `issues: no title in the where-clause, and the instruction quotes ${titles.length} phrase(s) for ${count} issue(s)`,
        );
      return {
        ok: true,
        calls: [...titles].reverse().map((title) =>
          gql('mutation ($input: IssueCreateInput!) { issueCreate(input: $input) { success } }', {
            input: { ...input, title },
          }),
        ),
      };
    }
    if (typeof input.title !== 'string') return refuse('issues: the title cannot be read off');
    return {
      ok: true,
      calls: [
        gql('mutation ($input: IssueCreateInput!) { issueCreate(input: $input) { success } }', {
          input,
        }),
      ],
    };
  }
  if (type === 'added' && entity === 'issue_relations') {
    const issueId = wanted(assertion, 'issueId', ctx);
    const relatedIssueId = wanted(assertion, 'relatedIssueId', ctx);
    const relation = wanted(assertion, 'type', ctx);
    if (
      typeof issueId !== 'string' ||
      typeof relatedIssueId !== 'string' ||
      typeof relation !== 'string'
    )
      return refuse('issue_relations: both issues and the type must be literal');
    return {
      ok: true,
      calls: [
        gql(
          'mutation ($input: IssueRelationCreateInput!) { issueRelationCreate(input: $input) { success } }',
          { input: { issueId, relatedIssueId, type: relation } },
        ),
      ],
    };
  }
  if (type === 'added' && entity === 'issue_labels') {
    const name = wanted(assertion, 'name', ctx);
    if (typeof name !== 'string') return refuse('issue_labels: the name cannot be read off');
    const input: Record<string, JsonValue> = { name };
    for (const field of Object.keys(assertion.where)) {
      if (field === 'name') continue;
      if (!['teamId', 'color', 'description', 'parentId'].includes(field))
        return refuse(`issue_labels: no request of the recipe writes where.${field}`);
      const value = wanted(assertion, field, ctx);
      if (value === undefined) return refuse(`issue_labels: no value can be read off ${field}`);
      input[field] = value;
    }
    return {
      ok: true,
      calls: [
        gql(
          'mutation ($input: IssueLabelCreateInput!) { issueLabelCreate(input: $input) { success issueLabel { id } } }',
          { input },
        ),
      ],
    };
  }
  if (type === 'changed' && entity === 'issue_labels') {
    const row = targetRow(assertion, ctx);
    if (typeof row === 'string') return refuse(row);
    const made = bodyOf(
      assertion,
      { name: asField('name'), color: asField('color'), description: asField('description') },
      ctx,
      row,
    );
    if ('missing' in made) return refuse(made.missing);
    return {
      ok: true,
      calls: [
        gql(
          'mutation ($id: String!, $input: IssueLabelUpdateInput!) { issueLabelUpdate(id: $id, input: $input) { success } }',
          { id: row.id as string, input: made.body },
        ),
      ],
    };
  }
  if (type === 'removed' && entity === 'issue_label_issue_association') {
    const row = targetRow(assertion, ctx);
    if (typeof row === 'string') return refuse(row);
    return {
      ok: true,
      calls: [
        gql(
          'mutation ($id: String!, $labelId: String!) { issueRemoveLabel(id: $id, labelId: $labelId) { success } }',
          { id: row.issue_id as string, labelId: row.issue_label_id as string },
        ),
      ],
    };
  }
  if (type === 'added' && entity === 'issue_label_issue_association') {
    const issue = wanted(assertion, 'issue_id', ctx);
    // A label the task creates is referenced by its id in the creating call's response.
    const label =
      wanted(assertion, 'issue_label_id', ctx) ??
      (assertion.where.issue_label_id === undefined ? ctx.created?.get('issue_labels') : undefined);
    if (typeof issue !== 'string' || typeof label !== 'string')
      return refuse(
        'issue_label_issue_association: the issue must be literal, the label literal or created by the task',
      );
    return {
      ok: true,
      calls: [
        gql(
          'mutation ($id: String!, $labelId: String!) { issueAddLabel(id: $id, labelId: $labelId) { success } }',
          { id: issue, labelId: label },
        ),
      ],
    };
  }
  return refuse(`no recipe for ${type} ${entity}`);
}

// ---------------------------------------------------------------- Slack (Web API)

/** The `created` key of a direct conversation the task opens (its id as `{{N.channel.id}}`). */
export const DIRECT_CONVERSATION = 'channels:direct';

function isLiteral(predicate: unknown): boolean {
  if (typeof predicate !== 'object' || predicate === null) return predicate !== undefined;
  return 'eq' in predicate || 'in' in predicate;
}

/**
 * The other participants of the direct conversation a task opens: the literal users of its
 * `added channel_members` assertions whose channel is not spelled (the new conversation's).
 */
function directRecipients(ctx: TranslateContext): string[] {
  const users = new Set<string>();
  for (const other of ctx.assertions ?? []) {
    if (other.diff_type !== 'added' || other.entity !== 'channel_members') continue;
    if (other.expected_count === 0 || isLiteral(other.where.channel_id)) continue;
    const predicate = other.where.user_id as Record<string, JsonValue> | undefined;
    const user = predicate && 'eq' in predicate ? predicate.eq : undefined;
    if (typeof user === 'string' && user !== ctx.actor.id) users.add(user);
  }
  return [...users];
}

/** The text an instruction gives a message in quotes: "with text '…'", "saying '…'". */
const SPOKEN_TEXT =
  /\b(?:with (?:the )?text|saying|that says)\s+(?:'([^']+)'|"([^"]+)"|‘([^’]+)’|“([^”]+)”)/i;

/**
 * A message whose assertion only asks for an operand the instruction does not quote (a mention
 * `<@U…>`) while the instruction quotes the message's text ("mentioning Artem with text
 * 'Please review the pull request'"): the message is the operand and that text, as asked.
 */
function withSpokenText(read: string, assertion: LegacyAssertion, instruction: string): string {
  const predicate = assertion.where.message_text as Record<string, JsonValue> | undefined;
  const operand = predicate?.contains ?? predicate?.i_contains;
  const spoken = SPOKEN_TEXT.exec(instruction);
  const quoted = spoken?.slice(1).find((group) => group !== undefined);
  if (read !== operand || !quoted || read.toLowerCase().includes(quoted.toLowerCase())) return read;
  return `${read} ${quoted}`;
}

const slackCall = (method: string, body: Record<string, JsonValue>): ApiCall => ({
  method: 'POST',
  path: `/${method}`,
  body,
});

function slack(assertion: LegacyAssertion, ctx: TranslateContext): Translated {
  const { entity, diff_type: type } = assertion;
  // Block Kit messages have their own recipe (slack-blocks.ts).
  if (type === 'added' && entity === 'messages' && 'blocks' in assertion.where)
    return blocksMessage(assertion, ctx);
  if (type === 'added' && entity === 'messages') {
    const channel = wanted(assertion, 'channel_id', ctx) ?? ctx.created?.get('channels');
    const read = wanted(assertion, 'message_text', ctx);
    if (typeof channel !== 'string' || typeof read !== 'string')
      return refuse('messages: the channel or the text cannot be read off');
    const spoken = withSpokenText(read, assertion, ctx.instruction);
    const written = spoken === read ? messageText(read, ctx.instruction, ctx.before) : undefined;
    if (written && !written.ok) return refuse(written.reason);
    const text = written?.ok ? written.text : spoken;
    const parent = assertion.where.parent_id ? wanted(assertion, 'parent_id', ctx) : undefined;
    const body: Record<string, JsonValue> = { channel, text };
    if (typeof parent === 'string') body.thread_ts = parent;
    return { ok: true, calls: [slackCall('chat.postMessage', body)] };
  }
  if (type === 'added' && entity === 'message_reactions') {
    const message = wanted(assertion, 'message_id', ctx);
    const name = wanted(assertion, 'reaction_type', ctx);
    if (typeof message !== 'string' || typeof name !== 'string')
      return refuse('message_reactions: the message or the reaction cannot be read off');
    const row = ctx.before.rows('messages').find((m) => m.message_id === message);
    if (!row) return refuse(`message_reactions: no message ${message} in the before-state`);
    return {
      ok: true,
      calls: [
        slackCall('reactions.add', { channel: row.channel_id as string, timestamp: message, name }),
      ],
    };
  }
  if (
    type === 'added' &&
    entity === 'channel_members' &&
    ctx.created?.has(DIRECT_CONVERSATION) &&
    !isLiteral(assertion.where.channel_id)
  ) {
    // The direct conversation the task opens already holds its participants; a member that
    // is not one of them joins another conversation (a channel the task creates).
    const user = wanted(assertion, 'user_id', ctx);
    if (user === ctx.actor.id || (typeof user === 'string' && directRecipients(ctx).includes(user)))
      return { ok: true, calls: [] };
  }
  if (type === 'removed' && entity === 'message_reactions') {
    // reactions.remove takes off the caller's own reaction only (no_reaction otherwise).
    const row = targetRow(assertion, ctx);
    if (typeof row === 'string') return refuse(row);
    if (row.user_id !== ctx.actor.id)
      return refuse(
        "message_reactions: another user's reaction (reactions.remove removes the caller's own)",
      );
    const message = ctx.before.rows('messages').find((m) => m.message_id === row.message_id);
    if (!message) return refuse(`message_reactions: no message ${String(row.message_id)}`);
    return {
      ok: true,
      calls: [
        slackCall('reactions.remove', {
          channel: message.channel_id as string,
          timestamp: row.message_id as string,
          name: row.reaction_type as string,
        }),
      ],
    };
  }
  if ((type === 'added' || type === 'removed') && entity === 'channel_members') {
    const channel =
      wanted(assertion, 'channel_id', ctx) ??
      (assertion.where.channel_id === undefined ? ctx.created?.get('channels') : undefined);
    const user = wanted(assertion, 'user_id', ctx);
    if (typeof channel !== 'string' || typeof user !== 'string')
      return refuse('channel_members: the channel or the user must be literal');
    const self = user === ctx.actor.id;
    if (type === 'added')
      return {
        ok: true,
        calls: [
          self
            ? slackCall('conversations.join', { channel })
            : slackCall('conversations.invite', { channel, users: user }),
        ],
      };
    return {
      ok: true,
      calls: [
        self
          ? slackCall('conversations.leave', { channel })
          : slackCall('conversations.kick', { channel, user }),
      ],
    };
  }
  if (isDirectConversation(assertion)) {
    // conversations.open with the people the task's `added channel_members` assertions name
    // (their channel unspelled: the new conversation's id is the server's); the caller is a
    // participant by itself (docs/replicas.md, Slack: conversations.open).
    const recipients = directRecipients(ctx);
    const planned = planValue(assertion, 'users');
    if (recipients.length === 0 && typeof planned === 'string')
      recipients.push(...planned.split(',').map((user) => user.trim()));
    const group = assertion.where.is_gc !== undefined;
    if (
      recipients.length === 0 ||
      (group && recipients.length < 2) ||
      (!group && recipients.length > 1)
    )
      return refuse(
        `channels: the ${group ? 'group DM' : 'direct message'}'s recipient${group ? 's are' : ' is'} not in the assertions (a plan file can name ${group ? 'them' : 'it'}: values.users)`,
      );
    return {
      ok: true,
      calls: [slackCall('conversations.open', { users: recipients.join(',') })],
    };
  }
  if (type === 'added' && entity === 'channels') {
    const name = wanted(assertion, 'channel_name', ctx);
    if (typeof name !== 'string') return refuse('channels: the name cannot be read off');
    const body: Record<string, JsonValue> = { name };
    const isPrivate = wanted(assertion, 'is_private', ctx);
    if (typeof isPrivate === 'boolean') body.is_private = isPrivate;
    return { ok: true, calls: [slackCall('conversations.create', body)] };
  }
  if (type === 'changed' && entity === 'messages') {
    const row = targetRow(assertion, ctx);
    if (typeof row === 'string') return refuse(row);
    const text = wanted(assertion, 'message_text', ctx);
    if (Object.keys(assertion.expected_changes).some((field) => field !== 'message_text'))
      return refuse('messages: only message_text changes have a recipe');
    if (typeof text !== 'string') return refuse('messages: the new text cannot be read off');
    return {
      ok: true,
      calls: [
        slackCall('chat.update', {
          channel: row.channel_id as string,
          ts: row.message_id as string,
          text,
        }),
      ],
    };
  }
  if (type === 'removed' && entity === 'messages') {
    const row = targetRow(assertion, ctx);
    if (typeof row === 'string') return refuse(row);
    return {
      ok: true,
      calls: [
        slackCall('chat.delete', {
          channel: row.channel_id as string,
          ts: row.message_id as string,
        }),
      ],
    };
  }
  if (type === 'changed' && entity === 'channels') {
    const row = targetRow(assertion, ctx);
    if (typeof row === 'string') return refuse(row);
    const channel = row.channel_id as string;
    const calls: ApiCall[] = [];
    for (const field of Object.keys(assertion.expected_changes)) {
      const value = wanted(assertion, field, ctx);
      if (value === undefined) return refuse(`channels: no value can be read off ${field}`);
      if (field === 'topic_text')
        calls.push(slackCall('conversations.setTopic', { channel, topic: value }));
      else if (field === 'purpose_text')
        calls.push(slackCall('conversations.setPurpose', { channel, purpose: value }));
      else if (field === 'channel_name')
        calls.push(slackCall('conversations.rename', { channel, name: value }));
      else if (field === 'is_archived' && value === true)
        calls.push(slackCall('conversations.archive', { channel }));
      else if (field === 'is_archived' && value === false)
        calls.push(slackCall('conversations.unarchive', { channel }));
      else return refuse(`channels: no request of the recipe writes ${field}`);
    }
    // An archived channel refuses topic, purpose and rename (docs/replicas.md, Slack): archive last.
    const archiving = (call: ApiCall) => /conversations\.(un)?archive$/.test(call.path);
    return { ok: true, calls: [...calls.filter((c) => !archiving(c)), ...calls.filter(archiving)] };
  }
  return refuse(`no recipe for ${type} ${entity}`);
}

// ---------------------------------------------------------------- Google Calendar (REST)

const EVENT_TEXT_FIELDS = ['summary', 'description', 'location', 'visibility', 'transparency'];

function calendar(assertion: LegacyAssertion, ctx: TranslateContext): Translated {
  const special = calendarChannelRecipe(assertion, ctx) ?? aclDeletedDefect(assertion);
  if (special) return special;
  const { entity, diff_type: type } = assertion;
  if (type === 'changed' && entity === 'calendar_events') {
    const row = targetRow(assertion, ctx);
    if (typeof row === 'string') return refuse(row);
    const path = `/calendars/${pathSegment(row.calendar_id as string)}/events/${pathSegment(row.id as string)}`;
    const map: FieldMap = {
      ...Object.fromEntries(EVENT_TEXT_FIELDS.map((f) => [f, asField(f)])),
      // A new start or end: the wall time in the event's own time zone (events.patch).
      start: (value, current) => eventTime('start', value, current),
      end: (value, current) => eventTime('end', value, current),
      recurrence: (value) => ({ recurrence: rruleLines(value) }),
    };
    const made = bodyOf(assertion, map, ctx, row, new Set(['status', 'calendar_id']));
    if ('missing' in made) return refuse(made.missing);
    if ([made.body.start, made.body.end].some((time) => time === null))
      return refuse('calendar_events: no wall time can be read off the new start or end');
    if (made.body.recurrence === null)
      return refuse('calendar_events: no RRULE can be read off the new recurrence');
    if (Array.isArray(made.body.recurrence)) {
      // The series' first day as a wall date in the event's zone (the start's dateTime or date).
      const when = row.start as { dateTime?: unknown; date?: unknown } | null | undefined;
      const startOf = when?.dateTime ?? when?.date;
      const completed = completeRecurrence(
        made.body.recurrence[0] as string,
        typeof row.summary === 'string' ? row.summary : undefined,
        ctx.instruction,
        typeof startOf === 'string' ? startOf.slice(0, 10) : undefined,
      );
      if (!completed.ok) return refuse(`calendar_events: ${completed.reason}`);
      made.body.recurrence = [completed.rule];
    }
    if (assertion.expected_changes.calendar_id) {
      if (assertion.expected_changes.status)
        return refuse('calendar_events: a move and a status change together');
      const destination = wanted(assertion, 'calendar_id', ctx);
      if (typeof destination !== 'string')
        return refuse('calendar_events: the destination calendar cannot be read off');
      // Other changes first, on the source calendar; then events.move (docs/replicas.md, Calendar).
      const patch: ApiCall[] =
        Object.keys(made.body).length > 0 ? [{ method: 'PATCH', path, body: made.body }] : [];
      return {
        ok: true,
        calls: [...patch, { method: 'POST', path: `${path}/move`, query: { destination } }],
      };
    }
    if (assertion.expected_changes.status) {
      if (wanted(assertion, 'status', ctx) !== 'cancelled')
        return refuse('calendar_events: a status change other than a cancel');
      // events.delete keeps a cancelled record (docs/replicas.md, Calendar); other changes first.
      const patch: ApiCall[] =
        Object.keys(made.body).length > 0 ? [{ method: 'PATCH', path, body: made.body }] : [];
      return { ok: true, calls: [...patch, { method: 'DELETE', path }] };
    }
    return { ok: true, calls: [{ method: 'PATCH', path, body: made.body }] };
  }
  if (type === 'added' && entity === 'calendar_events') {
    const calendarId =
      wanted(assertion, 'calendar_id', ctx) ?? ctx.created?.get('calendars') ?? 'primary';
    const summary = wanted(assertion, 'summary', ctx);
    if (typeof calendarId !== 'string' || typeof summary !== 'string')
      return refuse('calendar_events: the calendar or the summary cannot be read off');
    for (const field of Object.keys(assertion.where))
      if (
        ![
          'summary',
          'description',
          'location',
          'calendar_id',
          'start.dateTime',
          'start.timeZone',
          'end.dateTime',
          'end.timeZone',
          'recurrence',
        ].includes(field)
      )
        return refuse(`calendar_events: no request of the recipe writes where.${field}`);
    const zone = wanted(assertion, 'start.timeZone', ctx) ?? 'America/Los_Angeles';
    const start = wallTime(wanted(assertion, 'start.dateTime', ctx));
    if (!start || typeof zone !== 'string')
      return refuse('calendar_events: no start time can be read off');
    const end = wallTime(wanted(assertion, 'end.dateTime', ctx)) ?? hourAfter(start);
    const body: Record<string, JsonValue> = {
      summary,
      start: { dateTime: start, timeZone: zone },
      end: {
        dateTime: end,
        timeZone: (wanted(assertion, 'end.timeZone', ctx) as string | undefined) ?? zone,
      },
    };
    for (const field of ['description', 'location']) {
      const value = assertion.where[field] ? wanted(assertion, field, ctx) : undefined;
      if (value !== undefined) body[field] = value;
    }
    if (assertion.where.recurrence) {
      const lines = rruleLines(wanted(assertion, 'recurrence', ctx) ?? null);
      if (!lines) return refuse('calendar_events: no RRULE can be read off where.recurrence');
      const completed = completeRecurrence(
        lines[0] as string,
        summary,
        ctx.instruction,
        start.slice(0, 10),
      );
      if (!completed.ok) return refuse(`calendar_events: ${completed.reason}`);
      body.recurrence = [completed.rule];
    }
    return {
      ok: true,
      calls: [{ method: 'POST', path: `/calendars/${pathSegment(calendarId)}/events`, body }],
    };
  }
  if (type === 'added' && entity === 'calendar_acl_rules') {
    const calendarId = wanted(assertion, 'calendar_id', ctx) ?? ctx.created?.get('calendars');
    const role = wanted(assertion, 'role', ctx);
    const scopeType = wanted(assertion, 'scope_type', ctx) ?? 'user';
    const scopeValue = wanted(assertion, 'scope_value', ctx);
    if (
      typeof calendarId !== 'string' ||
      typeof role !== 'string' ||
      typeof scopeValue !== 'string'
    )
      return refuse('calendar_acl_rules: the calendar, role and grantee must be literal');
    return {
      ok: true,
      calls: [
        {
          method: 'POST',
          path: `/calendars/${pathSegment(calendarId)}/acl`,
          body: { role, scope: { type: scopeType, value: scopeValue } },
        },
      ],
    };
  }
  if (type === 'added' && entity === 'calendars') {
    const summary = wanted(assertion, 'summary', ctx);
    if (typeof summary !== 'string') return refuse('calendars: the summary cannot be read off');
    const body: Record<string, JsonValue> = { summary };
    for (const field of ['description', 'time_zone'] as const) {
      const value = assertion.where[field] ? wanted(assertion, field, ctx) : undefined;
      if (value !== undefined) body[field === 'time_zone' ? 'timeZone' : field] = value;
    }
    return { ok: true, calls: [{ method: 'POST', path: '/calendars', body }] };
  }
  if (type === 'changed' && entity === 'calendars') {
    const row = targetRow(assertion, ctx);
    if (typeof row === 'string') return refuse(row);
    const map: FieldMap = {
      summary: asField('summary'),
      description: asField('description'),
      location: asField('location'),
      time_zone: asField('timeZone'),
    };
    const made = bodyOf(assertion, map, ctx, row);
    if ('missing' in made) return refuse(made.missing);
    return {
      ok: true,
      calls: [
        {
          method: 'PATCH',
          path: `/calendars/${pathSegment(row.id as string)}`,
          body: made.body,
        },
      ],
    };
  }
  if (type === 'changed' && entity === 'calendar_acl_rules') {
    const row = targetRow(assertion, ctx);
    if (typeof row === 'string') return refuse(row);
    const made = bodyOf(assertion, { role: asField('role') }, ctx, row);
    if ('missing' in made) return refuse(made.missing);
    return {
      ok: true,
      calls: [
        {
          method: 'PATCH',
          path: `/calendars/${pathSegment(row.calendar_id as string)}/acl/${pathSegment(row.id as string)}`,
          body: made.body,
        },
      ],
    };
  }
  if (type === 'added' && entity === 'calendar_list_entries') {
    // calendarList.insert adds a calendar the caller can see to the caller's own list.
    const calendarId = wanted(assertion, 'calendar_id', ctx) ?? ctx.created?.get('calendars');
    const user = wanted(assertion, 'user_id', ctx);
    if (typeof calendarId !== 'string')
      return refuse('calendar_list_entries: the calendar must be literal or created by the task');
    if (user !== undefined && user !== ctx.actor.id)
      return refuse("calendar_list_entries: another user's list");
    const fields: Record<string, string> = {
      hidden: 'hidden',
      selected: 'selected',
      color_id: 'colorId',
      summary_override: 'summaryOverride',
    };
    const body: Record<string, JsonValue> = { id: calendarId };
    for (const field of Object.keys(assertion.where)) {
      if (field === 'calendar_id' || field === 'user_id') continue;
      const name = fields[field];
      const value = wanted(assertion, field, ctx);
      if (!name || value === undefined)
        return refuse(`calendar_list_entries: no request of the recipe writes where.${field}`);
      body[name] = value;
    }
    return { ok: true, calls: [{ method: 'POST', path: '/users/me/calendarList', body }] };
  }
  if (type === 'changed' && entity === 'calendar_list_entries') {
    const row = targetRow(assertion, ctx);
    if (typeof row === 'string') return refuse(row);
    if (row.user_id !== ctx.actor.id) return refuse("calendar_list_entries: another user's entry");
    const map: FieldMap = {
      hidden: asField('hidden'),
      selected: asField('selected'),
      summary_override: asField('summaryOverride'),
      color_id: asField('colorId'),
    };
    if (assertion.expected_changes.deleted) {
      if (
        wanted(assertion, 'deleted', ctx) !== true ||
        Object.keys(assertion.expected_changes).length > 1
      )
        return refuse('calendar_list_entries: a deleted change other than a removal alone');
      // calendarList.delete: the entry stays, marked deleted (docs/replicas.md, Calendar).
      return {
        ok: true,
        calls: [
          {
            method: 'DELETE',
            path: `/users/me/calendarList/${pathSegment(row.calendar_id as string)}`,
          },
        ],
      };
    }
    const made = bodyOf(assertion, map, ctx, row);
    if ('missing' in made) return refuse(made.missing);
    return {
      ok: true,
      calls: [
        {
          method: 'PATCH',
          path: `/users/me/calendarList/${pathSegment(row.calendar_id as string)}`,
          body: made.body,
        },
      ],
    };
  }
  return refuse(`no recipe for ${type} ${entity}`);
}

/**
 * A recurrence as events.insert / events.patch take it: one RRULE line (RFC 5545), `RRULE:`
 * and the rule's parts, from a predicate operand such as `FREQ=WEEKLY`; null when the value is
 * no rule.
 */
function rruleLines(value: JsonValue): string[] | null {
  if (typeof value !== 'string' || !/^(RRULE:)?FREQ=/.test(value)) return null;
  return [value.startsWith('RRULE:') ? value : `RRULE:${value}`];
}

/** One path segment: encoded, unless it is a `{{N.path}}` reference the runner resolves first. */
function pathSegment(value: string): string {
  return /^\{\{\d+\.[^}]+\}\}$/.test(value) ? value : encodeURIComponent(value);
}

/** A wall time `YYYY-MM-DDTHH:MM:SS` from a date or a dateTime prefix (`contains` operand). */
function wallTime(value: JsonValue | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const date = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!date) return undefined;
  return `${date[1]}T${date[2] ?? '09'}:${date[3] ?? '00'}:${date[4] ?? '00'}`;
}

/**
 * The `start`/`end` object of an events.patch body for a wanted wall time (a `contains` operand
 * such as `2018-06-24T14:00`), in the zone the event's time already has; `null` when no wall
 * time can be read off (the recipe refuses then).
 */
function eventTime(
  field: 'start' | 'end',
  value: JsonValue,
  row: Row,
): Record<string, JsonValue | null> {
  const wall = wallTime(value);
  const current = row[field] as { timeZone?: unknown } | null | undefined;
  const zone = typeof current?.timeZone === 'string' ? current.timeZone : undefined;
  if (!wall || !zone) return { [field]: null };
  return { [field]: { dateTime: wall, timeZone: zone } };
}

function hourAfter(wall: string): string {
  const ms = Date.parse(`${wall}Z`) + 3_600_000;
  return new Date(ms).toISOString().slice(0, 19);
}

const BY_SERVICE: Record<Service, (a: LegacyAssertion, ctx: TranslateContext) => Translated> = {
  box,
  linear,
  slack,
  calendar,
};

/**
 * The actor's calls that make one Agent-Diff assertion true on `ctx.before`
 * (docs/agent-diff.md, "Constructed tasks"): one recipe per (diff type, table), reading the
 * values off the assertion's predicates and the instruction's quoted phrases.
 */
export function translateAssertion(
  service: Service,
  assertion: LegacyAssertion,
  ctx: TranslateContext,
): Translated {
  if (assertion.expected_count === 0) return { ok: true, calls: [] }; // a forbidden write: nothing to do
  return BY_SERVICE[service](assertion, ctx);
}
