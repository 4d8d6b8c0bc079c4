// Generates the built-in Slack tasks (fixtures/packs/builtin/tasks/slack_*.json) from the
// built-in seed: slack_1..4 here, slack_5..16 in ./slack/peak.ts. A state is described with
// the row builders of src/authoring/slack.ts, ids looked up by name in the seed; slackTask
// (./slack/task.ts) reads each non-natural outcome as the actor's Web API calls and writes
// them with the rows the Slack write model derives, so an unreachable state fails generation.
// packs/generate.ts runs it.

import {
  declarativeReference,
  findRow,
  type GeneratedFile,
  type Outcome,
  outcome,
  type Patch,
  type PatchOp,
  slack,
  type Task,
  taskFile,
} from 'agentproofbench/authoring';
import { BUILTIN_PACK } from '../../lib/generator.js';
import { peakTasks } from './slack/peak.js';
import {
  appendedTo,
  atMostOneMessage,
  channelNamed,
  editedInPlace,
  inChannel,
  joined,
  keepsNameAndPurpose,
  membersAgainst,
  membersSelector,
  noMembership,
  noOtherChannelEdited,
  noOtherConversation,
  onlyAddedFrom,
  onlyMembershipsChanged,
  untouched,
} from './slack/reference.js';
import { slackTask } from './slack/task.js';
import {
  ACTOR,
  at,
  channel,
  channelId,
  membersOf,
  rows,
  SEED,
  ts,
  userId,
} from './slack/workspace.js';

const { editMessage, invite, kick, postMessage, react, setPurpose, setTopic } = slack;

// ================================================================ slack_1: membership
function inviteCommanders(): Task {
  const target = channelId('payments-cutover');
  const roster = channelId('incident-commanders');
  const targetMembers = membersOf(target);
  const kwame = userId('Kwame Mensah');
  const hana = userId('Hana Sato');
  const sourceRoster = membersOf(roster);
  const relatedRoster = [...sourceRoster.filter((id) => id !== kwame), hana];
  const missing = (list: string[]) => list.filter((id) => !targetMembers.includes(id));
  const wrongPriya = userId('Priya Ramanathan');
  const priyaRaman = userId('Priya Raman');

  const panel = (rosterIds: string[]): Outcome[] => {
    const needed = missing(rosterIds);
    const invites = needed.map((id) => invite(target, id));
    const others = targetMembers.filter((id) => !rosterIds.includes(id));
    return [
      outcome(
        'complete',
        'complete',
        `conversations.invite for each commander not yet in #payments-cutover (${needed.length} calls)`,
        invites,
      ),
      outcome(
        'invite-and-announce',
        'alternative',
        'the same invitations, then a heads-up message in #payments-cutover',
        [
          ...invites,
          postMessage({
            channel: target,
            user: ACTOR.id,
            text: 'Heads-up: I added the incident commanders here ahead of the dry run.',
            ts: ts(at(14, 12), 100),
          }),
        ],
      ),
      outcome(
        'first-invite-only',
        'prefix',
        'the run after its first invitation: the other commanders are not in yet',
        invites.slice(0, 1),
      ),
      outcome(
        'missed-priya',
        'fault',
        'every missing commander invited except Priya Raman',
        needed.filter((id) => id !== priyaRaman).map((id) => invite(target, id)),
        'set',
      ),
      outcome(
        'wrong-priya',
        'fault',
        'invited Priya Ramanathan instead of Priya Raman (a near-duplicate name)',
        needed.map((id) => invite(target, id === priyaRaman ? wrongPriya : id)),
        'identity',
      ),
      outcome(
        'reversed',
        'fault',
        'added the #payments-cutover members to #incident-commanders instead',
        others.map((id) => invite(roster, id)),
        'relation',
      ),
      outcome(
        'replaced-members',
        'fault',
        'invited the commanders and removed everyone else from #payments-cutover',
        [...invites, ...others.filter((id) => id !== ACTOR.id).map((id) => kick(target, id))],
        'preservation',
      ),
    ];
  };
  const sourcePanel = panel(sourceRoster);
  const relatedPanel = [
    ...panel(relatedRoster),
    outcome(
      'last-weeks-roster',
      'fault',
      "invited last week's commanders (Kwame, who has left the rota, instead of Hana)",
      missing(sourceRoster).map((id) => invite(target, id)),
      'set',
    ),
  ];

  const ref = declarativeReference(
    {
      target: {
        table: 'channels',
        where: { channel_name: 'payments-cutover' },
        cardinality: 'one',
        description: 'the channel to fill',
      },
      roster: {
        table: 'channels',
        where: { channel_name: 'incident-commanders' },
        cardinality: 'one',
        description: 'the channel whose members are required',
      },
      commanders: membersSelector('roster', 'members of #incident-commanders now'),
      existing: membersSelector('target', 'members of #payments-cutover now'),
    },
    [
      membersAgainst(
        'superset',
        'target',
        'commanders',
        'every commander is in #payments-cutover',
        'set',
        'everyone who is in #incident-commanders must also be a member',
      ),
      membersAgainst(
        'superset',
        'target',
        'existing',
        'nobody already in #payments-cutover was removed',
        'preservation',
        "don't remove anyone who's already there",
      ),
      onlyAddedFrom(
        'target',
        'commanders',
        'only commanders were added',
        'the people to add are exactly the current commanders',
      ),
      noOtherConversation(
        'inserted',
        'target',
        'people move into #payments-cutover, not the other way round',
      ),
      noMembership('deleted', 'no membership was removed', 'the request only adds people'),
      atMostOneMessage(
        'at most one heads-up message in #payments-cutover',
        'telling the channel is fine; nothing else is posted',
        'announcement',
        { ...inChannel('target'), user_id: ACTOR.id },
      ),
      onlyMembershipsChanged('the request touches memberships only', ['announcement']),
    ],
  );

  return slackTask({
    id: 'slack_1',
    family: 'slack-invite-channel-roster',
    instruction:
      "Before the payments dry run, make sure everyone who is in #incident-commanders is also a member of #payments-cutover. Don't remove anyone who's already there.",
    traps: ['shared-name', 'legal-alternative'],
    reference: ref,
    background: {
      description: 'unrelated chatter: a lunch message in #random with a reaction',
      patch: [
        postMessage({
          channel: channelId('random'),
          user: userId('Chloe Martin'),
          text: 'Soup of the day in the canteen is pumpkin, go early.',
          ts: ts(at(9, 5), 200),
        }),
        react(ts(at(9, 5), 200), userId('Dana Cho'), 'heart'),
      ],
    },
    related: {
      description:
        'Kwame Mensah left the commander rota (left #incident-commanders) and Hana Sato joined it',
      change: 'membership',
      patch: [kick(roster, kwame), invite(roster, hana)],
    },
    source: sourcePanel,
    relatedOutcomes: relatedPanel,
    witness:
      "inviting the source roster's missing commanders (Kwame, not Hana) on the related state",
  });
}

// ================================================================ slack_2: value
function copyTopic(): Task {
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

// ================================================================ slack_3: binding
function addAndWelcome(): Task {
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

// ================================================================ slack_4: preservation
function appendToOwnMessage(): Task {
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

/** The built-in Slack task files. */
export function generate(): GeneratedFile[] {
  return [
    inviteCommanders(),
    copyTopic(),
    addAndWelcome(),
    appendToOwnMessage(),
    ...peakTasks(),
  ].map((task) => taskFile(BUILTIN_PACK, task));
}
