import type { ApiResponse } from '../../api.js';
import { slackError } from '../envelope.js';

/** The read-only token the replica hands every caller: read scopes only. */
export const PROVIDED_SCOPES =
  'channels:read,groups:read,im:read,mpim:read,channels:history,groups:history,im:history,mpim:history,users:read,users:read.email,reactions:read,search:read,team:read';

/** Web API methods that change the workspace, with the scope Slack says they need. */
const WRITE_SCOPES: Record<string, string> = {
  'chat.postMessage': 'chat:write',
  'chat.postEphemeral': 'chat:write',
  'chat.update': 'chat:write',
  'chat.delete': 'chat:write',
  'chat.meMessage': 'chat:write',
  'chat.scheduleMessage': 'chat:write',
  'chat.deleteScheduledMessage': 'chat:write',
  'conversations.create': 'channels:manage',
  'conversations.archive': 'channels:manage',
  'conversations.unarchive': 'channels:manage',
  'conversations.rename': 'channels:manage',
  'conversations.invite': 'channels:manage',
  'conversations.kick': 'channels:manage',
  'conversations.join': 'channels:join',
  'conversations.leave': 'channels:manage',
  'conversations.open': 'im:write',
  'conversations.close': 'im:write',
  'conversations.mark': 'channels:write',
  'conversations.setTopic': 'channels:manage',
  'conversations.setPurpose': 'channels:manage',
  'reactions.add': 'reactions:write',
  'reactions.remove': 'reactions:write',
  'pins.add': 'pins:write',
  'pins.remove': 'pins:write',
  'stars.add': 'stars:write',
  'stars.remove': 'stars:write',
  'bookmarks.add': 'bookmarks:write',
  'bookmarks.edit': 'bookmarks:write',
  'bookmarks.remove': 'bookmarks:write',
  'reminders.add': 'reminders:write',
  'reminders.complete': 'reminders:write',
  'reminders.delete': 'reminders:write',
  'users.setPresence': 'users:write',
  'users.profile.set': 'users.profile:write',
  'usergroups.create': 'usergroups:write',
  'usergroups.update': 'usergroups:write',
  'usergroups.users.update': 'usergroups:write',
  'files.upload': 'files:write',
  'files.delete': 'files:write',
};

export function isWriteMethod(method: string): boolean {
  return Object.hasOwn(WRITE_SCOPES, method);
}

/** Slack's answer to a call whose scope the token lacks; nothing changes. */
export function refuseWrite(method: string): ApiResponse {
  return slackError('missing_scope', {
    needed: WRITE_SCOPES[method] ?? 'chat:write',
    provided: PROVIDED_SCOPES,
  });
}
