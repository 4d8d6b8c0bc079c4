// STALE on purpose (slack_4): the message's text was read once, on the source state, and
// frozen as a literal. When the message had been corrected before a run, this verifier
// wants the old wording back.
import type { PublicTask, VerifierResult } from '../../../src/evaluation/verifier.js';
import type { ApiClient } from '../../../src/services/client.js';
import { channelsNamed, history, verdictOf } from '../lib/slack.js';

const NOTE_TS = '1793265240.776267';
const ORIGINAL =
  'Dock 4 inspection is booked for Thursday 09:30 with the county assessor. Forklift lanes B and C stay closed from 09:00 until it is done.';
const SUFFIX = 'Update: passed, certificate is in the shared drive.';

export async function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  const channels = await channelsNamed(before, 'site-ops');
  if (channels.length !== 1) return { verdict: 'unknown', explanation: 'channel not found' };
  const channel = String(channels[0]!.id);
  const historyBefore = await history(before, channel);
  const historyAfter = await history(after, channel);
  const note = historyAfter.find((message) => message.ts === NOTE_TS);
  const text = String(note?.text ?? '');
  const othersChanged = historyBefore.filter((message) => {
    if (message.ts === NOTE_TS) return false;
    const later = historyAfter.find((candidate) => candidate.ts === message.ts);
    return (
      !later ||
      later.text !== message.text ||
      (later.reply_count ?? 0) !== (message.reply_count ?? 0)
    );
  });
  const noteBefore = historyBefore.find((message) => message.ts === NOTE_TS);
  return verdictOf(
    [
      { name: 'original text kept', ok: text.startsWith(ORIGINAL), detail: JSON.stringify(text) },
      { name: 'update appended', ok: text.endsWith(SUFFIX), detail: JSON.stringify(text) },
      {
        name: 'thread kept',
        ok: (note?.reply_count ?? 0) === (noteBefore?.reply_count ?? 0),
        detail: `${note?.reply_count ?? 0} replies`,
      },
      {
        name: 'no other message changed',
        ok: othersChanged.length === 0 && historyAfter.length === historyBefore.length,
        detail: `${othersChanged.length} changed`,
      },
    ],
    'Compared the note with its remembered original text.',
  );
}
