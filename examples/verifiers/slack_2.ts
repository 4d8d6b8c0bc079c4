// slack_2: #wh-east-ops's topic must equal the topic #wh-west-ops had when the run started
// (read from the before-state), with nothing else about any channel changed.
import type { PublicTask, VerifierResult } from '../../src/evaluation/verifier.js';
import type { ApiClient } from '../../src/services/client.js';
import { type SlackObject, slackList, verdictOf } from './lib/slack.js';

const ALL_CHANNELS = { types: 'public_channel,private_channel', limit: 200 } as const;

/** What a conversation looks like for this task: everything but the topic's own metadata. */
function shape(channel: SlackObject): string {
  return JSON.stringify([
    channel.name,
    channel.is_archived,
    channel.topic?.value,
    channel.purpose?.value,
  ]);
}

export async function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  const channelsBefore = await slackList(before, 'conversations.list', 'channels', ALL_CHANNELS);
  const easts = channelsBefore.filter((channel) => channel.name === 'wh-east-ops');
  const wests = channelsBefore.filter((channel) => channel.name === 'wh-west-ops');
  if (easts.length !== 1 || wests.length !== 1) {
    return {
      verdict: 'unknown',
      explanation: `expected one #wh-east-ops and one #wh-west-ops, found ${easts.length} and ${wests.length}`,
    };
  }
  const eastBefore = easts[0]!;
  const westBefore = wests[0]!;
  const channelsAfter = new Map(
    (await slackList(after, 'conversations.list', 'channels', ALL_CHANNELS)).map((channel) => [
      String(channel.id),
      channel,
    ]),
  );
  const eastAfter = channelsAfter.get(String(eastBefore.id));
  const westAfter = channelsAfter.get(String(westBefore.id));
  const wanted = String(westBefore.topic?.value ?? '');
  const others = channelsBefore.filter(
    (channel) =>
      channel.id !== eastBefore.id &&
      channel.id !== westBefore.id &&
      shape(channel) !== shape(channelsAfter.get(String(channel.id)) ?? {}),
  );
  return verdictOf(
    [
      {
        name: "#wh-east-ops topic is #wh-west-ops's topic",
        ok: eastAfter?.topic?.value === wanted,
        detail: `wanted ${JSON.stringify(wanted)}, got ${JSON.stringify(eastAfter?.topic?.value)}`,
      },
      {
        name: '#wh-west-ops unchanged',
        ok: westAfter !== undefined && shape(westAfter) === shape(westBefore),
        detail: `topic ${JSON.stringify(westAfter?.topic?.value)}`,
      },
      {
        name: '#wh-east-ops keeps its name and purpose',
        ok:
          eastAfter?.name === eastBefore.name &&
          eastAfter?.purpose?.value === eastBefore.purpose?.value &&
          eastAfter?.is_archived === eastBefore.is_archived,
        detail: `purpose ${JSON.stringify(eastAfter?.purpose?.value)}`,
      },
      {
        name: 'no other channel changed',
        ok: others.length === 0,
        detail: others.map((channel) => `#${channel.name}`).join(', ') || 'none',
      },
    ],
    "Compared #wh-east-ops's new topic with the topic #wh-west-ops had in the before-state.",
  );
}
