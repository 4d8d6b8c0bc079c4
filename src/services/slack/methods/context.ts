import type { ApiResponse } from '../../api.js';
import type { SlackParams } from '../params.js';
import type { SlackWorkspace } from '../workspace.js';

/** What every Web API method handler sees: the indexed state and who is asking. */
export interface MethodContext {
  workspace: SlackWorkspace;
  actorId: string;
}

export type MethodHandler = (context: MethodContext, params: SlackParams) => ApiResponse;
