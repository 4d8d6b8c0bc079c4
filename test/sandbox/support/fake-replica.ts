import type { ApiRequest, ApiResponse, Replica } from '../../../src/services/api.js';

/** A tiny chat workspace: enough of a service for verifiers to read, nothing more. */
export interface FakeWorkspace {
  channels: { id: string; name: string }[];
  messages: { channel: string; user: string; text: string; ts: string }[];
}

const READS = new Set(['/conversations.list', '/conversations.history', '/users.info']);

function json(status: number, body: unknown): ApiResponse {
  return { status, headers: { 'content-type': 'application/json' }, body };
}

/**
 * A read-only replica over fixed data with Slack-like paths. Any call outside the three
 * reads counts as a write, is refused like a permission error and flagged by `isWrite`.
 * `calls` records what reached the replica, so tests can see what the sandbox let through.
 */
export function createFakeReplica(workspace: FakeWorkspace): Replica & { calls: ApiRequest[] } {
  const calls: ApiRequest[] = [];
  return {
    service: 'slack',
    calls,
    operationCost: () => 1,
    isWrite: (request) => !READS.has(request.path),
    handle(request) {
      calls.push(request);
      if (!READS.has(request.path)) return json(403, { ok: false, error: 'restricted_action' });
      if (request.path === '/conversations.list')
        return json(200, { ok: true, channels: workspace.channels });
      if (request.path === '/users.info')
        return json(200, { ok: true, user: { id: String(request.query?.user ?? '') } });
      const channel = request.query?.channel;
      if (!workspace.channels.some((item) => item.id === channel))
        return json(200, { ok: false, error: 'channel_not_found' });
      return json(200, {
        ok: true,
        messages: workspace.messages.filter((message) => message.channel === channel),
      });
    },
  };
}

/** Before: the #launch-review channel is quiet. */
export const QUIET_WORKSPACE: FakeWorkspace = {
  channels: [
    { id: 'C100', name: 'launch-review' },
    { id: 'C200', name: 'kitchen-rota' },
  ],
  messages: [
    {
      channel: 'C200',
      user: 'U7',
      text: 'Dishwasher duty: Thursday is Priya',
      ts: '1700000001.000100',
    },
  ],
};

/** After (valid): the actor posted the go/no-go summary in #launch-review. */
export const POSTED_WORKSPACE: FakeWorkspace = {
  channels: QUIET_WORKSPACE.channels,
  messages: [
    ...QUIET_WORKSPACE.messages,
    {
      channel: 'C100',
      user: 'U1',
      text: 'Go/no-go: GO for Tuesday, checklist signed off',
      ts: '1700000100.000200',
    },
  ],
};

/** After (invalid): the summary went to the wrong channel. */
export const MISPOSTED_WORKSPACE: FakeWorkspace = {
  channels: QUIET_WORKSPACE.channels,
  messages: [
    ...QUIET_WORKSPACE.messages,
    {
      channel: 'C200',
      user: 'U1',
      text: 'Go/no-go: GO for Tuesday, checklist signed off',
      ts: '1700000100.000200',
    },
  ],
};
