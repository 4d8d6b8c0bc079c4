// The built-in Slack task family: @-mention whoever set the topic.
import {
  alternative,
  complete,
  declarativeReference,
  fault,
  findRows,
  type InitialCondition,
  type Outcome,
  slack,
  type Task,
  type Trap,
} from 'agentproofbench/authoring';
import { channelNamed, untouched } from './reference.js';
import { slackTask } from './task.js';
import { ACTOR, at, channel, channelId, SEED, ts, userId } from './workspace.js';

const { postMessage, setTopic } = slack;

// ================================================================ family: @-mention whoever set the topic
interface SetterSpec {
  id: string;
  instruction: string;
  target: string;
  /** What the message must ask for: a pattern (RE2) and a text that has it. */
  askPattern: string;
  askText: string;
  wrongAskText: string;
  /** Real name of the person who set the topic in the related state, and the new topic. */
  relatedSetter: string;
  relatedTopic: string;
  elsewhere: string;
  background: InitialCondition;
  traps: Trap[];
}

function mentionTopicSetter(spec: SetterSpec): Task {
  const row = channel(spec.target);
  const target = String(row.channel_id);
  const creator = String(row.creator_id);
  const latest = findRows(SEED, 'messages', { channel_id: target, parent_id: null }).at(-1);
  if (!latest) throw new Error(`#${spec.target} has no message to reply to`);
  const run = at(11, 30);
  const message = (channelKey: string, setter: string, text = spec.askText, parent?: string) =>
    postMessage({
      channel: channelKey,
      user: ACTOR.id,
      text: `<@${setter}> ${text}`,
      ts: ts(run, 400),
      ...(parent ? { parent } : {}),
    });
  const panel = (setter: string): Outcome[] => [
    complete('complete', `chat.postMessage in #${spec.target} mentioning whoever set the topic`, [
      message(target, setter),
    ]),
    alternative('asked-in-thread', `the same request as a thread reply in #${spec.target}`, [
      message(target, setter, spec.askText, String(latest.message_id)),
    ]),
    fault('mentioned-creator', 'identity', "mentioned the channel's creator instead", [
      message(target, creator),
    ]),
    fault('wrong-ask', 'value', 'mentioned the right person but asked for something else', [
      message(target, setter, spec.wrongAskText),
    ]),
    fault('posted-elsewhere', 'relation', `posted the request in #${spec.elsewhere} instead`, [
      message(channelId(spec.elsewhere), setter),
    ]),
    fault('changed-topic', 'preservation', 'posted the request and also rewrote the topic', [
      message(target, setter),
      setTopic(target, `${String(row.topic_text)} · figures pending`, ACTOR.id, run + 60),
    ]),
  ];
  const relatedSetter = userId(spec.relatedSetter);
  const ref = declarativeReference(
    {
      target: channelNamed(spec.target),
      setter: {
        table: 'users',
        where: { user_id: { ref: 'target', field: 'topic_set_by' } },
        cardinality: 'one',
        description: "whoever last set the channel's topic, now",
      },
    },
    [
      {
        kind: 'created',
        name: `a message in #${spec.target} mentions whoever set the topic`,
        category: 'identity',
        reason: 'the request @-mentions the person who last set the topic',
        bind: 'ask',
        table: 'messages',
        where: {
          channel_id: { ref: 'target', field: 'channel_id' },
          user_id: ACTOR.id,
          message_text: { contains: { ref: 'setter', field: 'user_id' } },
        },
        cardinality: 'one',
      },
      {
        kind: 'field',
        name: 'it asks for what the instruction names',
        category: 'value',
        reason: 'the message must carry the request',
        target: 'ask',
        field: 'message_text',
        expect: { regex: spec.askPattern },
      },
      untouched(
        'no other message posted or edited',
        ['messages', 'message_reactions'],
        `the request belongs in #${spec.target}, once`,
        ['ask'],
        'relation',
      ),
      untouched(
        'channels, members and users untouched',
        ['channels', 'channel_members', 'users', 'user_teams'],
        'asking someone changes nothing else',
      ),
    ],
  );
  return slackTask({
    id: spec.id,
    family: 'slack-mention-topic-setter',
    instruction: spec.instruction,
    traps: spec.traps,
    reference: ref,
    background: spec.background,
    related: {
      description: `${spec.relatedSetter} set the topic of #${spec.target} this morning`,
      change: 'binding',
      patch: [setTopic(target, spec.relatedTopic, relatedSetter, at(8, 45))],
    },
    source: panel(String(row.topic_set_by)),
    relatedOutcomes: [
      ...panel(relatedSetter),
      fault(
        'mentioned-previous-setter',
        'identity',
        'mentioned the person who had set the topic before this morning',
        [message(target, String(row.topic_set_by))],
      ),
    ],
    witness: 'mentioning the source topic setter after someone else set the topic',
  });
}

/** The task slack_9: this family with its own wording and entities. */
export const slack9 = (): Task =>
  mentionTopicSetter({
    id: 'slack_9',
    instruction:
      "In #peak-planning, @-mention whoever last set the channel's topic and ask them to add the carrier capacity figures. A reply in a thread there is fine too.",
    target: 'peak-planning',
    askPattern: '(?i)capacity',
    askText: 'could you add the carrier capacity figures to the plan?',
    wrongAskText: 'could you add the staffing numbers for week 47?',
    relatedSetter: 'Rafael Ortiz',
    relatedTopic: 'Week 46–52 peak: staffing, dock slots, carrier capacity · fleet plan v2 linked',
    elsewhere: 'site-ops',
    background: {
      description: 'Kofi posted in #peak-planning',
      patch: [
        postMessage({
          channel: channelId('peak-planning'),
          user: userId('Kofi Asante'),
          text: 'Route model for the peak weeks is ready.',
          ts: ts(at(9, 5), 100),
        }),
      ],
    },
    traps: ['legal-alternative', 'thread-or-edit', 'preserve-across-tables'],
  });

/** The task slack_10: this family with its own wording and entities. */
export const slack10 = (): Task =>
  mentionTopicSetter({
    id: 'slack_10',
    instruction:
      'Ask the person who set the topic of #customs-desk, in #customs-desk with an @-mention, to confirm the cut-off times for the new carriers. Posting in a thread there is fine.',
    target: 'customs-desk',
    askPattern: '(?i)cut.?off',
    askText: 'can you confirm the customs cut-off times for the new carriers?',
    wrongAskText: 'can you send me the carrier contracts?',
    relatedSetter: 'Bram de Vries',
    relatedTopic: 'Customs paperwork for non-EU carriers · cut-off 15:00 CET from week 47',
    elsewhere: 'vendor-onboarding',
    background: {
      description: 'Greta posted in #customs-desk',
      patch: [
        postMessage({
          channel: channelId('customs-desk'),
          user: userId('Greta Johansson'),
          text: 'Duty invoices for October are paid.',
          ts: ts(at(9, 15), 100),
        }),
      ],
    },
    traps: ['legal-alternative', 'thread-or-edit', 'preserve-across-tables'],
  });
