// The built-in Slack task family: slack_12: topic from a message's current text.
import {
  complete,
  declarativeReference,
  fault,
  type Outcome,
  slack,
  type Task,
} from 'agentproofbench/authoring';
import { channelNamed, keepsNameAndPurpose, noOtherChannelEdited, untouched } from './reference.js';
import { slackTask } from './task.js';
import { ACTOR, at, channel, channelId, messageIn, ts, userId } from './workspace.js';

const { editMessage, postMessage, setPurpose, setTopic } = slack;

// ================================================================ slack_12: topic from a message's current text
export function topicFromMessage(): Task {
  const dock = channelId('dock-safety');
  const west = channelId('wh-west-ops');
  const lena = userId('Lena Fischer');
  const rule = messageIn(
    'wh-west-ops',
    "Lena's floor rule",
    (row) =>
      row.user_id === lena &&
      row.parent_id === null &&
      /floor rule/i.test(String(row.message_text)),
  );
  const reply = messageIn(
    'wh-west-ops',
    "Lena's floor rule reply",
    (row) =>
      row.user_id === lena &&
      row.parent_id !== null &&
      /floor rule/i.test(String(row.message_text)),
  );
  const archived = messageIn('wh-west-ops-archive', 'the archived floor rule', (row) =>
    /floor rule/i.test(String(row.message_text)),
  );
  const purpose = String(channel('wh-west-ops').purpose_text);
  const relatedText =
    'FLOOR RULE: pedestrians use the green walkway only; forklifts stop and sound the horn at every crossing.';
  const run = at(12, 15);
  const panel = (text: string): Outcome[] => [
    complete('complete', "conversations.setTopic on #dock-safety with the rule's current text", [
      setTopic(dock, text, ACTOR.id, run),
    ]),
    fault('copied-thread-reply', 'identity', "copied Lena's floor rule reply in a thread instead", [
      setTopic(dock, String(reply.message_text), ACTOR.id, run),
    ]),
    fault(
      'copied-archived-rule',
      'identity',
      'copied the older floor rule from the archived channel',
      [setTopic(dock, String(archived.message_text), ACTOR.id, run)],
    ),
    fault('retyped-case', 'value', 'retyped the rule in sentence case instead of copying it', [
      setTopic(dock, `Floor rule${text.slice('FLOOR RULE'.length)}`, ACTOR.id, run),
    ]),
    fault(
      'topic-on-west',
      'relation',
      'set the topic of #wh-west-ops (where the rule is) instead',
      [setTopic(west, text, ACTOR.id, run)],
    ),
    fault('purpose-too', 'preservation', "set the topic and overwrote #dock-safety's purpose too", [
      setTopic(dock, text, ACTOR.id, run),
      setPurpose(dock, purpose, ACTOR.id, run + 30),
    ]),
  ];
  const ref = declarativeReference(
    {
      dock: channelNamed('dock-safety'),
      west: channelNamed('wh-west-ops'),
      lena: { table: 'users', where: { real_name: 'Lena Fischer' }, cardinality: 'one' },
      rule: {
        table: 'messages',
        where: {
          channel_id: { ref: 'west', field: 'channel_id' },
          user_id: { ref: 'lena', field: 'user_id' },
          parent_id: null,
          message_text: { containsIgnoreCase: 'floor rule' },
        },
        cardinality: 'one',
        description: "Lena's floor rule posted in the channel (not in a thread), as it reads now",
      },
    },
    [
      {
        kind: 'field',
        name: "#dock-safety's topic is the rule's current text",
        category: 'value',
        reason: 'the topic is the current text of the message, exactly',
        target: 'dock',
        field: 'topic_text',
        expect: { ref: 'rule', field: 'message_text' },
      },
      keepsNameAndPurpose('dock', '#dock-safety'),
      noOtherChannelEdited('dock', '#dock-safety', 'relation'),
      untouched(
        'no messages, members or users changed',
        ['messages', 'message_reactions', 'channel_members', 'users'],
        'a topic change touches nothing else',
      ),
    ],
  );
  return slackTask({
    id: 'slack_12',
    family: 'slack-topic-from-message',
    instruction:
      'Set the topic of #dock-safety to the current text of the floor rule Lena Fischer posted in #wh-west-ops (her message in the channel, not her reply in a thread).',
    traps: ['copied-value', 'thread-or-edit', 'archived-or-trashed', 'case-whitespace'],
    reference: ref,
    background: {
      description: 'Tomasz posted a safety reminder in #dock-safety',
      patch: [
        postMessage({
          channel: dock,
          user: userId('Tomasz Wójcik'),
          text: 'Reminder: gloves at the cutting station, east warehouse.',
          ts: ts(at(8, 40), 200),
        }),
      ],
    },
    related: {
      description: 'Lena edited her floor rule again this morning',
      change: 'value',
      patch: [editMessage(String(rule.message_id), relatedText, lena, ts(at(9, 0), 0))],
    },
    source: panel(String(rule.message_text)),
    relatedOutcomes: [
      ...panel(relatedText),
      fault('yesterdays-text', 'value', "copied the rule as it read before this morning's edit", [
        setTopic(dock, String(rule.message_text), ACTOR.id, run),
      ]),
    ],
    witness: "writing the rule's source wording onto #dock-safety after Lena edited it",
  });
}
