// The built-in Slack task family: slack_13: append to a channel topic.
import {
  alternative,
  complete,
  declarativeReference,
  fault,
  type Outcome,
  slack,
  type Task,
} from 'agentproofbench/authoring';
import { appendedTo, channelNamed, noOtherChannelEdited, untouched } from './reference.js';
import { slackTask } from './task.js';
import { ACTOR, at, channel, channelId, userId } from './workspace.js';

const { archive, setPurpose, setTopic } = slack;

// ================================================================ slack_13: append to a channel topic
export function appendToTopic(): Task {
  const siteOps = channel('site-ops');
  const id = String(siteOps.channel_id);
  const old = channel('site-ops-old');
  const suffix = 'Dock 7 closed until Friday';
  const relatedTopic = 'Docks 1–16 · night audit week 46 · inspections · forklift fleet';
  const run = at(13, 5);
  const panel = (topic: string): Outcome[] => [
    complete('complete', 'conversations.setTopic with the note appended after " · "', [
      setTopic(id, `${topic} · ${suffix}`, ACTOR.id, run),
    ]),
    alternative('other-separator', 'conversations.setTopic with the note appended after " | "', [
      setTopic(id, `${topic} | ${suffix}`, ACTOR.id, run),
    ]),
    fault('replaced-topic', 'preservation', 'replaced the topic with the note alone', [
      setTopic(id, suffix, ACTOR.id, run),
    ]),
    fault(
      'appended-to-purpose',
      'relation',
      'appended the note to the purpose instead of the topic',
      [setPurpose(id, `${String(siteOps.purpose_text)} · ${suffix}`, ACTOR.id, run)],
    ),
    fault(
      'edited-archived-channel',
      'identity',
      'unarchived #site-ops-old and appended the note to its topic instead',
      [
        archive(String(old.channel_id), false),
        setTopic(String(old.channel_id), `${String(old.topic_text)} · ${suffix}`, ACTOR.id, run),
      ],
    ),
    fault('different-wording', 'value', 'appended other words than the ones asked for', [
      setTopic(id, `${topic} · Dock 7 shut till Friday`, ACTOR.id, run),
    ]),
  ];
  const ref = declarativeReference({ siteOps: channelNamed('site-ops') }, [
    ...appendedTo('siteOps', 'topic_text', suffix, {
      keeps: [
        'the topic still starts with its current text',
        'keep everything that is in the topic now',
      ],
      ends: ['the topic ends with the note', `add '${suffix}' to the end`],
    }),
    {
      kind: 'preserved',
      name: 'the purpose, name and archive state are kept',
      category: 'relation',
      reason: 'the note goes into the topic, not the purpose',
      target: 'siteOps',
      fields: ['purpose_text', 'channel_name', 'is_archived'],
    },
    noOtherChannelEdited('siteOps', '#site-ops', 'identity'),
    untouched(
      'no messages, members or users changed',
      ['messages', 'message_reactions', 'channel_members', 'users'],
      'a topic change touches nothing else',
    ),
  ]);
  return slackTask({
    id: 'slack_13',
    family: 'slack-append-to-topic',
    instruction:
      "Add 'Dock 7 closed until Friday' to the end of the #site-ops topic. Keep everything that is in the topic now.",
    traps: ['copied-value', 'archived-or-trashed', 'legal-alternative'],
    reference: ref,
    background: {
      description: 'Rafael set a new topic on #data-science',
      patch: [
        setTopic(
          channelId('data-science'),
          'Demand forecasts, route models, dashboards · peak model v3',
          userId('Rafael Ortiz'),
          at(9, 20),
        ),
      ],
    },
    related: {
      description: 'Maren added the night audit to the #site-ops topic this morning',
      change: 'preservation',
      patch: [setTopic(id, relatedTopic, ACTOR.id, at(8, 10))],
    },
    source: panel(String(siteOps.topic_text)),
    relatedOutcomes: [
      ...panel(relatedTopic),
      fault(
        'restored-old-topic',
        'preservation',
        "appended the note to yesterday's topic, dropping the night audit",
        [setTopic(id, `${String(siteOps.topic_text)} · ${suffix}`, ACTOR.id, run)],
      ),
    ],
    witness: "writing the source topic plus the note, which drops this morning's addition",
  });
}
