// slack_14: the actor reacts to Omar's cold room door seal message (top-level, not his reply in
// its thread) with the emoji Tobias Weber has on it in this run's before-state; no other
// reaction anywhere in the channel or the thread changes. A thank-you in the thread is allowed.
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
  changedMessages,
  history,
  onlyNamed,
  type SlackObject,
  thread,
} from './lib/slack.js';

export interface Seen {
  channel: string;
  seal: SlackObject;
  tobias: string;
  historyBefore: SlackObject[];
  threadBefore: SlackObject[];
}

function personNamed(users: SlackObject[], name: string): string {
  const found = users.filter((user) => user.real_name === name && user.deleted !== true);
  if (found.length !== 1)
    throw new AmbiguousNameError(`expected one ${name}, found ${found.length}`);
  return String(found[0]!.id);
}

async function read({ before }: Run): Promise<Seen> {
  const channel = String(onlyNamed(await allChannels(before), 'site-ops').id);
  const users = await allUsers(before);
  const omar = personNamed(users, 'Omar Haddad');
  const tobias = personNamed(users, 'Tobias Weber');
  const historyBefore = await history(before, channel);
  const seals = historyBefore.filter(
    (message) => message.user === omar && String(message.text).toLowerCase().includes('door seal'),
  );
  if (seals.length !== 1)
    throw new AmbiguousNameError(`expected one door seal message by Omar, found ${seals.length}`);
  const seal = seals[0]!;
  return {
    channel,
    seal,
    tobias,
    historyBefore,
    threadBefore: await thread(before, channel, String(seal.ts)),
  };
}

/** Tobias's emoji on the message in this run's before-state. */
function required({ seal, tobias }: Seen): string {
  const his = ((seal.reactions ?? []) as SlackObject[]).filter((reaction) =>
    (reaction.users ?? []).includes(tobias),
  );
  if (his.length !== 1)
    throw new AmbiguousNameError(
      `expected one reaction by Tobias on the message, found ${his.length}`,
    );
  return String(his[0]!.name);
}

/** Reactions of a message as "emoji:user" pairs, sorted. */
function pairs(message: SlackObject | undefined): string[] {
  return ((message?.reactions ?? []) as SlackObject[])
    .flatMap((reaction) => (reaction.users ?? []).map((user: string) => `${reaction.name}:${user}`))
    .sort();
}

async function judge(
  { channel, seal, historyBefore, threadBefore }: Seen,
  emoji: string,
  { task, after }: Run,
): Promise<VerifierResult> {
  const ts = String(seal.ts);
  const [historyAfter, threadAfter] = await Promise.all([
    history(after, channel),
    thread(after, channel, ts),
  ]);
  const sealAfter = historyAfter.find((message) => String(message.ts) === ts);
  const wanted = [...pairs(seal), `${emoji}:${task.actor.id}`].sort();
  const otherMessages = changedMessages(historyBefore, historyAfter, [ts]);
  const oldTs = new Set(threadBefore.map((message) => String(message.ts)));
  const replies = changedMessages(
    threadBefore.filter((message) => String(message.ts) !== ts),
    threadAfter.filter((message) => String(message.ts) !== ts && oldTs.has(String(message.ts))),
  );
  const posted = threadAfter.filter((message) => !oldTs.has(String(message.ts)));
  return verdictOf(
    [
      {
        name: `the actor reacted with :${emoji}:`,
        ok: pairs(sealAfter).includes(`${emoji}:${task.actor.id}`),
        detail: `reactions ${pairs(sealAfter).join(', ')}`,
      },
      {
        name: "the message's other reactions are unchanged",
        ok: JSON.stringify(pairs(sealAfter)) === JSON.stringify(wanted),
        detail: `wanted ${wanted.join(', ')}`,
      },
      {
        name: 'no other message or reply changed',
        ok: otherMessages.length === 0 && replies.length === 0,
        detail: [...otherMessages, ...replies].join(', ') || 'none',
      },
      {
        name: 'at most one reply of the actor in the thread',
        ok: posted.length <= 1 && posted.every((message) => message.user === task.actor.id),
        detail: `${posted.length} new repl(ies)`,
      },
    ],
    "Read Tobias's reaction on the door seal message in the before-state and compared the message, its thread and the channel after the run.",
  );
}

export const plan: VerifierPlan<Seen, string> = { read, required, judge };
export const verify = verifierOf(plan);
