import type { Actor } from '../../../schema/task.js';
import type { State } from '../../../state/state.js';
import type { ApiRequest } from '../../api.js';
import type { WriteEnvironment, WriteModel, WriteResult } from '../../write-model.js';
import { readParams } from '../params.js';
import { flag } from '../tables.js';
import { SlackWorkspace } from '../workspace.js';
import { refuse, type SlackWriteMethod } from './context.js';
import { conversationsOpen } from './direct.js';
import {
  conversationsArchive,
  conversationsCreate,
  conversationsRename,
  conversationsUnarchive,
} from './lifecycle.js';
import {
  conversationsInvite,
  conversationsJoin,
  conversationsKick,
  conversationsLeave,
} from './membership.js';
import { chatDelete, chatPostMessage, chatUpdate } from './messages.js';
import { reactionsAdd, reactionsRemove } from './reactions.js';
import { conversationsSetPurpose, conversationsSetTopic } from './topics.js';

/** The Web API write methods the model runs, in docs/replicas.md order. */
const METHODS: readonly SlackWriteMethod[] = [
  chatPostMessage,
  chatUpdate,
  chatDelete,
  reactionsAdd,
  reactionsRemove,
  conversationsSetTopic,
  conversationsSetPurpose,
  conversationsInvite,
  conversationsKick,
  conversationsJoin,
  conversationsLeave,
  conversationsOpen,
  conversationsCreate,
  conversationsRename,
  conversationsArchive,
  conversationsUnarchive,
];

const BY_NAME = new Map(METHODS.map((method) => [method.operation.name, method]));

/** Web API method named by a path, as the read replica reads it (`/chat.postMessage`, `api/…`). */
function methodName(path: string): string {
  const trimmed = path.split('?')[0]?.replace(/^\/+|\/+$/g, '') ?? '';
  return trimmed.replace(/^api\//, '');
}

/**
 * Slack's write model (docs/replicas.md, Write operations): each Web API write method as the
 * actor's user token runs it, giving the rows Slack changes or its `{ok:false, error}` answer.
 */
export const slackWriteModel: WriteModel = {
  service: 'slack',
  operations: METHODS.map((method) => method.operation),
  apply(state: State, actor: Actor, request: ApiRequest, env: WriteEnvironment): WriteResult {
    const name = methodName(request.path);
    const method = BY_NAME.get(name);
    if (!method) return refuse('unknown_method', { req_method: name });
    if (request.method.toUpperCase() !== 'POST' && request.method.toUpperCase() !== 'GET')
      return refuse('invalid_post_type');
    const workspace = state.derived(SlackWorkspace, () => new SlackWorkspace(state));
    const user = workspace.user(actor.id);
    // A token of a user outside the workspace is refused before any method runs; a
    // deactivated user's token no longer works (Slack's account_inactive).
    if (!user) return refuse('invalid_auth');
    if (flag(user, 'deleted')) return refuse('account_inactive');
    const result = method.run({
      state,
      workspace,
      actorId: actor.id,
      params: readParams(request),
      env,
    });
    if (!result.ok) return result;
    // Every change must land on the state it was computed from (a seed lacking a table the
    // method writes, e.g. message_reactions, cannot hold it).
    const { errors } = state.apply(result.patch);
    if (errors.length > 0)
      return {
        ok: false,
        refusal: {
          status: 200,
          body: { ok: false, error: 'internal_error' },
          summary: `internal_error: ${errors.map((error) => error.message).join('; ')}`,
        },
      };
    return result;
  },
};
