// The built-in Slack task family: slack_14: react with the emoji a colleague used.
import {
  alternative,
  complete,
  declarativeReference,
  fault,
  findRow,
  findRows,
  type Outcome,
  slack,
  type Task,
} from 'agentproofbench/authoring';
import { atMostOneMessage, channelNamed, untouched } from './reference.js';
import { slackTask } from './task.js';
import { ACTOR, at, messageIn, SEED, ts, userId } from './workspace.js';

const { postMessage, react, unreact } = slack;

// ================================================================ slack_14: react with the emoji a colleague used
export function reactLikeColleague(): Task {
  const omar = userId('Omar Haddad');
  const tobias = userId('Tobias Weber');
  const seal = messageIn(
    'site-ops',
    "Omar's door seal message",
    (row) =>
      row.user_id === omar &&
      row.parent_id === null &&
      String(row.message_text).includes('door seal'),
  );
  const log = messageIn(
    'site-ops',
    "Omar's temperature log message",
    (row) =>
      row.user_id === omar &&
      String(row.message_text).startsWith('Cold room temperature log for this week'),
  );
  const sealId = String(seal.message_id);
  const sealReply = findRows(SEED, 'messages', { parent_id: sealId })[0];
  if (!sealReply) throw new Error('the door seal message has no reply');
  const sourceEmoji = String(
    findRows(SEED, 'message_reactions', { message_id: sealId, user_id: tobias })[0]?.reaction_type,
  );
  const relatedEmoji = 'tada';
  const ownReaction = findRow(
    SEED,
    'message_reactions',
    (row) =>
      row.user_id === ACTOR.id &&
      row.message_id !== sealId &&
      SEED.get('messages', { message_id: String(row.message_id) })?.channel_id === seal.channel_id,
    "Maren's reaction on another #site-ops message",
  );
  const run = at(14, 0);
  const panel = (emoji: string): Outcome[] => [
    complete('complete', `reactions.add :${emoji}: on Omar's door seal message`, [
      react(sealId, ACTOR.id, emoji),
    ]),
    alternative('react-and-thank', 'the same reaction, and a thank-you in the thread', [
      react(sealId, ACTOR.id, emoji),
      postMessage({
        channel: String(seal.channel_id),
        user: ACTOR.id,
        text: 'Thanks Omar!',
        ts: ts(run, 600),
        parent: sealId,
      }),
    ]),
    fault('thumbsup', 'value', 'reacted with :thumbsup:, the most common emoji on the message', [
      react(sealId, ACTOR.id, emoji === 'thumbsup' ? 'eyes' : 'thumbsup'),
    ]),
    fault('wrong-message', 'identity', "reacted to Omar's temperature log message instead", [
      react(String(log.message_id), ACTOR.id, emoji),
    ]),
    fault(
      'reacted-to-reply',
      'relation',
      "reacted to Omar's reply in the thread instead of his message",
      [react(String(sealReply.message_id), ACTOR.id, emoji)],
    ),
    // Only a reaction's author can remove it (reactions.remove answers no_reaction), so the
    // preservation fault takes back one of Maren's own reactions instead of Tobias's.
    fault(
      'dropped-own-reaction',
      'preservation',
      `added the reaction and took back her own :${String(ownReaction.reaction_type)}: on another #site-ops message`,
      [
        react(sealId, ACTOR.id, emoji),
        unreact(String(ownReaction.message_id), ACTOR.id, String(ownReaction.reaction_type)),
      ],
    ),
  ];
  const ref = declarativeReference(
    {
      siteOps: channelNamed('site-ops'),
      omar: { table: 'users', where: { real_name: 'Omar Haddad' }, cardinality: 'one' },
      tobias: { table: 'users', where: { real_name: 'Tobias Weber' }, cardinality: 'one' },
      seal: {
        table: 'messages',
        where: {
          channel_id: { ref: 'siteOps', field: 'channel_id' },
          user_id: { ref: 'omar', field: 'user_id' },
          parent_id: null,
          message_text: { containsIgnoreCase: 'door seal' },
        },
        cardinality: 'one',
      },
      tobiasReaction: {
        table: 'message_reactions',
        where: {
          message_id: { ref: 'seal', field: 'ts' },
          user_id: { ref: 'tobias', field: 'user_id' },
        },
        cardinality: 'one',
        description: 'the emoji Tobias has on the message now',
      },
    },
    [
      {
        kind: 'created',
        name: "the actor reacted with Tobias's emoji",
        category: 'value',
        reason: 'react with the same emoji Tobias Weber used on it',
        bind: 'mine',
        table: 'message_reactions',
        where: {
          message_id: { ref: 'seal', field: 'ts' },
          user_id: ACTOR.id,
          reaction_type: { ref: 'tobiasReaction', field: 'reaction_type' },
        },
        cardinality: 'one',
      },
      {
        kind: 'count',
        name: 'no reaction added to another message',
        category: 'relation',
        reason: 'the reaction belongs on the door seal message',
        table: 'message_reactions',
        where: { message_id: { neq: { ref: 'seal', field: 'ts' } } },
        scope: 'inserted',
        expect: 0,
      },
      untouched(
        'no other reaction changed',
        ['message_reactions'],
        "everyone else's reactions stay",
        ['mine'],
      ),
      atMostOneMessage(
        'at most one reply in the thread',
        'a thank-you in the thread is fine; nothing else is posted',
        'thanks',
        { parent_id: { ref: 'seal', field: 'ts' }, user_id: ACTOR.id },
      ),
      untouched(
        'messages, members and conversations untouched',
        ['messages', 'channel_members', 'channels', 'users'],
        'a reaction changes nothing else',
        ['thanks'],
      ),
    ],
  );
  return slackTask({
    id: 'slack_14',
    family: 'slack-react-like-colleague',
    instruction:
      "React to Omar Haddad's message in #site-ops about the cold room door seal with the same emoji Tobias Weber used on it.",
    traps: ['copied-value', 'thread-or-edit', 'legal-alternative'],
    reference: ref,
    background: {
      description: "Jonas reacted to Omar's temperature log message",
      patch: [react(String(log.message_id), userId('Jonas Berg'), 'white_check_mark')],
    },
    related: {
      description: 'Tobias swapped his reaction on the door seal message for :tada:',
      change: 'value',
      patch: [unreact(sealId, tobias, sourceEmoji), react(sealId, tobias, relatedEmoji)],
    },
    source: panel(sourceEmoji),
    relatedOutcomes: [
      ...panel(relatedEmoji),
      fault(
        'yesterdays-emoji',
        'value',
        'reacted with the emoji Tobias had used before he changed it',
        [react(sealId, ACTOR.id, sourceEmoji)],
      ),
    ],
    witness: `reacting with :${sourceEmoji}: after Tobias changed his reaction to :${relatedEmoji}:`,
  });
}
