// slack_1: everyone in #incident-commanders must end up in #payments-cutover, nobody there
// removed. The roster is read from this run's before-state, never remembered.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  AmbiguousNameError,
  listed,
  type Run,
  type VerifierPlan,
  verdictOf,
  verifierOf,
} from './lib/common.js';
import { channelsNamed, memberIds, sameSet } from './lib/slack.js';

export interface Seen {
  target: string;
  roster: string;
  rosterBefore: string[];
}

async function read({ before }: Run): Promise<Seen> {
  const [targets, rosters] = await Promise.all([
    channelsNamed(before, 'payments-cutover'),
    channelsNamed(before, 'incident-commanders'),
  ]);
  if (targets.length !== 1 || rosters.length !== 1)
    throw new AmbiguousNameError(
      `expected one #payments-cutover and one #incident-commanders, found ${targets.length} and ${rosters.length}`,
    );
  const roster = String(rosters[0]!.id);
  return {
    target: String(targets[0]!.id),
    roster,
    rosterBefore: await memberIds(before, roster),
  };
}

/** Who must be in #payments-cutover: the members of #incident-commanders in this run. */
function required({ rosterBefore }: Seen): readonly string[] {
  return rosterBefore;
}

async function judge(
  { target, roster, rosterBefore }: Seen,
  commanders: readonly string[],
  { before, after }: Run,
): Promise<VerifierResult> {
  const targetBefore = await memberIds(before, target);
  const targetAfter = await memberIds(after, target);
  const rosterAfter = await memberIds(after, roster);

  const missing = commanders.filter((id) => !targetAfter.includes(id));
  const removed = targetBefore.filter((id) => !targetAfter.includes(id));
  const added = targetAfter.filter((id) => !targetBefore.includes(id));
  const strangers = added.filter((id) => !commanders.includes(id));
  return verdictOf(
    [
      {
        name: 'every current commander is in #payments-cutover',
        ok: missing.length === 0,
        detail: `commanders ${listed(commanders)}; missing ${listed(missing)}`,
      },
      {
        name: 'nobody already in #payments-cutover was removed',
        ok: removed.length === 0,
        detail: `removed ${listed(removed)}`,
      },
      {
        name: 'only commanders were added',
        ok: strangers.length === 0,
        detail: `added ${listed(added)}; not commanders ${listed(strangers)}`,
      },
      {
        name: '#incident-commanders itself is unchanged',
        ok: sameSet(rosterBefore, rosterAfter),
        detail: `${rosterBefore.length} -> ${rosterAfter.length} members`,
      },
    ],
    `Read the ${rosterBefore.length} members of #incident-commanders in the before-state and compared #payments-cutover before and after.`,
  );
}

export const plan: VerifierPlan<Seen, readonly string[]> = { read, required, judge };
export const verify = verifierOf(plan);
