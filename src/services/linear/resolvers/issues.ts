import type { Row } from '../../../schema/json.js';
import { text } from '../view.js';
import { found, type ListArgs, linked, listOf, type ResolverMap } from './context.js';

const PRIORITY_LABELS = ['No priority', 'Urgent', 'High', 'Medium', 'Low'];

/** Full-text match of Linear's `searchIssues`: identifier, title, description (and comments when asked). */
function matchesTerm(issue: Row, term: string, commentBodies: readonly string[]): boolean {
  const needle = term.toLowerCase();
  const haystacks = [
    text(issue, 'identifier'),
    text(issue, 'title'),
    text(issue, 'description'),
    ...commentBodies,
  ];
  return haystacks.some((value) => value?.toLowerCase().includes(needle) === true);
}

export const issueResolvers: ResolverMap = {
  Query: {
    issues: (_source, args: ListArgs, { view }) => listOf(view, 'issue', view.issues(), args),
    issue: (_source, args: { id: string }, { view }) =>
      found(view.issueByIdOrIdentifier(args.id), 'Issue'),
    // Linear's older full-text search: \`query\` matched like searchIssues' term; none lists every issue.
    issueSearch: (_source, args: ListArgs & { query?: string | null }, { view }) => {
      const query = args.query ?? '';
      const matching =
        query === ''
          ? view.issues()
          : view.issues().filter((issue) => matchesTerm(issue, query, []));
      return listOf(view, 'issue', matching, args);
    },
    projects: (_source, args: ListArgs, { view }) => listOf(view, null, view.projects(), args),
    project: (_source, args: { id: string }, { view }) =>
      found(view.projectById(args.id), 'Project'),
    searchIssues: (
      _source,
      args: ListArgs & { term: string; includeComments?: boolean | null },
      { view },
    ) => {
      const matching = view.issues().filter((issue) => {
        const bodies = args.includeComments
          ? view.commentsOf(text(issue, 'id') ?? '').map((comment) => text(comment, 'body') ?? '')
          : [];
        return matchesTerm(issue, args.term, bodies);
      });
      return listOf(view, 'issue', matching, args);
    },
  },
  Issue: {
    team: (issue: Row, _args, { view }) => linked(issue, 'teamId', (id) => view.teamById(id)),
    state: (issue: Row, _args, { view }) =>
      linked(issue, 'stateId', (id) => view.workflowStateById(id)),
    assignee: (issue: Row, _args, { view }) =>
      linked(issue, 'assigneeId', (id) => view.userById(id)),
    creator: (issue: Row, _args, { view }) => linked(issue, 'creatorId', (id) => view.userById(id)),
    parent: (issue: Row, _args, { view }) => linked(issue, 'parentId', (id) => view.issueById(id)),
    children: (issue: Row, args: ListArgs, { view }) =>
      listOf(view, 'issue', view.childrenOf(text(issue, 'id') ?? ''), args),
    labels: (issue: Row, args: ListArgs, { view }) =>
      listOf(view, 'issueLabel', view.labelsOf(issue), args),
    labelIds: (issue: Row, _args, { view }) => view.labelIdsOf(issue),
    comments: (issue: Row, args: ListArgs, { view }) =>
      listOf(view, 'comment', view.commentsOf(text(issue, 'id') ?? ''), args),
    relations: (issue: Row, args: ListArgs, { view }) =>
      listOf(view, null, view.relationsFrom(text(issue, 'id') ?? ''), args),
    inverseRelations: (issue: Row, args: ListArgs, { view }) =>
      listOf(view, null, view.relationsTo(text(issue, 'id') ?? ''), args),
    priority: (issue: Row) => (typeof issue.priority === 'number' ? issue.priority : 0),
    priorityLabel: (issue: Row) =>
      text(issue, 'priorityLabel') ??
      PRIORITY_LABELS[typeof issue.priority === 'number' ? issue.priority : 0] ??
      'No priority',
    previousIdentifiers: (issue: Row) =>
      Array.isArray(issue.previousIdentifiers) ? issue.previousIdentifiers : [],
    url: (issue: Row) =>
      text(issue, 'url') ?? `https://linear.app/issue/${text(issue, 'identifier') ?? ''}`,
    branchName: (issue: Row) =>
      text(issue, 'branchName') ?? (text(issue, 'identifier') ?? '').toLowerCase(),
  },
};
