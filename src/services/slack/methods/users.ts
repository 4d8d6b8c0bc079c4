import type { ApiResponse } from '../../api.js';
import { invalidArguments, slackError, slackOk } from '../envelope.js';
import { decodeCursor, pageOf } from '../paging.js';
import { limitParam, type SlackParams, stringParam } from '../params.js';
import { userObject } from '../shapes.js';
import { text } from '../tables.js';
import type { MethodContext } from './context.js';

/** `users.list`: every member of the workspace (bots included), cursor-paged. */
export function usersList({ workspace, actorId }: MethodContext, params: SlackParams): ApiResponse {
  const offset = decodeCursor(stringParam(params, 'cursor'));
  if (offset === undefined) return slackError('invalid_cursor');
  // Slack's default limit 0 means "no limit" (everything in one page).
  const limit = limitParam(params, 'limit', Number.MAX_SAFE_INTEGER, 1000);
  const page = pageOf(workspace.users, offset, limit);
  return slackOk({
    members: page.items.map((user) => userObject(workspace, user, actorId)),
    // Slack's cache_ts is the time of the listing: the seed's latest activity.
    cache_ts: Math.floor(Number(workspace.latestTs)) || 0,
    response_metadata: { next_cursor: page.nextCursor },
  });
}

/** `users.info`: one user by id. */
export function usersInfo({ workspace, actorId }: MethodContext, params: SlackParams): ApiResponse {
  const id = stringParam(params, 'user');
  if (!id) return invalidArguments('missing required field: user');
  const user = workspace.user(id);
  return user
    ? slackOk({ user: userObject(workspace, user, actorId) })
    : slackError('user_not_found');
}

/** `users.lookupByEmail`: exact, case-insensitive email match; Slack's error is `users_not_found`. */
export function usersLookupByEmail(
  { workspace, actorId }: MethodContext,
  params: SlackParams,
): ApiResponse {
  const email = stringParam(params, 'email')?.toLowerCase();
  if (!email) return invalidArguments('missing required field: email');
  const user = workspace.users.find((row) => text(row, 'email')?.toLowerCase() === email);
  return user
    ? slackOk({ user: userObject(workspace, user, actorId) })
    : slackError('users_not_found');
}
