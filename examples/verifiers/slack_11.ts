// slack_11: the actor's thread reply about the aisle 12 recount in #wh-east-ops keeps its
// current text (read from the before-state) and ends with the requested sentence. The reply is
// not in conversations.history: it is found by search and read through its thread.
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
  changedMessages,
  history,
  onlyNamed,
  type SlackObject,
  slackCall,
  thread,
} from './lib/slack.js';

const SUFFIX = 'Done: count matches the system.';

export interface Seen {
  channel: string;
  parentTs: string;
  threadBefore: SlackObject[];
  historyBefore: SlackObject[];
  reply: SlackObject;
}

/** The reply to edit: where it sits (its ts) and the text it must keep. */
export interface Note {
  ts: string;
  text: string;
}

async function read({ task, before }: Run): Promise<Seen> {
  const channel = String(onlyNamed(await allChannels(before), 'wh-east-ops').id);
  const search = await slackCall(before, 'search.messages', {
    query: `"aisle 12" in:<#${channel}> from:<@${task.actor.id}>`,
    count: 100,
  });
  const candidates = (search.messages.matches as SlackObject[]).filter((match) =>
    String(match.text).toLowerCase().includes('aisle 12'),
  );
  if (candidates.length !== 1)
    throw new AmbiguousNameError(
      `expected one message of the actor in #wh-east-ops about aisle 12, found ${candidates.length}`,
    );
  const ts = String(candidates[0]!.ts);
  const threadBefore = await thread(before, channel, ts);
  const parentTs = String(threadBefore[0]?.ts ?? '');
  const reply = threadBefore.find((message) => String(message.ts) === ts);
  if (!reply || parentTs === ts)
    throw new AmbiguousNameError('the aisle 12 message is not a thread reply');
  return { channel, parentTs, threadBefore, historyBefore: await history(before, channel), reply };
}

/** The reply as this run's before-state has it. */
function required({ reply }: Seen): Note {
  return { ts: String(reply.ts), text: String(reply.text) };
}

async function judge(
  { channel, parentTs, threadBefore, historyBefore, reply }: Seen,
  note: Note,
  { task, after }: Run,
): Promise<VerifierResult> {
  const [threadAfter, historyAfter] = await Promise.all([
    thread(after, channel, parentTs),
    history(after, channel),
  ]);
  const replyAfter = threadAfter.find((message) => String(message.ts) === note.ts);
  const edited = String(replyAfter?.text ?? '');
  const threadChanges = changedMessages(threadBefore, threadAfter, [note.ts, parentTs]);
  const channelChanges = changedMessages(historyBefore, historyAfter, [parentTs]);
  return verdictOf(
    [
      {
        name: 'the reply is still in its thread',
        ok: replyAfter !== undefined && replyAfter.user === task.actor.id,
        detail: `ts ${note.ts} under ${parentTs}`,
      },
      {
        name: 'its current text is kept',
        ok: edited.startsWith(note.text),
        detail: `before ${JSON.stringify(note.text)}`,
      },
      {
        name: 'it ends with the requested sentence',
        ok: edited.endsWith(SUFFIX),
        detail: `after ${JSON.stringify(edited)}`,
      },
      {
        name: 'its reactions are kept',
        ok: JSON.stringify(replyAfter?.reactions ?? []) === JSON.stringify(reply.reactions ?? []),
        detail: JSON.stringify(replyAfter?.reactions ?? []),
      },
      {
        name: 'no other message in the thread or the channel changed',
        ok: threadChanges.length === 0 && channelChanges.length === 0,
        detail: [...threadChanges, ...channelChanges].join(', ') || 'none',
      },
    ],
    'Found the aisle 12 reply by search in the before-state, read its thread before and after, and compared the channel history.',
  );
}

export const plan: VerifierPlan<Seen, Note> = { read, required, judge };
export const verify = verifierOf(plan);
