// slack_2: #wh-east-ops's topic must equal the topic #wh-west-ops had when the run started
// (read from the before-state), with nothing else about any channel changed.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  AmbiguousNameError,
  type Run,
  type VerifierPlan,
  verdictOf,
  verifierOf,
} from './lib/common.js';
import { keepsNameAndPurpose, type SlackObject, slackList } from './lib/slack.js';

const ALL_CHANNELS = { types: 'public_channel,private_channel', limit: 200 } as const;

export interface Seen {
  channelsBefore: SlackObject[];
  eastBefore: SlackObject;
  westBefore: SlackObject;
}

/** What a conversation looks like for this task: everything but the topic's own metadata. */
function shape(channel: SlackObject): string {
  return JSON.stringify([
    channel.name,
    channel.is_archived,
    channel.topic?.value,
    channel.purpose?.value,
  ]);
}

async function read({ before }: Run): Promise<Seen> {
  const channelsBefore = await slackList(before, 'conversations.list', 'channels', ALL_CHANNELS);
  const easts = channelsBefore.filter((channel) => channel.name === 'wh-east-ops');
  const wests = channelsBefore.filter((channel) => channel.name === 'wh-west-ops');
  if (easts.length !== 1 || wests.length !== 1)
    throw new AmbiguousNameError(
      `expected one #wh-east-ops and one #wh-west-ops, found ${easts.length} and ${wests.length}`,
    );
  return { channelsBefore, eastBefore: easts[0]!, westBefore: wests[0]! };
}

/** The topic to copy: #wh-west-ops's in this run's before-state. */
function required({ westBefore }: Seen): string {
  return String(westBefore.topic?.value ?? '');
}

async function judge(
  { channelsBefore, eastBefore, westBefore }: Seen,
  wanted: string,
  { after }: Run,
): Promise<VerifierResult> {
  const channelsAfter = new Map(
    (await slackList(after, 'conversations.list', 'channels', ALL_CHANNELS)).map((channel) => [
      String(channel.id),
      channel,
    ]),
  );
  const eastAfter = channelsAfter.get(String(eastBefore.id));
  const westAfter = channelsAfter.get(String(westBefore.id));
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
      keepsNameAndPurpose('#wh-east-ops', eastBefore, eastAfter),
      {
        name: 'no other channel changed',
        ok: others.length === 0,
        detail: others.map((channel) => `#${channel.name}`).join(', ') || 'none',
      },
    ],
    "Compared #wh-east-ops's new topic with the topic #wh-west-ops had in the before-state.",
  );
}

export const plan: VerifierPlan<Seen, string> = { read, required, judge };
export const verify = verifierOf(plan);
