// The built-in Slack task family: slack_15: archive channels by name prefix.
import {
  alternative,
  applyPatch,
  complete,
  declarativeReference,
  fault,
  findRows,
  type Outcome,
  type Patch,
  type Row,
  slack,
  type Task,
} from 'agentproofbench/authoring';
import { untouched } from './reference.js';
import { slackTask } from './task.js';
import { ACTOR, at, channelId, membersOf, SEED, TEAM_ID, ts, userId } from './workspace.js';

const { archive, createChannel, invite, kick, postMessage, renameChannel } = slack;

// ================================================================ slack_15: archive channels by name prefix
export function archiveTempChannels(): Task {
  const tempsIn = (patch: Patch): Row[] => {
    const state = applyPatch(SEED, patch);
    const mine = new Set(
      findRows(state, 'channel_members', { user_id: ACTOR.id }).map((row) =>
        String(row.channel_id),
      ),
    );
    return state
      .rows('channels')
      .filter(
        (row) =>
          String(row.channel_name).startsWith('temp-') &&
          row.is_archived !== true &&
          mine.has(String(row.channel_id)),
      );
  };
  const newChannel = 'C0TMPLBLPRN';
  const relatedPatch: Patch = [
    renameChannel(channelId('temp-dock7-rebuild'), 'dock7-rebuild'),
    ...createChannel({
      id: newChannel,
      name: 'temp-label-printers',
      team: TEAM_ID,
      creator: ACTOR.id,
      created: at(8, 0),
      topic: 'Label printer swap, both sites',
    }),
    invite(newChannel, userId('Bram de Vries')),
  ];
  const panel = (patch: Patch): Outcome[] => {
    const temps = tempsIn(patch).map((row) => String(row.channel_id));
    const archiveAll = (ids: string[]) => ids.map((id) => archive(id));
    return [
      complete(
        'complete',
        'conversations.archive on each temp- channel Maren is in',
        archiveAll(temps),
      ),
      alternative(
        'note-then-archive',
        'a closing note in each channel, then conversations.archive on each',
        temps.flatMap((id, index) => [
          postMessage({
            channel: id,
            user: ACTOR.id,
            text: 'Closing this channel: the work is done. Thanks everyone!',
            ts: ts(at(16, 0), 100 + index),
          }),
          archive(id),
        ]),
      ),
      fault(
        'missed-one',
        'set',
        'archived all but #temp-peak-hiring',
        archiveAll(temps.filter((id) => id !== channelId('temp-peak-hiring'))),
      ),
      fault(
        'archived-template-library',
        'identity',
        'also archived #template-library, whose name starts with "temp" but not "temp-"',
        [...archiveAll(temps), archive(channelId('template-library'))],
      ),
      fault(
        'archived-not-mine',
        'identity',
        'also joined and archived #temp-yard-resurfacing, which Maren was not in',
        [
          ...archiveAll(temps),
          invite(channelId('temp-yard-resurfacing'), ACTOR.id),
          archive(channelId('temp-yard-resurfacing')),
        ],
      ),
      fault(
        'renamed-instead',
        'value',
        'renamed the channels to done-… instead of archiving them',
        temps.map((id) => {
          const name = String(
            applyPatch(SEED, patch)
              .rows('channels')
              .find((row) => row.channel_id === id)?.channel_name,
          );
          return renameChannel(id, `done-${name.slice('temp-'.length)}`);
        }),
      ),
      // Leaving an archived channel is refused (is_archived) and archiving needs membership,
      // so the preservation fault empties each channel of its other members before archiving.
      fault(
        'emptied-then-archived',
        'preservation',
        'removed every other member from each channel, then archived it',
        temps.flatMap((id) => [
          ...membersOf(id, applyPatch(SEED, patch))
            .filter((user) => user !== ACTOR.id)
            .map((user) => kick(id, user)),
          archive(id),
        ]),
      ),
    ];
  };
  const ref = declarativeReference(
    {
      mine: {
        table: 'channel_members',
        where: { user_id: ACTOR.id },
        cardinality: 'some',
        description: 'the conversations Maren is a member of',
      },
      temps: {
        table: 'channels',
        where: {
          channel_name: { startsWith: 'temp-' },
          is_archived: false,
          channel_id: { in: { refs: 'mine', field: 'channel_id' } },
        },
        cardinality: 'some',
        description: 'open temp- channels Maren is in, now',
      },
    },
    [
      {
        kind: 'field',
        name: 'every temp- channel of hers is archived',
        category: 'set',
        reason: 'archive every channel whose name starts with temp- that she is a member of',
        target: 'temps',
        field: 'is_archived',
        expect: true,
      },
      {
        kind: 'preserved',
        name: 'the temp- channels keep their names and topics',
        category: 'value',
        reason: 'archiving changes nothing else about them',
        target: 'temps',
        fields: ['channel_name', 'topic_text', 'purpose_text'],
      },
      {
        kind: 'created',
        name: 'at most a closing note in each temp- channel',
        category: 'preservation',
        reason: 'saying goodbye before archiving is fine; nothing is posted elsewhere',
        bind: 'closingNotes',
        table: 'messages',
        where: { channel_id: { in: { refs: 'temps', field: 'channel_id' } }, user_id: ACTOR.id },
        cardinality: { min: 0 },
      },
      untouched(
        'no other channel changed',
        ['channels'],
        'leave all other channels as they are',
        ['temps'],
        'identity',
      ),
      untouched(
        'members, messages and users untouched',
        ['channel_members', 'messages', 'message_reactions', 'users'],
        'archiving keeps the members and the history; a closing note is fine',
        ['closingNotes'],
      ),
    ],
  );
  return slackTask({
    id: 'slack_15',
    family: 'slack-archive-channels-by-prefix',
    instruction:
      'Peak prep is done: archive every channel whose name starts with temp- that I am a member of. Leave all other channels as they are.',
    traps: ['renamed-entity', 'preserve-across-tables', 'legal-alternative'],
    reference: ref,
    background: {
      description: 'Omar posted in #temp-yard-resurfacing',
      patch: [
        postMessage({
          channel: channelId('temp-yard-resurfacing'),
          user: userId('Omar Haddad'),
          text: 'Resurfacing crew is booked for Saturday.',
          ts: ts(at(9, 30), 100),
        }),
      ],
    },
    related: {
      description:
        '#temp-dock7-rebuild was kept and renamed to #dock7-rebuild, and Maren opened #temp-label-printers this morning',
      change: 'membership',
      patch: relatedPatch,
    },
    source: panel([]),
    relatedOutcomes: [
      ...panel(relatedPatch),
      fault(
        'source-list',
        'set',
        'archived the channels that were temp- in the source state',
        tempsIn([]).map((row) => archive(String(row.channel_id))),
      ),
    ],
    witness: 'archiving the source temp- channels after one was renamed and a new one opened',
  });
}
