import type { Row } from '../../../schema/json.js';
import { isArchived } from '../paging.js';
import { text } from '../view.js';
import { found, type ListArgs, listOf, type ResolverMap } from './context.js';

type UserListArgs = ListArgs & { includeDisabled?: boolean | null };

/** Linear lists only active users unless `includeDisabled: true`. */
function listedUsers(
  users: readonly Row[],
  includeDisabled: boolean | null | undefined,
): readonly Row[] {
  return includeDisabled ? users : users.filter((user) => user.active !== false);
}

export const userResolvers: ResolverMap = {
  Query: {
    viewer: (_source, _args, { view }) => found(view.userById(view.actorId), 'User'),
    users: (_source, args: UserListArgs, { view }) =>
      listOf(view, 'user', listedUsers(view.users(), args.includeDisabled), args),
    user: (_source, args: { id: string }, { view }) => found(view.userById(args.id), 'User'),
  },
  User: {
    isMe: (user: Row, _args, { view }) => text(user, 'id') === view.actorId,
    active: (user: Row) => user.active !== false,
    admin: (user: Row) => user.admin === true,
    guest: (user: Row) => user.guest === true,
    displayName: (user: Row) => text(user, 'displayName') ?? text(user, 'name') ?? '',
    assignedIssues: (user: Row, args: ListArgs, { view }) =>
      listOf(view, 'issue', view.issuesAssignedTo(text(user, 'id') ?? ''), args),
    createdIssues: (user: Row, args: ListArgs, { view }) =>
      listOf(view, 'issue', view.issuesCreatedBy(text(user, 'id') ?? ''), args),
    teamMemberships: (user: Row, args: ListArgs, { view }) =>
      listOf(view, null, view.membershipsOfUser(text(user, 'id') ?? ''), args),
    teams: (user: Row, args: ListArgs, { view }) => {
      const teamIds = new Set(
        view
          .membershipsOfUser(text(user, 'id') ?? '')
          .filter((m) => !isArchived(m))
          .map((m) => text(m, 'teamId')),
      );
      return listOf(
        view,
        'team',
        view.teams().filter((team) => teamIds.has(text(team, 'id'))),
        args,
      );
    },
  },
  Organization: {
    userCount: (organization: Row, _args, { view }) =>
      typeof organization.userCount === 'number' ? organization.userCount : view.users().length,
    createdIssueCount: (organization: Row) =>
      typeof organization.createdIssueCount === 'number' ? organization.createdIssueCount : 0,
    users: (_organization: Row, args: UserListArgs, { view }) =>
      listOf(view, 'user', listedUsers(view.users(), args.includeDisabled), args),
    teams: (_organization: Row, args: ListArgs, { view }) =>
      listOf(view, 'team', view.teams(), args),
  },
};

export const organizationResolvers: ResolverMap = {
  Query: {
    organization: (_source, _args, { view }) => found(view.organization(), 'Organization'),
  },
};
