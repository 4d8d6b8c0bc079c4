import type { ApiResponse } from '../../api.js';
import { slackOk } from '../envelope.js';
import type { SlackParams } from '../params.js';
import { teamId, workspaceDomain } from '../shapes.js';
import { text } from '../tables.js';
import type { MethodContext } from './context.js';

/** `auth.test`: who the token belongs to. */
export function authTest(context: MethodContext, _params: SlackParams): ApiResponse {
  const { workspace, actorId } = context;
  const user = workspace.user(actorId);
  return slackOk({
    url: `https://${workspaceDomain(context.workspace)}.slack.com/`,
    team: (workspace.team && text(workspace.team, 'team_name')) ?? '',
    user: (user && text(user, 'username')) ?? '',
    team_id: teamId(workspace),
    user_id: actorId,
    is_enterprise_install: false,
  });
}

/** `team.info`: the workspace itself. */
export function teamInfo(context: MethodContext, _params: SlackParams): ApiResponse {
  const { workspace } = context;
  const domain = workspaceDomain(context.workspace);
  return slackOk({
    team: {
      id: teamId(workspace),
      name: (workspace.team && text(workspace.team, 'team_name')) ?? '',
      domain,
      email_domain: '',
      icon: { image_default: true },
      url: `https://${domain}.slack.com/`,
    },
  });
}
