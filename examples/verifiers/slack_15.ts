// slack_15: every open channel whose name starts with "temp-" and that the actor is a member of
// (in this run's before-state) is archived, keeping its name, topic and members; no other
// channel changes ("template-…" is not "temp-", a channel she is not in is not hers).
import type { VerifierResult } from '../../src/contract/verifier.js';
import { listed, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';
import { allChannels, changedChannels, type SlackObject } from './lib/slack.js';

export interface Seen {
  channelsBefore: SlackObject[];
}

async function read({ before }: Run): Promise<Seen> {
  return { channelsBefore: await allChannels(before) };
}

/** The channels to archive: open temp- channels the actor is in, now. */
function required({ channelsBefore }: Seen): readonly string[] {
  return channelsBefore
    .filter(
      (channel) =>
        String(channel.name).startsWith('temp-') &&
        channel.is_archived !== true &&
        channel.is_member === true,
    )
    .map((channel) => String(channel.id));
}

async function judge(
  { channelsBefore }: Seen,
  temps: readonly string[],
  { after }: Run,
): Promise<VerifierResult> {
  const channelsAfter = await allChannels(after);
  const byId = (list: SlackObject[], id: string) => list.find((channel) => channel.id === id);
  const open = temps.filter((id) => byId(channelsAfter, id)?.is_archived !== true);
  const altered = temps.filter((id) => {
    const was = byId(channelsBefore, id);
    const now = byId(channelsAfter, id);
    return (
      now?.name !== was?.name ||
      now?.topic?.value !== was?.topic?.value ||
      now?.purpose?.value !== was?.purpose?.value ||
      now?.is_member !== was?.is_member ||
      now?.num_members !== was?.num_members
    );
  });
  const others = changedChannels(channelsBefore, channelsAfter, [...temps]);
  return verdictOf(
    [
      {
        name: 'every temp- channel of the actor is archived',
        ok: open.length === 0,
        detail: `still open ${listed(open)}`,
      },
      {
        name: 'they keep their names, topics and members',
        ok: altered.length === 0,
        detail: `altered ${listed(altered)}`,
      },
      {
        name: 'no other channel changed',
        ok: others.length === 0,
        detail: others.join(', ') || 'none',
      },
    ],
    `Listed the ${temps.length} open temp- channels the actor was in before the run and compared every channel after it.`,
  );
}

export const plan: VerifierPlan<Seen, readonly string[]> = { read, required, judge };
export const verify = verifierOf(plan);
