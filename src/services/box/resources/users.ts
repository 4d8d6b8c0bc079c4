import { text } from '../columns.js';
import { type BoxContext, ok } from '../context.js';
import { badRequest, boxError, notFound } from '../errors.js';
import { requestedDetail } from '../fields.js';
import { readOffsetPage, slicePage } from '../paging.js';
import { queryString } from '../query.js';
import { userObject } from '../representations.js';

function userDetail(context: BoxContext): 'standard' | { fields: readonly string[] } {
  const detail = requestedDetail(context.request, 'standard');
  return detail === 'mini' ? 'standard' : detail;
}

/** `GET /users/me`: the actor the replica serves (their row, or a minimal user when the seed lacks it). */
export function getCurrentUser(context: BoxContext) {
  const id = context.visibility.actorId;
  const user = context.store.users.get(id);
  return ok(userObject(user ?? { id, name: '', login: '' }, userDetail(context)));
}

/** `GET /users/{id}`: any user of the enterprise. */
export function getUser(context: BoxContext) {
  const id = context.params.user_id ?? '';
  const user = context.store.users.get(id);
  if (!user) return notFound(context.request, 'user', id);
  return ok(userObject(user, userDetail(context)));
}

/**
 * `GET /users`: the enterprise's users, for admins only (Box refuses other users with
 * 403). `filter_term` matches the start of the name or login, case-insensitively.
 */
export function listUsers(context: BoxContext) {
  const { request } = context;
  if (!context.visibility.isAdmin) {
    return boxError(
      request,
      403,
      'access_denied_insufficient_permissions',
      'Access denied - only enterprise admins can list users',
    );
  }
  const page = readOffsetPage(request, 100, 1000);
  if (typeof page === 'string') return badRequest(request, page);
  const term = queryString(request.query?.filter_term)?.toLowerCase();
  const users = [...context.store.users.values()]
    .filter(
      (user) =>
        term === undefined ||
        [text(user, 'name'), text(user, 'login')].some((value) =>
          (value ?? '').toLowerCase().startsWith(term),
        ),
    )
    .sort(
      (a, b) =>
        (text(a, 'name') ?? '').localeCompare(text(b, 'name') ?? '') ||
        (text(a, 'id') ?? '').localeCompare(text(b, 'id') ?? ''),
    )
    .map((user) => userObject(user, userDetail(context)));
  return ok({
    total_count: users.length,
    entries: slicePage(users, page),
    offset: page.offset,
    limit: page.limit,
  });
}
