// slack_4: the actor's #site-ops message about the Dock 4 inspection must keep its current
// text (read from the before-state) and end with the requested sentence; nothing else in
// the channel changes.
import type { PublicTask, VerifierResult } from '../../src/evaluation/verifier.js';
import type { ApiClient } from '../../src/services/client.js';
import { channelsNamed, history, type SlackObject, slackCall, verdictOf } from './lib/slack.js';

const SUFFIX = 'Update: passed, certificate is in the shared drive.';

/** A channel's top-level messages as ts -> what an edit or a new reply would change. */
function fingerprint(messages: SlackObject[]): Map<string, string> {
  return new Map(
    messages.map((message) => [
      String(message.ts),
      JSON.stringify([
        message.text,
        message.reply_count ?? 0,
        message.latest_reply ?? '',
        message.reactions ?? [],
      ]),
    ]),
  );
}

export async function verify(
  task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  const channels = await channelsNamed(before, 'site-ops');
  if (channels.length !== 1)
    return { verdict: 'unknown', explanation: `expected one #site-ops, found ${channels.length}` };
  const channel = String(channels[0]!.id);
  const search = await slackCall(before, 'search.messages', {
    query: `"dock 4 inspection" in:<#${channel}> from:<@${task.actor.id}>`,
    count: 100,
  });
  const candidates = (search.messages.matches as SlackObject[]).filter((match) =>
    String(match.text).toLowerCase().includes('dock 4 inspection'),
  );
  if (candidates.length !== 1) {
    return {
      verdict: 'unknown',
      explanation: `expected one message of the actor in #site-ops about the Dock 4 inspection, found ${candidates.length}`,
    };
  }
  const noteTs = String(candidates[0]!.ts);
  const historyBefore = await history(before, channel);
  const historyAfter = await history(after, channel);
  const noteBefore = historyBefore.find((message) => message.ts === noteTs);
  const noteAfter = historyAfter.find((message) => message.ts === noteTs);
  if (!noteBefore)
    return {
      verdict: 'unknown',
      explanation: 'the Dock 4 message is a thread reply; expected a top-level message',
    };
  const original = String(noteBefore.text);
  const edited = String(noteAfter?.text ?? '');
  const prints = { before: fingerprint(historyBefore), after: fingerprint(historyAfter) };
  const changed = [...new Set([...prints.before.keys(), ...prints.after.keys()])].filter(
    (ts) => ts !== noteTs && prints.before.get(ts) !== prints.after.get(ts),
  );
  return verdictOf(
    [
      {
        name: 'the message still exists in place',
        ok: noteAfter !== undefined && noteAfter.user === task.actor.id,
        detail: `ts ${noteTs}`,
      },
      {
        name: 'its current text is kept',
        ok: edited.startsWith(original),
        detail: `before ${JSON.stringify(original)}`,
      },
      {
        name: 'it ends with the requested update',
        ok: edited.endsWith(SUFFIX),
        detail: `after ${JSON.stringify(edited)}`,
      },
      {
        name: 'its reactions and thread are kept',
        ok:
          JSON.stringify([noteAfter?.reactions ?? [], noteAfter?.reply_count ?? 0]) ===
          JSON.stringify([noteBefore.reactions ?? [], noteBefore.reply_count ?? 0]),
        detail: `${noteAfter?.reply_count ?? 0} replies`,
      },
      {
        name: 'no other message in #site-ops changed',
        ok: changed.length === 0,
        detail: changed.join(', ') || 'none',
      },
    ],
    'Found the Dock 4 message in the before-state and compared its text, reactions and thread after the run.',
  );
}
