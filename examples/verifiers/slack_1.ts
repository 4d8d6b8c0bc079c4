// slack_1: everyone in #incident-commanders must end up in #payments-cutover, nobody there
// removed. The roster is read from this run's before-state, never remembered.
import type { PublicTask, VerifierResult } from '../../src/evaluation/verifier.js';
import type { ApiClient } from '../../src/services/client.js';
import { channelsNamed, listed, memberIds, sameSet, verdictOf } from './lib/slack.js';

export async function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  const [targets, rosters] = await Promise.all([
    channelsNamed(before, 'payments-cutover'),
    channelsNamed(before, 'incident-commanders'),
  ]);
  if (targets.length !== 1 || rosters.length !== 1) {
    return {
      verdict: 'unknown',
      explanation: `expected one #payments-cutover and one #incident-commanders, found ${targets.length} and ${rosters.length}`,
    };
  }
  const target = String(targets[0]!.id);
  const roster = String(rosters[0]!.id);
  const commanders = await memberIds(before, roster);
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
        ok: sameSet(commanders, rosterAfter),
        detail: `${commanders.length} -> ${rosterAfter.length} members`,
      },
    ],
    `Read the ${commanders.length} members of #incident-commanders in the before-state and compared #payments-cutover before and after.`,
  );
}
