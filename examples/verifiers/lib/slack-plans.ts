// Verifier plans shared by the two tasks of a Slack family (same behaviour, other names):
// each task file calls the factory with its channel names and exports the plan, so its
// stale variant can swap only `required`. Runs inside the sandbox: no Node APIs.
import { AmbiguousNameError, listed, type Run, type VerifierPlan, verdictOf } from './common.js';
import {
  actorMessages,
  allChannels,
  allUsers,
  history,
  memberIds,
  onlyNamed,
  type SlackObject,
  thread,
} from './slack.js';

const newIn = (before: readonly string[], after: readonly string[]): string[] =>
  after.filter((id) => !before.includes(id));

// ---------------------------------------------------------------- invite the people who replied in a thread
export interface RepliersNames {
  threadChannel: string;
  /** How the thread's parent message starts. */
  parentStart: string;
  target: string;
}

export interface RepliersSeen {
  home: string;
  target: string;
  parentTs: string;
  repliers: string[];
}

/** Everyone who replied in a thread must be in `target`; nobody else added, nobody removed. */
export function repliersPlan(names: RepliersNames): VerifierPlan<RepliersSeen, readonly string[]> {
  return {
    async read({ before }: Run) {
      const channels = await allChannels(before);
      const home = String(onlyNamed(channels, names.threadChannel).id);
      const target = String(onlyNamed(channels, names.target).id);
      const parents = (await history(before, home)).filter((message) =>
        String(message.text).startsWith(names.parentStart),
      );
      if (parents.length !== 1)
        throw new AmbiguousNameError(
          `expected one message in #${names.threadChannel} starting "${names.parentStart}", found ${parents.length}`,
        );
      const parentTs = String(parents[0]!.ts);
      // Replies are not part of conversations.history: read the thread itself.
      const replies = (await thread(before, home, parentTs)).filter(
        (message) => String(message.ts) !== parentTs,
      );
      return {
        home,
        target,
        parentTs,
        repliers: [...new Set(replies.map((reply) => String(reply.user)))],
      };
    },
    required: ({ repliers }) => repliers,
    async judge({ home, target, parentTs }, repliers, { task, before, after }) {
      const [membersBefore, membersAfter, threadBefore, threadAfter] = await Promise.all([
        memberIds(before, target),
        memberIds(after, target),
        thread(before, home, parentTs),
        thread(after, home, parentTs),
      ]);
      const added = newIn(membersBefore, membersAfter);
      const removed = newIn(membersAfter, membersBefore);
      const missing = repliers.filter((id) => !membersAfter.includes(id));
      const strangers = added.filter((id) => !repliers.includes(id));
      const oldTs = new Set(threadBefore.map((message) => String(message.ts)));
      const posted = threadAfter.filter((message) => !oldTs.has(String(message.ts)));
      return verdictOf(
        [
          {
            name: `everyone who replied is in #${names.target}`,
            ok: missing.length === 0,
            detail: `repliers ${listed(repliers)}; missing ${listed(missing)}`,
          },
          {
            name: 'only repliers were added',
            ok: strangers.length === 0,
            detail: `added ${listed(added)}; not repliers ${listed(strangers)}`,
          },
          {
            name: 'nobody was removed',
            ok: removed.length === 0,
            detail: `removed ${listed(removed)}`,
          },
          {
            name: 'at most one note of the actor in the thread',
            ok: posted.length <= 1 && posted.every((message) => message.user === task.actor.id),
            detail: `${posted.length} new repl(ies)`,
          },
        ],
        `Read the ${repliers.length} repliers of the thread (conversations.replies) in the before-state and compared #${names.target} before and after.`,
      );
    },
  };
}

// ---------------------------------------------------------------- remove deactivated accounts from a channel
export interface DeactivatedSeen {
  target: SlackObject;
  membersBefore: string[];
  deactivated: string[];
}

