// The built-in Slack task family: slack_11: append to my own thread reply.
import {
  alternative,
  complete,
  declarativeReference,
  fault,
  type Outcome,
  slack,
  type Task,
} from 'agentproofbench/authoring';
import { appendedTo, channelNamed, editedInPlace } from './reference.js';
import { slackTask } from './task.js';
import { ACTOR, at, channelId, messageIn, ts, userId } from './workspace.js';

const { editMessage, postMessage, react } = slack;

// ================================================================ slack_11: append to my own thread reply
export function appendToOwnReply(): Task {
  const east = channelId('wh-east-ops');
  const reply = messageIn(
    'wh-east-ops',
    "Maren's aisle 12 reply",
    (row) => row.user_id === ACTOR.id && String(row.message_text).includes('aisle 12'),
  );
  const aisle14 = messageIn(
    'wh-east-ops',
    "Maren's aisle 14 message",
    (row) => row.user_id === ACTOR.id && String(row.message_text).includes('aisle 14'),
  );
  const replyId = String(reply.message_id);
  const suffix = 'Done: count matches the system.';
  const relatedText =
    'Recount for aisle 12 moved to Friday 09:00 (forklift inspection first), Bram will lead it.';
  const run = at(15, 20);
  const edited = ts(run, 0);
  const panel = (text: string): Outcome[] => [
    complete('complete', 'chat.update of the reply with the sentence appended after a space', [
      editMessage(replyId, `${text} ${suffix}`, ACTOR.id, edited),
    ]),
    alternative('on-new-line', 'chat.update with the sentence on a new line', [
      editMessage(replyId, `${text}\n${suffix}`, ACTOR.id, edited),
    ]),
    fault('rewritten', 'preservation', 'rewrote the reply to the new sentence only', [
      editMessage(replyId, `Aisle 12: ${suffix}`, ACTOR.id, edited),
    ]),
    fault(
      'wrong-message',
      'identity',
      "appended the sentence to Maren's aisle 14 message instead",
      [
        editMessage(
          String(aisle14.message_id),
          `${String(aisle14.message_text)} ${suffix}`,
          ACTOR.id,
          edited,
        ),
      ],
    ),
    fault('different-wording', 'value', 'appended another sentence than the one asked for', [
      editMessage(replyId, `${text} Done, numbers look fine.`, ACTOR.id, edited),
    ]),
    fault('posted-new-reply', 'relation', 'posted the sentence as a new reply instead of editing', [
      postMessage({
        channel: east,
        user: ACTOR.id,
        text: suffix,
        ts: ts(run, 300),
        parent: String(reply.parent_id),
      }),
    ]),
  ];
  const ref = declarativeReference(
    {
      east: channelNamed('wh-east-ops'),
      reply: {
        table: 'messages',
        where: {
          channel_id: { ref: 'east', field: 'channel_id' },
          user_id: ACTOR.id,
          parent_id: { exists: true },
          message_text: { containsIgnoreCase: 'aisle 12' },
        },
        cardinality: 'one',
        description: "the actor's own thread reply about the aisle 12 recount",
      },
    },
    [
      ...appendedTo('reply', 'message_text', suffix, {
        keeps: [
          'the reply still starts with its current text',
          'keep the rest of the reply as it is',
        ],
        ends: ['the reply ends with the requested sentence', `it must end with '${suffix}'`],
      }),
      ...editedInPlace('reply', {
        stays: 'the reply is edited in place',
        onlyIt: 'only that reply is edited',
        rest: 'an edit changes nothing else',
      }),
    ],
  );
  return slackTask({
    id: 'slack_11',
    family: 'slack-append-to-own-message',
    instruction:
      "The aisle 12 recount is finished. Edit my reply in the thread about the aisle 12 pallet count in #wh-east-ops so that it ends with 'Done: count matches the system.' Keep the rest of my reply as it is.",
    traps: ['thread-or-edit', 'copied-value', 'legal-alternative'],
    reference: ref,
    background: {
      description: 'Marta posted a shift note in #wh-east-ops and Tomasz reacted to it',
      patch: [
        postMessage({
          channel: east,
          user: userId('Marta Kowalczyk'),
          text: 'Early shift starts 15 minutes later tomorrow, gate maintenance.',
          ts: ts(at(9, 10), 500),
        }),
        react(ts(at(9, 10), 500), userId('Tomasz Wójcik'), 'thumbsup'),
      ],
    },
    related: {
      description: 'Maren had already corrected the reply this morning: the recount moved to 09:00',
      change: 'preservation',
      patch: [editMessage(replyId, relatedText, ACTOR.id, ts(at(8, 5), 0))],
    },
    source: panel(String(reply.message_text)),
    relatedOutcomes: [
      ...panel(relatedText),
      fault(
        'restored-old-text',
        'preservation',
        "appended the sentence to the reply's original wording",
        [editMessage(replyId, `${String(reply.message_text)} ${suffix}`, ACTOR.id, edited)],
      ),
    ],
    witness:
      "rewriting the reply to its source wording plus the sentence, dropping this morning's correction",
  });
}
