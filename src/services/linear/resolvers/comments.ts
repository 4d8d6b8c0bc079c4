import type { Row } from '../../../schema/json.js';
import { found, type ListArgs, linked, listOf, type ResolverMap } from './context.js';

/** Comments and issue relations: what hangs off an issue. */
export const commentResolvers: ResolverMap = {
  Query: {
    comments: (_source, args: ListArgs, { view }) => listOf(view, 'comment', view.comments(), args),
    comment: (_source, args: { id: string }, { view }) =>
      found(view.commentById(args.id), 'Comment'),
    issueRelations: (_source, args: ListArgs, { view }) =>
      listOf(view, null, view.relations(), args),
    issueRelation: (_source, args: { id: string }, { view }) =>
      found(view.relationById(args.id), 'IssueRelation'),
  },
  Comment: {
    user: (comment: Row, _args, { view }) => linked(comment, 'userId', (id) => view.userById(id)),
    issue: (comment: Row, _args, { view }) =>
      linked(comment, 'issueId', (id) => view.issueById(id)),
  },
  IssueRelation: {
    issue: (relation: Row, _args, { view }) =>
      linked(relation, 'issueId', (id) => view.issueById(id)),
    relatedIssue: (relation: Row, _args, { view }) =>
      linked(relation, 'relatedIssueId', (id) => view.issueById(id)),
  },
};
