import { type BoxContext, ok } from '../context.js';
import { notFound } from '../errors.js';
import { fullUser } from '../representations.js';

/** `GET /users/me`: the actor the replica serves (their row, or a minimal user when the seed lacks it). */
export function getCurrentUser(context: BoxContext) {
  const id = context.visibility.actorId;
  const user = context.store.users.get(id);
  return ok(fullUser(user ?? { id, name: '', login: '' }));
}

/** `GET /users/{id}`: any user of the enterprise. */
export function getUser(context: BoxContext) {
  const id = context.params.user_id ?? '';
  const user = context.store.users.get(id);
  if (!user) return notFound(context.request, `user ${id}`);
  return ok(fullUser(user));
}
