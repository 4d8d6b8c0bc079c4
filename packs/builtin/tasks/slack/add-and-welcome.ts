// The built-in Slack task family: slack_3: binding.
import {
  declarativeReference,
  findRow,
  type Outcome,
  outcome,
  type Patch,
  type PatchOp,
  slack,
  type Task,
} from 'agentproofbench/authoring';

import { channelNamed, joined, untouched } from './reference.js';
import { slackTask } from './task.js';
import { ACTOR, at, channelId, membersOf, rows, SEED, ts, userId } from './workspace.js';

const { invite, postMessage } = slack;

// ================================================================ slack_3: binding
export function addAndWelcome(): Task {
  const vendor = channelId('vendor-onboarding');
  const sourcePriya = userId('Priya Raman');
  const natarajan = userId('Priya Natarajan');
  const dm = String(
    findRow(
      SEED,
      'channels',
      (row) =>
        row.is_dm === true &&
        membersOf(String(row.channel_id)).includes(sourcePriya) &&
        membersOf(String(row.channel_id)).includes(ACTOR.id),
      'DM with Priya Raman',
    ).channel_id,
  );
  const amaraNote = findRow(
    SEED,
    'messages',
    (row) =>
      row.channel_id === vendor && String(row.message_text).startsWith('Priya from field ops'),
    "Amara's note",
  );
  const priyaRow = findRow(SEED, 'users', (row) => row.user_id === sourcePriya, 'Priya Raman');
  // The related workspace: the Priya Raman of the seed changed her surname, and a new hire
  // called Priya Raman joined the vendor team.
  const newPriya = 'U0NWPR4M4N1';
  const newDm = 'D0NWPR4M4N1';
  const run = at(15, 10);
  const msg = (micro: number) => ts(run, micro);

  const panel = (priya: string, dmChannel: string, dmSetup: Patch): Outcome[] => [
    outcome(
      'complete',
      'complete',
      'conversations.invite of Priya Raman, then chat.postMessage in #vendor-onboarding mentioning her',
      [
        invite(vendor, priya),
        postMessage({
          channel: vendor,
          user: ACTOR.id,
          text: `Welcome <@${priya}>! Priya is joining us for the carrier site audits.`,
          ts: msg(100),
        }),
      ],
    ),
    outcome(
      'welcome-in-thread',
      'alternative',
      "invited her and welcomed her in the thread of Amara's note about the audits",
      [
        invite(vendor, priya),
        postMessage({
          channel: vendor,
          user: ACTOR.id,
          text: `<@${priya}> welcome, this is the audit plan Amara mentioned.`,
          ts: msg(100),
          parent: String(amaraNote.message_id),
        }),
      ],
    ),
    outcome(
      'wrong-priya',
      'fault',
      'invited and welcomed Priya Natarajan (display name "Priya")',
      [
        invite(vendor, natarajan),
        postMessage({
          channel: vendor,
          user: ACTOR.id,
          text: `Welcome <@${natarajan}>! Priya is joining us for the carrier site audits.`,
          ts: msg(100),
        }),
      ],
      'identity',
    ),
    outcome(
      'welcome-in-dm',
      'fault',
      'invited her but sent the welcome as a direct message instead of posting in the channel',
      [
        invite(vendor, priya),
        ...dmSetup,
        postMessage({
          channel: dmChannel,
          user: ACTOR.id,
          text: `Welcome <@${priya}>! You are now in #vendor-onboarding for the carrier site audits.`,
          ts: msg(100),
        }),
      ],
      'relation',
    ),
    outcome(
      'no-mention',
      'fault',
      'invited her but the welcome names her in plain text, without an @-mention',
      [
        invite(vendor, priya),
        postMessage({
          channel: vendor,
          user: ACTOR.id,
          text: 'Welcome Priya! Priya is joining us for the carrier site audits.',
          ts: msg(100),
        }),
      ],
      'value',
    ),
  ];
  const sourcePanel = panel(sourcePriya, dm, []);
  const openDm: Patch = [
    {
      op: 'insert',
      table: 'channels',
      row: {
        channel_id: newDm,
        channel_name: `dm-${ACTOR.id.toLowerCase()}-${newPriya.toLowerCase()}`,
        team_id: String(priyaRow.team_id ?? rows('teams')[0]!.team_id),
        is_private: true,
        is_dm: true,
        is_gc: false,
        topic_text: '',
        purpose_text: '',
        is_archived: false,
        created: run - 30,
        creator_id: ACTOR.id,
        topic_set_by: '',
        topic_last_set: 0,
        purpose_set_by: '',
        purpose_last_set: 0,
      },
    },
    invite(newDm, ACTOR.id),
    invite(newDm, newPriya),
  ];
  const relatedPanel = [
    ...panel(newPriya, newDm, openDm),
    outcome(
      'renamed-colleague',
      'fault',
      'invited and welcomed the colleague who used to be called Priya Raman (now Priya Menon)',
      [
        invite(vendor, sourcePriya),
        postMessage({
          channel: vendor,
          user: ACTOR.id,
          text: `Welcome <@${sourcePriya}>! Priya is joining us for the carrier site audits.`,
          ts: msg(100),
        }),
      ],
      'identity',
    ),
  ];

  const ref = declarativeReference(
    {
      channel: channelNamed('vendor-onboarding'),
      priya: {
        table: 'users',
        where: { real_name: 'Priya Raman' },
        cardinality: 'one',
        description: 'whoever is called Priya Raman now',
      },
    },
    [
      joined(
        'channel',
        'priya',
        'Priya Raman joined #vendor-onboarding',
        'add her (the user named Priya Raman) to #vendor-onboarding',
      ),
      {
        kind: 'count',
        name: 'nobody else was added anywhere',
        category: 'identity',
        reason: 'only Priya Raman is added',
        table: 'channel_members',
        where: {},
        scope: 'inserted',
        expect: 1,
      },
      {
        kind: 'created',
        name: 'a welcome in #vendor-onboarding mentions her',
        category: 'value',
        reason: 'post a short welcome there that @-mentions her',
        bind: 'welcome',
        table: 'messages',
        where: {
          channel_id: { ref: 'channel', field: 'channel_id' },
          user_id: ACTOR.id,
          message_text: { contains: { ref: 'priya', field: 'user_id' } },
        },
        cardinality: 'one',
      },
      untouched(
        'no other message posted or edited',
        ['messages', 'message_reactions'],
        'the welcome belongs in #vendor-onboarding, nowhere else',
        ['welcome'],
        'relation',
      ),
      untouched(
        'users and conversations untouched',
        ['users', 'user_teams', 'channels'],
        'adding a member changes nothing else',
      ),
    ],
  );

  const menon: PatchOp = {
    op: 'update',
    table: 'users',
    key: { user_id: sourcePriya },
    set: { real_name: 'Priya Menon', display_name: 'Priya M' },
  };
  const hire: Patch = [
    {
      op: 'insert',
      table: 'users',
      row: {
        user_id: newPriya,
        username: 'priya.raman2',
        display_name: 'Priya Raman',
        real_name: 'Priya Raman',
        email: 'priya.raman2@kestrelfreight.example',
        is_bot: false,
        timezone: 'Europe/Amsterdam',
        title: 'Vendor Auditor',
        is_admin: false,
        deleted: false,
      },
    },
    {
      op: 'insert',
      table: 'user_teams',
      row: { user_id: newPriya, team_id: String(rows('teams')[0]!.team_id), role: 'member' },
    },
    invite(channelId('general'), newPriya),
    invite(channelId('random'), newPriya),
    invite(channelId('announcements'), newPriya),
  ];

  return slackTask({
    id: 'slack_3',
    family: 'slack-add-named-person-and-welcome',
    instruction:
      'Priya Raman is joining the carrier site audits. Add her to #vendor-onboarding and post a short welcome there that @-mentions her.',
    traps: ['shared-name', 'renamed-entity', 'thread-or-edit', 'legal-alternative'],
    reference: ref,
    background: {
      description: "Amara Eze's title changed and Olivia posted in #general",
      patch: [
        {
          op: 'update',
          table: 'users',
          key: { user_id: userId('Amara Eze') },
          set: { title: 'Head of Vendor Management' },
        },
        postMessage({
          channel: channelId('general'),
          user: userId('Olivia Grant'),
          text: 'Congratulations to Amara on her new role as Head of Vendor Management!',
          ts: ts(at(9, 0), 300),
        }),
      ],
    },
    related: {
      description:
        "the seed's Priya Raman changed her surname to Menon, and a new hire named Priya Raman joined the workspace",
      change: 'binding',
      patch: [menon, ...hire],
    },
    source: sourcePanel,
    relatedOutcomes: relatedPanel,
    witness: 'inviting and mentioning the user id that was Priya Raman in the source state',
  });
}
