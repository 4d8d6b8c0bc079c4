import type { Actor } from '../../schema/task.js';
import type { State } from '../../state/state.js';
import type { ApiRequest, ApiResponse, Replica, ReplicaFactory } from '../api.js';
import { slackError } from './envelope.js';
import { READ_METHODS } from './methods/registry.js';
import { isWriteMethod, refuseWrite } from './methods/writes.js';
import { readParams } from './params.js';
import { SlackWorkspace } from './workspace.js';

/** Web API method named by a path: `/conversations.history`, `api/conversations.history`, … */
function methodName(path: string): string {
  const trimmed = path.split('?')[0]?.replace(/^\/+|\/+$/g, '') ?? '';
  return trimmed.replace(/^api\//, '');
}

/**
 * A read-only Slack Web API over one state, as the actor (a Slack user id) sees it.
 * Every method answers with Slack's envelope and HTTP 200, including errors; writes are
 * refused with `missing_scope` and change nothing.
 */
export const createSlackReplica: ReplicaFactory = (state: State, actor: Actor): Replica => {
  // Indexes are built on first use (a replica may be created and never called) and kept
  // with the immutable state, so every evaluation over that state shares them.
  const indexed = (): SlackWorkspace =>
    state.derived(SlackWorkspace, () => new SlackWorkspace(state));

  function handle(request: ApiRequest): ApiResponse {
    const method = methodName(request.path);
    if (isWriteMethod(method)) return refuseWrite(method);
    const handler = Object.hasOwn(READ_METHODS, method) ? READ_METHODS[method] : undefined;
    if (!handler) return slackError('unknown_method', { req_method: method });
    const context = { workspace: indexed(), actorId: actor.id };
    // A token whose user is not in the workspace is rejected before any method runs.
    if (!context.workspace.user(actor.id)) return slackError('invalid_auth');
    return handler(context, readParams(request));
  }

  return {
    service: 'slack',
    handle,
    // Every Web API call is one business operation (there is no GraphQL in Slack).
    operationCost: () => 1,
    isWrite: (request) => isWriteMethod(methodName(request.path)),
  };
};
