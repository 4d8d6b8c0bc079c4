// STALE on purpose (slack_1): the set of people to invite was computed once, on the
// source state, and frozen as literal user ids. When the commander rota changes, this
// verifier still demands last week's roster.
import type { PublicTask, VerifierResult } from '../../../src/evaluation/verifier.js';
import type { ApiClient } from '../../../src/services/client.js';
import { channelsNamed, listed, memberIds, verdictOf } from '../lib/slack.js';

/** Priya Raman, Ines Carvalho, Kwame Mensah: the commanders missing from #payments-cutover in the source state. */
const TO_INVITE = ['U07A64G786R', 'U0ZVK21Y2YX', 'U0FKQ5UXSH0'];

export async function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  const [targets, rosters] = await Promise.all([
    channelsNamed(before, 'payments-cutover'),
    channelsNamed(before, 'incident-commanders'),
  ]);
  if (targets.length !== 1 || rosters.length !== 1)
    return { verdict: 'unknown', explanation: 'channels not found' };
  const target = String(targets[0]!.id);
  const roster = String(rosters[0]!.id);
  const targetBefore = await memberIds(before, target);
  const targetAfter = await memberIds(after, target);
  const rosterBefore = await memberIds(before, roster);
  const rosterAfter = await memberIds(after, roster);
  const added = targetAfter.filter((id) => !targetBefore.includes(id));
  const missing = TO_INVITE.filter((id) => !targetAfter.includes(id));
  const removed = targetBefore.filter((id) => !targetAfter.includes(id));
  return verdictOf(
    [
      {
        name: 'the three commanders were invited',
        ok: missing.length === 0,
        detail: `missing ${listed(missing)}`,
      },
      {
        name: 'nobody was removed',
        ok: removed.length === 0,
        detail: `removed ${listed(removed)}`,
      },
      {
        name: 'nobody else was added',
        ok: added.every((id) => TO_INVITE.includes(id)),
        detail: `added ${listed(added)}`,
      },
      {
        name: '#incident-commanders unchanged',
        ok:
          rosterAfter.length === rosterBefore.length &&
          rosterBefore.every((id) => rosterAfter.includes(id)),
        detail: `${rosterAfter.length} members`,
      },
    ],
    'Checked the remembered invitees against #payments-cutover.',
  );
}
