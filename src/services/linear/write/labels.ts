import type { Row } from '../../../schema/json.js';
import type { PatchOp } from '../../../schema/patch.js';
import { uuidFrom } from '../../write-model.js';
import { isArchived } from '../paging.js';
import { LINEAR_TABLES } from '../tables.js';
import { text } from '../view.js';
import {
  commit,
  invalidInput,
  lastSyncId,
  live,
  type MutationGroup,
  newId,
  nowOf,
  type WriteContext,
  writableTeam,
} from './context.js';

const LABELS = LINEAR_TABLES.issueLabels;
const ASSOCIATIONS = LINEAR_TABLES.issueLabelAssociations;

/** Colours a label gets when the input names none (Linear picks one of its palette). */
const PALETTE = [
  '#bec2c8',
  '#95a2b3',
  '#5e6ad2',
  '#26b5ce',
  '#4cb782',
  '#f2c94c',
  '#f2994a',
  '#eb5757',
];
const COLOR = /^#[0-9a-fA-F]{6}$/;

interface LabelInput {
  id?: string | null;
  name?: string | null;
  color?: string | null;
  description?: string | null;
  teamId?: string | null;
  parentId?: string | null;
  isGroup?: boolean | null;
}

function labelPayload(context: WriteContext, labelId: string): Row {
  return {
    success: true,
    lastSyncId: lastSyncId(context),
    issueLabel: context.view.labelById(labelId) ?? null,
  };
}

function checkColor(color: string): string {
  if (!COLOR.test(color))
    throw invalidInput(`color must be a hex colour like #5e6ad2, got ${JSON.stringify(color)}.`);
  return color;
}

/**
 * A label name must be unique among the live labels a team's issues can carry: its own
 * team's and the workspace's (a workspace label's name, across every team).
 */
function checkName(
  context: WriteContext,
  name: string,
  teamId: string | null,
  selfId: string | null,
): string {
  if (name.trim() === '') throw invalidInput('name must not be empty.');
  const wanted = name.trim().toLowerCase();
  for (const label of context.state.rows(LABELS)) {
    if (isArchived(label) || text(label, 'id') === selfId) continue;
    if ((text(label, 'name') ?? '').trim().toLowerCase() !== wanted) continue;
    const other = text(label, 'teamId');
    if (teamId === null || other === null || other === teamId)
      throw invalidInput(`a label named ${name} already exists.`);
  }
  return name;
}

/** A parent must be a label group of the same team (or a workspace group for a workspace label). */
function checkParent(
  context: WriteContext,
  parentId: string,
  teamId: string | null,
  selfId: string | null,
): string {
  const parent = live(context.view.labelById(parentId), 'IssueLabel');
  if (parent.isGroup !== true)
    throw invalidInput(`label ${text(parent, 'name') ?? parentId} is not a label group.`);
  if (text(parent, 'id') === selfId) throw invalidInput('a label cannot be its own parent.');
  const parentTeam = text(parent, 'teamId');
  if (parentTeam !== null && parentTeam !== teamId)
    throw invalidInput('the parent group belongs to another team than the label.');
  return text(parent, 'id') ?? parentId;
}

function issueLabelCreate(context: WriteContext, input: LabelInput): Row {
  let teamId: string | null = null;
  if (typeof input.teamId === 'string') teamId = text(writableTeam(context, input.teamId), 'id');
  const name = checkName(context, input.name ?? '', teamId, null);
  const parentId =
    typeof input.parentId === 'string' ? checkParent(context, input.parentId, teamId, null) : null;
  const color = typeof input.color === 'string' ? checkColor(input.color) : null;
  const id = newId(context, LABELS, input.id, () => uuidFrom(context.env));
  const at = nowOf(context);
  const row: Row = {
    id,
    organizationId: text(context.view.organization() ?? {}, 'id'),
    teamId,
    color:
      color ?? PALETTE[Number.parseInt(context.env.nextHex().slice(0, 2), 16) % PALETTE.length]!,
    createdAt: at,
    updatedAt: at,
    name,
    description: input.description ?? null,
    isGroup: input.isGroup === true,
    archivedAt: null,
    retiredAt: null,
    parentId,
    creatorId: context.actor.id,
    inheritedFromId: null,
    lastAppliedAt: null,
  };
  commit(context, [{ op: 'insert', table: LABELS, row }]);
  return labelPayload(context, id);
}

