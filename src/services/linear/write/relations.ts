import type { Row } from '../../../schema/json.js';
import { uuidFrom } from '../../write-model.js';
import { entityNotFound } from '../errors.js';
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
  refuseArchived,
  type WriteContext,
} from './context.js';

const RELATIONS = LINEAR_TABLES.issueRelations;
const TYPES = ['blocks', 'duplicate', 'related', 'similar'];

interface RelationInput {
  id?: string | null;
  issueId?: string | null;
  relatedIssueId?: string | null;
  type?: string | null;
}

function relationPayload(context: WriteContext, relationId: string): Row {
  return {
    success: true,
    lastSyncId: lastSyncId(context),
    issueRelation: context.view.relationById(relationId) ?? null,
  };
}

/** Both ends of a relation: visible, not archived, distinct, and not related already. */
function checkEnds(
  context: WriteContext,
  issueRef: string,
  relatedRef: string,
  selfId: string | null,
): [Row, Row] {
  const issue = live(context.view.issueByIdOrIdentifier(issueRef), 'Issue');
  const related = live(context.view.issueByIdOrIdentifier(relatedRef), 'Issue');
  const a = text(issue, 'id');
  const b = text(related, 'id');
  if (a === b) throw invalidInput('an issue cannot be related to itself.');
  for (const row of context.state.rows(RELATIONS)) {
    if (text(row, 'id') === selfId) continue;
    const pair = [text(row, 'issueId'), text(row, 'relatedIssueId')];
    if ((pair[0] === a && pair[1] === b) || (pair[0] === b && pair[1] === a))
      throw invalidInput(
        `${text(issue, 'identifier') ?? a} and ${text(related, 'identifier') ?? b} are already related.`,
      );
  }
  return [issue, related];
}

function issueRelationCreate(context: WriteContext, input: RelationInput): Row {
  const [issue, related] = checkEnds(
    context,
    input.issueId ?? '',
    input.relatedIssueId ?? '',
    null,
  );
  const id = newId(context, RELATIONS, input.id, () => uuidFrom(context.env));
  const at = nowOf(context);
  commit(context, [
    {
      op: 'insert',
      table: RELATIONS,
      row: {
        id,
        issueId: text(issue, 'id'),
        relatedIssueId: text(related, 'id'),
        type: input.type ?? 'related',
        issueTitle: text(issue, 'title'),
        relatedIssueTitle: text(related, 'title'),
        createdAt: at,
        updatedAt: at,
      },
    },
  ]);
  return relationPayload(context, id);
}

/** A relation the actor can see, with both issues live. */
function liveRelation(context: WriteContext, id: string): Row {
  const relation = context.view.relationById(id);
  if (!relation) throw entityNotFound('IssueRelation');
  for (const end of ['issueId', 'relatedIssueId']) {
    const issue = context.view.issueById(text(relation, end) ?? '');
    if (issue) refuseArchived(issue, 'Issue');
  }
  return relation;
}

function issueRelationUpdate(context: WriteContext, id: string, input: RelationInput): Row {
  const relation = liveRelation(context, id);
  const relationId = text(relation, 'id') ?? '';
  const set: Row = {};
  if (typeof input.type === 'string') {
    if (!TYPES.includes(input.type))
      throw invalidInput(
        `type must be one of ${TYPES.join(', ')}, got ${JSON.stringify(input.type)}.`,
      );
    set.type = input.type;
  }
  if (typeof input.issueId === 'string' || typeof input.relatedIssueId === 'string') {
    const [issue, related] = checkEnds(
      context,
      input.issueId ?? text(relation, 'issueId') ?? '',
      input.relatedIssueId ?? text(relation, 'relatedIssueId') ?? '',
      relationId,
    );
    Object.assign(set, {
      issueId: text(issue, 'id'),
      relatedIssueId: text(related, 'id'),
      issueTitle: text(issue, 'title'),
      relatedIssueTitle: text(related, 'title'),
    });
  }
  set.updatedAt = nowOf(context);
  commit(context, [{ op: 'update', table: RELATIONS, key: { id: relationId }, set }]);
  return relationPayload(context, relationId);
}

function issueRelationDelete(context: WriteContext, id: string): Row {
  const relation = liveRelation(context, id);
  const relationId = text(relation, 'id') ?? '';
  commit(context, [{ op: 'delete', table: RELATIONS, key: { id: relationId } }]);
  return { success: true, lastSyncId: lastSyncId(context), entityId: relationId };
}

const BOTH =
  "the actor must be an active user who can see both issues' teams (a member of each private one); neither issue may be archived or trashed";

export const relationMutations: MutationGroup = {
  resolvers: {
    issueRelationCreate: (_source, args: { input: RelationInput }, context) =>
      issueRelationCreate(context as WriteContext, args.input),
    issueRelationUpdate: (_source, args: { id: string; input: RelationInput }, context) =>
      issueRelationUpdate(context as WriteContext, args.id, args.input),
    issueRelationDelete: (_source, args: { id: string }, context) =>
      issueRelationDelete(context as WriteContext, args.id),
  },
  operations: [
    {
      name: 'issueRelationCreate',
      permission: `${BOTH}; the two issues must differ and not be related already`,
      serverWritten: ['id', 'issueTitle', 'relatedIssueTitle', 'createdAt', 'updatedAt'],
    },
    {
      name: 'issueRelationUpdate',
      permission: BOTH,
      serverWritten: ['issueTitle/relatedIssueTitle (when an end changes)', 'updatedAt'],
    },
    {
      name: 'issueRelationDelete',
      permission: BOTH,
      serverWritten: ['the relation row is removed'],
    },
  ],
};