/** Every deactivated member of `channel` is removed, every active one stays. */
export function deactivatedPlan(
  channelName: string,
): VerifierPlan<DeactivatedSeen, readonly string[]> {
  return {
    async read({ before }: Run) {
      const target = onlyNamed(await allChannels(before), channelName);
      // More members than one default page: memberIds follows next_cursor to the end.
      const membersBefore = await memberIds(before, String(target.id));
      const users = new Map((await allUsers(before)).map((user) => [String(user.id), user]));
      const deactivated = membersBefore.filter((id) => users.get(id)?.deleted === true);
      return { target, membersBefore, deactivated };
    },
    required: ({ deactivated }) => deactivated,
    async judge({ target, membersBefore }, deactivated, { task, before, after }) {
      const id = String(target.id);
      const [membersAfter, channelsAfter, historyBefore, historyAfter] = await Promise.all([
        memberIds(after, id),
        allChannels(after),
        history(before, id),
        history(after, id),
      ]);
      const targetAfter = channelsAfter.find((channel) => channel.id === id);
      const left = deactivated.filter((user) => membersAfter.includes(user));
      const removed = newIn(membersAfter, membersBefore);
      const wronglyRemoved = removed.filter((user) => !deactivated.includes(user));
      const added = newIn(membersBefore, membersAfter);
      const oldTs = new Set(historyBefore.map((message) => String(message.ts)));
      const posted = historyAfter.filter((message) => !oldTs.has(String(message.ts)));
      return verdictOf(
        [
          {
            name: 'no deactivated account is left',
            ok: left.length === 0,
            detail: `deactivated ${listed(deactivated)}; still in ${listed(left)}`,
          },
          {
            name: 'every active member stays',
            ok: wronglyRemoved.length === 0,
            detail: `removed ${listed(removed)}; active among them ${listed(wronglyRemoved)}`,
          },
          { name: 'nobody was added', ok: added.length === 0, detail: `added ${listed(added)}` },
          {
            name: 'name, topic and purpose unchanged',
            ok:
              targetAfter?.name === target.name &&
              targetAfter?.topic?.value === target.topic?.value &&
              targetAfter?.purpose?.value === target.purpose?.value,
            detail: `topic ${JSON.stringify(targetAfter?.topic?.value)}`,
          },
          {
            name: 'at most one note of the actor in the channel',
            ok: posted.length <= 1 && posted.every((message) => message.user === task.actor.id),
            detail: `${posted.length} new message(s)`,
          },
        ],
        `Read all ${membersBefore.length} members of #${channelName} (every page) and their accounts in the before-state.`,
      );
    },
  };
}

// ---------------------------------------------------------------- @-mention whoever set the topic
export interface SetterNames {
  channel: string;
  /** What the message must ask for. */
  ask: RegExp;
}

export interface SetterSeen {
  channel: SlackObject;
}

/** One new message in the channel (thread replies count) @-mentions the topic's setter and asks. */
export function setterPlan(names: SetterNames): VerifierPlan<SetterSeen, string> {
  return {
    async read({ before }: Run) {
      return { channel: onlyNamed(await allChannels(before), names.channel) };
    },
    required: ({ channel }) => String(channel.topic?.creator ?? ''),
    async judge({ channel }, setter, { task, before, after }) {
      const id = String(channel.id);
      const [mineBefore, mineAfter, channelsAfter] = await Promise.all([
        actorMessages(before, id, task.actor.id),
        actorMessages(after, id, task.actor.id),
        allChannels(after),
      ]);
      const oldTs = new Set(mineBefore.map((match) => String(match.ts)));
      const posted = mineAfter.filter((match) => !oldTs.has(String(match.ts)));
      const text = String(posted[0]?.text ?? '');
      const channelAfter = channelsAfter.find((candidate) => candidate.id === id);
      return verdictOf(
        [
          {
            name: `one new message of the actor in #${names.channel}`,
            ok: posted.length === 1,
            detail: `${posted.length} new message(s), thread replies included`,
          },
          {
            name: 'it @-mentions whoever set the topic',
            ok: setter !== '' && text.includes(`<@${setter}>`),
            detail: `topic set by ${setter}; text ${JSON.stringify(text)}`,
          },
          {
            name: 'it asks for what was asked',
            ok: names.ask.test(text),
            detail: String(names.ask),
          },
          {
            name: 'the topic is unchanged',
            ok: channelAfter?.topic?.value === channel.topic?.value,
            detail: JSON.stringify(channelAfter?.topic?.value),
          },
        ],
        `Read who set #${names.channel}'s topic in the before-state and searched the actor's new messages there (replies included).`,
      );
    },
  };
}
