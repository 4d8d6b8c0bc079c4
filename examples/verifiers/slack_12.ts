// slack_12: #dock-safety's topic must equal the current text of Lena Fischer's floor rule in
// #wh-west-ops (her channel message, found case-insensitively; not her thread reply, not the
// archived channel's rule), read from this run's before-state.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  AmbiguousNameError,
  type Run,
  type VerifierPlan,
  verdictOf,
  verifierOf,
} from './lib/common.js';
import {
  allChannels,
  allUsers,
  changedChannels,
  history,
  onlyNamed,
  type SlackObject,
} from './lib/slack.js';

export interface Seen {
  channelsBefore: SlackObject[];
  dock: SlackObject;
  rule: SlackObject;
}

async function read({ before }: Run): Promise<Seen> {
  const channelsBefore = await allChannels(before);
  const west = onlyNamed(channelsBefore, 'wh-west-ops');
  const dock = onlyNamed(channelsBefore, 'dock-safety');
  const lenas = (await allUsers(before)).filter(
    (user) => user.real_name === 'Lena Fischer' && user.deleted !== true,
  );
  if (lenas.length !== 1)
    throw new AmbiguousNameError(`expected one Lena Fischer, found ${lenas.length}`);
  // history holds top-level messages only, which is what "not her reply in a thread" asks for.
  const rules = (await history(before, String(west.id))).filter(
    (message) =>
      message.user === lenas[0]!.id && String(message.text).toLowerCase().includes('floor rule'),
  );
  if (rules.length !== 1)
    throw new AmbiguousNameError(
      `expected one floor rule by Lena in #wh-west-ops, found ${rules.length}`,
    );
  return { channelsBefore, dock, rule: rules[0]! };
}

/** The text to copy: the rule as it reads in this run's before-state (edits included). */
function required({ rule }: Seen): string {
  return String(rule.text);
}

async function judge(
  { channelsBefore, dock }: Seen,
  wanted: string,
  { after }: Run,
): Promise<VerifierResult> {
  const channelsAfter = await allChannels(after);
  const dockAfter = channelsAfter.find((channel) => channel.id === dock.id);
  const others = changedChannels(channelsBefore, channelsAfter, [String(dock.id)]);
  return verdictOf(
    [
      {
        name: "#dock-safety's topic is the rule's current text",
        ok: dockAfter?.topic?.value === wanted,
        detail: `wanted ${JSON.stringify(wanted)}, got ${JSON.stringify(dockAfter?.topic?.value)}`,
      },
      {
        name: '#dock-safety keeps its name and purpose',
        ok:
          dockAfter?.name === dock.name &&
          dockAfter?.purpose?.value === dock.purpose?.value &&
          dockAfter?.is_archived === dock.is_archived,
        detail: `purpose ${JSON.stringify(dockAfter?.purpose?.value)}`,
      },
      {
        name: 'no other channel changed',
        ok: others.length === 0,
        detail: others.join(', ') || 'none',
      },
    ],
    "Read Lena's floor rule from #wh-west-ops's history in the before-state and compared #dock-safety's topic after the run.",
  );
}

export const plan: VerifierPlan<Seen, string> = { read, required, judge };
export const verify = verifierOf(plan);
