// STALE on purpose (slack_2): the topic to copy was read once, on the source state, and
// frozen as a literal. When #wh-west-ops's topic changes before a run, this verifier still
// wants the old text.
import type { PublicTask, VerifierResult } from '../../../src/evaluation/verifier.js';
import type { ApiClient } from '../../../src/services/client.js';
import { slackList, verdictOf } from '../lib/slack.js';

const WEST_TOPIC =
  'Shifts 06:00–14:00 / 14:00–22:00 · Safety lead: Lena Fischer · Escalations → #site-ops';

export async function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  const query = { types: 'public_channel,private_channel', limit: 200 };
  const channelsBefore = await slackList(before, 'conversations.list', 'channels', query);
  const channelsAfter = new Map(
    (await slackList(after, 'conversations.list', 'channels', query)).map((channel) => [
      String(channel.id),
      channel,
    ]),
  );
  const east = channelsBefore.find((channel) => channel.name === 'wh-east-ops');
  const west = channelsBefore.find((channel) => channel.name === 'wh-west-ops');
  if (!east || !west) return { verdict: 'unknown', explanation: 'channels not found' };
  const eastAfter = channelsAfter.get(String(east.id));
  const westAfter = channelsAfter.get(String(west.id));
  return verdictOf(
    [
      {
        name: 'east topic set to the west shift pattern',
        ok: eastAfter?.topic?.value === WEST_TOPIC,
        detail: JSON.stringify(eastAfter?.topic?.value),
      },
      {
        name: 'west topic untouched',
        ok: westAfter?.topic?.value === west.topic?.value,
        detail: JSON.stringify(westAfter?.topic?.value),
      },
      {
        name: 'east purpose untouched',
        ok: eastAfter?.purpose?.value === east.purpose?.value,
        detail: JSON.stringify(eastAfter?.purpose?.value),
      },
    ],
    'Compared the east topic with the remembered west topic.',
  );
}
