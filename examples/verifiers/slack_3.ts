// slack_3: whoever is called Priya Raman in this run's before-state is added to
// #vendor-onboarding, and the actor posts a welcome there that @-mentions that user.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  AmbiguousNameError,
  listed,
  type Run,
  type VerifierPlan,
  verdictOf,
  verifierOf,
} from './lib/common.js';
import {
  actorMessages,
  channelsNamed,
  memberIds,
  type SlackObject,
  slackList,
} from './lib/slack.js';

export interface Seen {
  priyas: SlackObject[];
  channel: string;
}

async function read({ before }: Run): Promise<Seen> {
  const users = await slackList(before, 'users.list', 'members', { limit: 200 });
  const priyas = users.filter((user) => user.real_name === 'Priya Raman' && user.deleted !== true);
  const channels = await channelsNamed(before, 'vendor-onboarding');
  if (priyas.length !== 1 || channels.length !== 1)
    throw new AmbiguousNameError(
      `expected one user named Priya Raman and one #vendor-onboarding, found ${priyas.length} and ${channels.length}`,
    );
  return { priyas, channel: String(channels[0]!.id) };
}

/** Priya Raman's user id: whoever carries that name in this run's before-state. */
function required({ priyas }: Seen): string {
  return String(priyas[0]!.id);
}

async function judge(
  { channel }: Seen,
  priya: string,
  { task, before, after }: Run,
): Promise<VerifierResult> {
  const membersBefore = await memberIds(before, channel);
  const membersAfter = await memberIds(after, channel);
  const added = membersAfter.filter((id) => !membersBefore.includes(id));
  const removed = membersBefore.filter((id) => !membersAfter.includes(id));
  const oldTs = new Set(
    (await actorMessages(before, channel, task.actor.id)).map((match) => String(match.ts)),
  );
  const posted = (await actorMessages(after, channel, task.actor.id)).filter(
    (match) => !oldTs.has(String(match.ts)),
  );
  const welcomes = posted.filter((match) => String(match.text).includes(`<@${priya}>`));
  return verdictOf(
    [
      {
        name: 'Priya Raman is a member of #vendor-onboarding',
        ok: membersAfter.includes(priya),
        detail: `Priya Raman is ${priya}; added ${listed(added)}`,
      },
      {
        name: 'nobody else was added or removed',
        ok: added.every((id) => id === priya) && removed.length === 0,
        detail: `added ${listed(added)}; removed ${listed(removed)}`,
      },
      {
        name: 'one new message in #vendor-onboarding @-mentions her',
        ok: welcomes.length === 1,
        detail: `${posted.length} new message(s) by the actor, ${welcomes.length} mention <@${priya}>`,
      },
    ],
    `Resolved Priya Raman by real name in the before-state (${priya}) and compared #vendor-onboarding before and after.`,
  );
}

export const plan: VerifierPlan<Seen, string> = { read, required, judge };
export const verify = verifierOf(plan);
