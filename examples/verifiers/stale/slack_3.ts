// STALE on purpose (slack_3): "Priya Raman" was resolved once, on the source state, and
// her user id kept as a literal. When the name belongs to someone else in a later run,
// this verifier checks the wrong person.
import type { PublicTask, VerifierResult } from '../../../src/evaluation/verifier.js';
import type { ApiClient } from '../../../src/services/client.js';
import {
  channelsNamed,
  listed,
  memberIds,
  type SlackObject,
  slackCall,
  verdictOf,
} from '../lib/slack.js';

const PRIYA_RAMAN = 'U07A64G786R';

async function actorMessages(
  client: ApiClient,
  channel: string,
  actor: string,
): Promise<SlackObject[]> {
  const body = await slackCall(client, 'search.messages', {
    query: `in:<#${channel}> from:<@${actor}>`,
    sort: 'timestamp',
    count: 100,
  });
  return body.messages.matches as SlackObject[];
}

export async function verify(
  task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  const channels = await channelsNamed(before, 'vendor-onboarding');
  if (channels.length !== 1) return { verdict: 'unknown', explanation: 'channel not found' };
  const channel = String(channels[0]!.id);
  const membersBefore = await memberIds(before, channel);
  const membersAfter = await memberIds(after, channel);
  const added = membersAfter.filter((id) => !membersBefore.includes(id));
  const oldTs = new Set(
    (await actorMessages(before, channel, task.actor.id)).map((match) => String(match.ts)),
  );
  const posted = (await actorMessages(after, channel, task.actor.id)).filter(
    (match) => !oldTs.has(String(match.ts)),
  );
  return verdictOf(
    [
      {
        name: 'Priya Raman added',
        ok: membersAfter.includes(PRIYA_RAMAN),
        detail: `added ${listed(added)}`,
      },
      {
        name: 'nobody else added',
        ok: added.every((id) => id === PRIYA_RAMAN),
        detail: `added ${listed(added)}`,
      },
      {
        name: 'welcome mentions her',
        ok: posted.filter((match) => String(match.text).includes(`<@${PRIYA_RAMAN}>`)).length === 1,
        detail: `${posted.length} new message(s)`,
      },
    ],
    'Checked the remembered Priya Raman id in #vendor-onboarding.',
  );
}
