// The built-in Slack task family: slack_4: preservation.
import {
  declarativeReference,
  findRow,
  type Outcome,
  outcome,
  slack,
  type Task,
} from 'agentproofbench/authoring';

import { appendedTo, channelNamed, editedInPlace } from './reference.js';
import { slackTask } from './task.js';
import { ACTOR, at, channelId, SEED, ts, userId } from './workspace.js';

const { editMessage, postMessage, react } = slack;

// ================================================================ slack_4: preservation
export function appendToOwnMessage(): Task {
  const siteOps = channelId('site-ops');
  const note = findRow(
    SEED,
    'messages',
    (row) =>
      row.channel_id === siteOps &&
      row.user_id === ACTOR.id &&
      String(row.message_text).includes('Dock 4 inspection'),
    'the Dock 4 note',
  );
  const dock14 = findRow(
    SEED,
    'messages',
    (row) =>
      row.channel_id === siteOps &&
      row.user_id === ACTOR.id &&
      String(row.message_text).includes('Dock 14 inspection'),
    'the Dock 14 note',
  );
  const noteId = String(note.message_id);
  const suffix = 'Update: passed, certificate is in the shared drive.';
  const relatedText =
    'Dock 4 inspection moved to Thursday 11:00 (assessor running late). Forklift lanes B and C stay closed from 10:30 until it is done.';
  const run = at(16, 5);
  const edited = ts(run, 0);

  const panel = (text: string): Outcome[] => [
    outcome(
      'complete',
      'complete',
      'chat.update of the Dock 4 note with the update appended after a space',
      [editMessage(noteId, `${text} ${suffix}`, ACTOR.id, edited)],
    ),
    outcome('on-new-line', 'alternative', 'chat.update with the update appended on a new line', [
      editMessage(noteId, `${text}\n${suffix}`, ACTOR.id, edited),
    ]),
    outcome(
      'rewritten',
      'fault',
      'rewrote the note to a short status instead of appending',
      [editMessage(noteId, `Dock 4 inspection done. ${suffix}`, ACTOR.id, edited)],
      'preservation',
    ),
    outcome(
      'wrong-message',
      'fault',
      "appended the update to Maren's Dock 14 note instead",
      [
        editMessage(
          String(dock14.message_id),
          `${String(dock14.message_text)} ${suffix}`,
          ACTOR.id,
          edited,
        ),
      ],
      'identity',
    ),
    outcome(
      'different-wording',
      'fault',
      'appended a different sentence than the one asked for',
      [editMessage(noteId, `${text} Update: passed, certificate will follow.`, ACTOR.id, edited)],
      'value',
    ),
    outcome(
      'posted-as-reply',
      'fault',
      'posted the update as a thread reply instead of editing the note',
      [
        postMessage({
          channel: siteOps,
          user: ACTOR.id,
          text: suffix,
          ts: ts(run, 500),
          parent: noteId,
        }),
      ],
      'relation',
    ),
  ];
  const sourcePanel = panel(String(note.message_text));
  const relatedPanel = [
    ...panel(relatedText),
    outcome(
      'restored-old-text',
      'fault',
      'appended the update to the original wording, undoing the earlier correction',
      [editMessage(noteId, `${String(note.message_text)} ${suffix}`, ACTOR.id, edited)],
      'preservation',
    ),
  ];

  const ref = declarativeReference(
    {
      siteOps: channelNamed('site-ops'),
      note: {
        table: 'messages',
        where: {
          channel_id: { ref: 'siteOps', field: 'channel_id' },
          user_id: ACTOR.id,
          message_text: { containsIgnoreCase: 'dock 4 inspection' },
        },
        cardinality: 'one',
        description: "the actor's own message in #site-ops that announced the Dock 4 inspection",
      },
    },
    [
      ...appendedTo('note', 'message_text', suffix, {
        keeps: [
          'the note still starts with its current text',
          'keep everything else in the message as it is',
        ],
        ends: [
          'the note ends with the requested update',
          "it must end with 'Update: passed, certificate is in the shared drive.'",
        ],
      }),
      ...editedInPlace('note', {
        stays: 'the message is edited in place, not moved or re-threaded',
        onlyIt: 'only the Dock 4 note is edited',
        rest: 'an edit keeps the reactions and changes nothing else',
      }),
    ],
  );

  return slackTask({
    id: 'slack_4',
    family: 'slack-append-to-own-message',
    instruction:
      "The Dock 4 inspection passed. Edit my message in #site-ops that announced the inspection so that it ends with 'Update: passed, certificate is in the shared drive.' Keep everything else in the message as it is.",
    traps: ['thread-or-edit', 'copied-value', 'legal-alternative'],
    reference: ref,
    background: {
      description: 'Omar posted an unrelated dock update in #site-ops and Tobias reacted to it',
      patch: [
        postMessage({
          channel: siteOps,
          user: userId('Omar Haddad'),
          text: 'Dock 9 roller door is fixed, lane A open again.',
          ts: ts(at(10, 15), 400),
        }),
        react(ts(at(10, 15), 400), userId('Tobias Weber'), 'white_check_mark'),
      ],
    },
    related: {
      description:
        'Maren had already corrected the note this morning: the inspection moved to 11:00',
      change: 'preservation',
      patch: [editMessage(noteId, relatedText, ACTOR.id, ts(at(8, 20), 0))],
    },
    source: sourcePanel,
    relatedOutcomes: relatedPanel,
    witness:
      "rewriting the note to the source wording plus the update, which drops this morning's correction",
  });
}
