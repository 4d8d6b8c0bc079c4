import type { Row } from '../../../schema/json.js';
import { isArchived } from '../paging.js';
import { text } from '../view.js';
import { found, type ListArgs, linked, listOf, type ResolverMap } from './context.js';

type MemberArgs = ListArgs & { includeDisabled?: boolean | null };

export const teamResolvers: ResolverMap = {
  Query: {
    teams: (_source, args: ListArgs, { view }) => listOf(view, 'team', view.teams(), args),
    team: (_source, args: { id: string }, { view }) => found(view.teamByIdOrKey(args.id), 'Team'),
    teamMemberships: (_source, args: ListArgs, { view }) =>
      listOf(view, null, view.memberships(), args),
    teamMembership: (_source, args: { id: string }, { view }) =>
      found(view.membershipById(args.id), 'TeamMembership'),
  },
  Team: {
    private: (team: Row) => team.private === true,
    issueCount: (team: Row, _args, { view }) => view.issuesOfTeam(text(team, 'id') ?? '').length,
    organization: (_team: Row, _args, { view }) => view.organization() ?? null,
    issues: (team: Row, args: ListArgs, { view }) =>
      listOf(view, 'issue', view.issuesOfTeam(text(team, 'id') ?? ''), args),
    states: (team: Row, args: ListArgs, { view }) =>
      listOf(view, 'workflowState', view.workflowStatesOfTeam(text(team, 'id') ?? ''), args),
    labels: (team: Row, args: ListArgs, { view }) =>
      listOf(
        view,
        'issueLabel',
        view.labels().filter((label) => text(label, 'teamId') === text(team, 'id')),
        args,
      ),
    members: (team: Row, args: MemberArgs, { view }) => {
      const ids = new Set(
        view
          .membershipsOfTeam(text(team, 'id') ?? '')
          .filter((m) => !isArchived(m))
          .map((m) => text(m, 'userId')),
      );
      const users = view
        .users()
        .filter(
          (user) => ids.has(text(user, 'id')) && (args.includeDisabled || user.active !== false),
        );
      return listOf(view, 'user', users, args);
    },
    memberships: (team: Row, args: ListArgs, { view }) =>
      listOf(view, null, view.membershipsOfTeam(text(team, 'id') ?? ''), args),
  },
  TeamMembership: {
    owner: (membership: Row) => membership.owner === true,
    sortOrder: (membership: Row) =>
      typeof membership.sortOrder === 'number' ? membership.sortOrder : 0,
    user: (membership: Row, _args, { view }) =>
      linked(membership, 'userId', (id) => view.userById(id)),
    team: (membership: Row, _args, { view }) =>
      linked(membership, 'teamId', (id) => view.teamById(id)),
  },
};
