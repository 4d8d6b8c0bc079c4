// The built-in Slack task family: slack_2: value.
import {
  declarativeReference,
  type Outcome,
  outcome,
  slack,
  type Task,
} from 'agentproofbench/authoring';

import { channelNamed, keepsNameAndPurpose, noOtherChannelEdited, untouched } from './reference.js';
import { slackTask } from './task.js';
import { ACTOR, at, channel, userId } from './workspace.js';

const { setPurpose, setTopic } = slack;

// ================================================================ slack_2: value
export function copyTopic(): Task {
  const east = channel('wh-east-ops');
  const west = channel('wh-west-ops');
  const archive = channel('wh-west-ops-archive');
  const eastId = String(east.channel_id);
  const westId = String(west.channel_id);
  const relatedTopic =
    'Shifts 06:00–14:00 / 14:00–22:00 / 22:00–06:00 (night shift from week 45) · Safety lead: Lena Fischer · Escalations → #site-ops';
  const run = at(13, 40);

  const panel = (westTopic: string): Outcome[] => [
    outcome(
      'complete',
      'complete',
      "conversations.setTopic on #wh-east-ops with #wh-west-ops's current topic",
      [setTopic(eastId, westTopic, ACTOR.id, run)],
    ),
    outcome(
      'set-twice',
      'alternative',
      'set the topic with a typo first, then corrected it with a second call',
      [
        setTopic(eastId, westTopic.replace('Shifts', 'Shfits'), ACTOR.id, run),
        setTopic(eastId, westTopic, ACTOR.id, run + 40),
      ],
    ),
    outcome(
      'copied-purpose',
      'fault',
      "copied #wh-west-ops's purpose instead of its topic",
      [setTopic(eastId, String(west.purpose_text), ACTOR.id, run)],
      'value',
    ),
    outcome(
      'reversed-copy',
      'fault',
      "set #wh-west-ops's topic to #wh-east-ops's (copied in the wrong direction)",
      [setTopic(westId, String(east.topic_text), ACTOR.id, run)],
      'relation',
    ),
    outcome(
      'copied-from-archive',
      'fault',
      'copied the topic of the archived #wh-west-ops-archive',
      [setTopic(eastId, String(archive.topic_text), ACTOR.id, run)],
      'identity',
    ),
    outcome(
      'purpose-too',
      'fault',
      "copied the topic and also overwrote #wh-east-ops's purpose with west's",
      [
        setTopic(eastId, westTopic, ACTOR.id, run),
        setPurpose(eastId, String(west.purpose_text), ACTOR.id, run + 20),
      ],
      'preservation',
    ),
  ];
  const sourcePanel = panel(String(west.topic_text));
  const relatedPanel = [
    ...panel(relatedTopic),
    outcome(
      'yesterdays-topic',
      'fault',
      "set the topic west had before this morning's change",
      [setTopic(eastId, String(west.topic_text), ACTOR.id, run)],
      'value',
    ),
  ];

  const ref = declarativeReference(
    {
      east: channelNamed('wh-east-ops'),
      west: channelNamed('wh-west-ops'),
    },
    [
      {
        kind: 'field',
        name: "#wh-east-ops topic equals #wh-west-ops's current topic",
        category: 'value',
        reason: 'set the topic to exactly what #wh-west-ops has right now',
        target: 'east',
        field: 'topic_text',
        expect: { ref: 'west', field: 'topic_text' },
      },
      {
        kind: 'preserved',
        name: '#wh-west-ops keeps its topic',
        category: 'relation',
        reason: 'west is the source of the copy, not its destination',
        target: 'west',
        fields: ['topic_text', 'purpose_text'],
      },
      keepsNameAndPurpose('east', '#wh-east-ops'),
      noOtherChannelEdited('east', '#wh-east-ops', 'identity'),
      untouched(
        'no messages, members or users changed',
        ['messages', 'channel_members', 'users', 'message_reactions'],
        'a topic change touches nothing else',
      ),
    ],
  );

  return slackTask({
    id: 'slack_2',
    family: 'slack-copy-topic-between-channels',
    instruction:
      "East is moving to the west warehouse's shift pattern. Set the topic of #wh-east-ops to exactly what #wh-west-ops has as its topic right now.",
    traps: ['copied-value', 'archived-or-trashed', 'legal-alternative'],
    reference: ref,
    background: {
      description: 'Dana Cho changed the topic of #design-crit',
      patch: [
        setTopic(
          String(channel('design-crit').channel_id),
          'Thursdays 15:00 · this week: driver app onboarding',
          userId('Dana Cho'),
          at(8, 30),
        ),
      ],
    },
    related: {
      description: "Lena Fischer updated #wh-west-ops's topic this morning for the new night shift",
      change: 'value',
      patch: [setTopic(westId, relatedTopic, userId('Lena Fischer'), at(8, 55))],
    },
    source: sourcePanel,
    relatedOutcomes: relatedPanel,
    witness: "writing west's old topic onto #wh-east-ops after west's topic changed",
  });
}