function issueLabelUpdate(context: WriteContext, id: string, input: LabelInput): Row {
  const label = live(context.view.labelById(id), 'IssueLabel');
  const labelId = text(label, 'id') ?? '';
  const teamId = text(label, 'teamId');
  const set: Row = {};
  if (typeof input.name === 'string') set.name = checkName(context, input.name, teamId, labelId);
  if (typeof input.color === 'string') set.color = checkColor(input.color);
  if (input.description !== undefined) set.description = input.description;
  if (input.parentId !== undefined)
    set.parentId =
      input.parentId === null ? null : checkParent(context, input.parentId, teamId, labelId);
  if (typeof input.isGroup === 'boolean' && input.isGroup !== (label.isGroup === true)) {
    if (input.isGroup && context.view.issuesWithLabel(labelId).length > 0)
      throw invalidInput('a label applied to issues cannot become a label group.');
    if (
      !input.isGroup &&
      context.view
        .labels()
        .some((child) => text(child, 'parentId') === labelId && !isArchived(child))
    )
      throw invalidInput('a label group with labels in it cannot stop being a group.');
    set.isGroup = input.isGroup;
  }
  set.updatedAt = nowOf(context);
  commit(context, [{ op: 'update', table: LABELS, key: { id: labelId }, set }]);
  return labelPayload(context, labelId);
}

/**
 * issueLabelDelete: the label goes, and with it every issue's use of it (the `labelIds`
 * column and the join table); labels of a deleted group leave the group.
 */
function issueLabelDelete(context: WriteContext, id: string): Row {
  const label = live(context.view.labelById(id), 'IssueLabel');
  const labelId = text(label, 'id') ?? '';
  const ops: PatchOp[] = [];
  for (const issue of context.state.rows(LINEAR_TABLES.issues)) {
    if (Array.isArray(issue.labelIds) && issue.labelIds.includes(labelId))
      ops.push({
        op: 'update',
        table: LINEAR_TABLES.issues,
        key: { id: issue.id ?? null },
        set: { labelIds: issue.labelIds.filter((existing) => existing !== labelId) },
      });
  }
  if (context.state.hasTable(ASSOCIATIONS))
    for (const row of context.state.rows(ASSOCIATIONS))
      if (row.issue_label_id === labelId)
        ops.push({
          op: 'delete',
          table: ASSOCIATIONS,
          key: { issue_id: row.issue_id ?? null, issue_label_id: labelId },
        });
  const at = nowOf(context);
  for (const child of context.state.rows(LABELS))
    if (child.parentId === labelId)
      ops.push({
        op: 'update',
        table: LABELS,
        key: { id: child.id ?? null },
        set: { parentId: null, updatedAt: at },
      });
  ops.push({ op: 'delete', table: LABELS, key: { id: labelId } });
  commit(context, ops);
  return { success: true, lastSyncId: lastSyncId(context), entityId: labelId };
}

const SCOPE =
  'the actor must be an active user; a team label needs a team the actor can see (a member of it when it is private) that is not archived';

export const labelMutations: MutationGroup = {
  resolvers: {
    issueLabelCreate: (_source, args: { input: LabelInput }, context) =>
      issueLabelCreate(context as WriteContext, args.input),
    issueLabelUpdate: (_source, args: { id: string; input: LabelInput }, context) =>
      issueLabelUpdate(context as WriteContext, args.id, args.input),
    issueLabelDelete: (_source, args: { id: string }, context) =>
      issueLabelDelete(context as WriteContext, args.id),
  },
  operations: [
    {
      name: 'issueLabelCreate',
      permission: `${SCOPE}; the name must be unique among the team's and the workspace's labels`,
      serverWritten: [
        'id',
        'organizationId',
        'creatorId',
        'color (when not given)',
        'createdAt',
        'updatedAt',
      ],
    },
    {
      name: 'issueLabelUpdate',
      permission: `${SCOPE}; the label must not be archived`,
      serverWritten: ['updatedAt'],
    },
    {
      name: 'issueLabelDelete',
      permission: `${SCOPE}; the label must not be archived`,
      serverWritten: [
        'the label row is removed',
        'issues.labelIds and issue_label_issue_association rows lose it',
        "the group's labels: parentId null, updatedAt",
      ],
    },
  ],
};
