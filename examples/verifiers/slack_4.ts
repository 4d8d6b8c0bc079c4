// slack_4: the actor's #site-ops message about the Dock 4 inspection must keep its current
// text (read from the before-state) and end with the requested sentence; nothing else in
// the channel changes.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  AmbiguousNameError,
  type Run,
  type VerifierPlan,
  verdictOf,
  verifierOf,
} from './lib/common.js';
import {
  changedMessages,
  channelsNamed,
  history,
  type SlackObject,
  slackCall,
} from './lib/slack.js';

const SUFFIX = 'Update: passed, certificate is in the shared drive.';

export interface Seen {
  channel: string;
  historyBefore: SlackObject[];
  noteBefore: SlackObject;
}

/** The message to edit: where it sits (its ts) and the text it must keep. */
export interface Note {
  ts: string;
  text: string;
}

async function read({ task, before }: Run): Promise<Seen> {
  const channels = await channelsNamed(before, 'site-ops');
  if (channels.length !== 1)
    throw new AmbiguousNameError(`expected one #site-ops, found ${channels.length}`);
  const channel = String(channels[0]!.id);
  const search = await slackCall(before, 'search.messages', {
    query: `"dock 4 inspection" in:<#${channel}> from:<@${task.actor.id}>`,
    count: 100,
  });
  const candidates = (search.messages.matches as SlackObject[]).filter((match) =>
    String(match.text).toLowerCase().includes('dock 4 inspection'),
  );
  if (candidates.length !== 1)
    throw new AmbiguousNameError(
      `expected one message of the actor in #site-ops about the Dock 4 inspection, found ${candidates.length}`,
    );
  const historyBefore = await history(before, channel);
  const noteBefore = historyBefore.find((message) => message.ts === String(candidates[0]!.ts));
  if (!noteBefore)
    throw new AmbiguousNameError(
      'the Dock 4 message is a thread reply; expected a top-level message',
    );
  return { channel, historyBefore, noteBefore };
}

/** The Dock 4 message as this run's before-state has it. */
function required({ noteBefore }: Seen): Note {
  return { ts: String(noteBefore.ts), text: String(noteBefore.text) };
}

async function judge(
  { channel, historyBefore }: Seen,
  note: Note,
  { task, after }: Run,
): Promise<VerifierResult> {
  const historyAfter = await history(after, channel);
  const noteBefore = historyBefore.find((message) => message.ts === note.ts);
  const noteAfter = historyAfter.find((message) => message.ts === note.ts);
  const edited = String(noteAfter?.text ?? '');
  const changed = changedMessages(historyBefore, historyAfter, [note.ts]);
  return verdictOf(
    [
      {
        name: 'the message still exists in place',
        ok: noteAfter !== undefined && noteAfter.user === task.actor.id,
        detail: `ts ${note.ts}`,
      },
      {
        name: 'its current text is kept',
        ok: edited.startsWith(note.text),
        detail: `before ${JSON.stringify(note.text)}`,
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
          JSON.stringify([noteBefore?.reactions ?? [], noteBefore?.reply_count ?? 0]),
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

export const plan: VerifierPlan<Seen, Note> = { read, required, judge };
export const verify = verifierOf(plan);
