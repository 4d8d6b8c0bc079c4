import type { Row } from '../../../schema/json.js';
import { text } from '../view.js';
import { found, type ListArgs, linked, listOf, type ResolverMap } from './context.js';

/** Workflow states and labels: the vocabularies issues point into. */
export const workflowResolvers: ResolverMap = {
  Query: {
    workflowStates: (_source, args: ListArgs, { view }) =>
      listOf(view, 'workflowState', view.workflowStates(), args),
    workflowState: (_source, args: { id: string }, { view }) =>
      found(view.workflowStateById(args.id), 'WorkflowState'),
    issueLabels: (_source, args: ListArgs, { view }) =>
      listOf(view, 'issueLabel', view.labels(), args),
    issueLabel: (_source, args: { id: string }, { view }) =>
      found(view.labelById(args.id), 'IssueLabel'),
  },
  WorkflowState: {
    team: (state: Row, _args, { view }) => linked(state, 'teamId', (id) => view.teamById(id)),
    issues: (state: Row, args: ListArgs, { view }) =>
      listOf(view, 'issue', view.issuesInState(text(state, 'id') ?? ''), args),
    color: (state: Row) => text(state, 'color') ?? '#95a2b3',
    position: (state: Row) => (typeof state.position === 'number' ? state.position : 0),
  },
  IssueLabel: {
    isGroup: (label: Row) => label.isGroup === true,
    color: (label: Row) => text(label, 'color') ?? '#95a2b3',
    team: (label: Row, _args, { view }) => linked(label, 'teamId', (id) => view.teamById(id)),
    parent: (label: Row, _args, { view }) => linked(label, 'parentId', (id) => view.labelById(id)),
    creator: (label: Row, _args, { view }) => linked(label, 'creatorId', (id) => view.userById(id)),
    children: (label: Row, args: ListArgs, { view }) =>
      listOf(
        view,
        'issueLabel',
        view.labels().filter((child) => text(child, 'parentId') === text(label, 'id')),
        args,
      ),
    issues: (label: Row, args: ListArgs, { view }) =>
      listOf(view, 'issue', view.issuesWithLabel(text(label, 'id') ?? ''), args),
  },
};
