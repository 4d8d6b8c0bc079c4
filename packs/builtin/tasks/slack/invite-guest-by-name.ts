// The built-in Slack task family: slack_16: invite a guest whose account name is typed loosely.
import {
  alternative,
  complete,
  declarativeReference,
  fault,
  type Outcome,
  type Patch,
  slack,
  type Task,
} from 'agentproofbench/authoring';
import {
  atMostOneMessage,
  channelNamed,
  inChannel,
  joined,
  noMembership,
  noOtherConversation,
  onlyMembershipsChanged,
} from './reference.js';
import { slackTask } from './task.js';
import { ACTOR, at, channelId, rows, TEAM_ID, ts, userId } from './workspace.js';

const { deactivateUser, invite, kick, postMessage, postMessageCall } = slack;

// ================================================================ slack_16: invite a guest whose account name is typed loosely
export function inviteGuestByName(): Task {
  const dock = channelId('dock-safety');
  const kaiRows = rows('users').filter((row) =>
    /^\s*kai\s+brandt\s*$/i.test(String(row.real_name)),
  );
  const active = kaiRows.find((row) => row.deleted !== true);
  const old = kaiRows.find((row) => row.deleted === true);
  if (!active || !old || kaiRows.length !== 2) throw new Error('expected two Kai Brandt accounts');
  const kai = String(active.user_id);
  const reissued = 'U0KA1BRANDT';
  const crewWest = channelId('seasonal-crew-west');
  const run = at(10, 50);
  const panel = (id: string): Outcome[] => [
    complete('complete', 'conversations.invite of Kai Brandt to #dock-safety', [invite(dock, id)]),
    alternative('invite-and-welcome', 'the invitation and a short welcome in #dock-safety', [
      invite(dock, id),
      postMessage({ channel: dock, user: ACTOR.id, text: `Welcome <@${id}>!`, ts: ts(run, 800) }),
    ]),
    fault('invited-both-kais', 'identity', 'invited Kai Brandt and also Kai Berger', [
      invite(dock, id),
      invite(dock, userId('Kai Berger')),
    ]),
    fault('invited-kai-berger', 'identity', 'invited Kai Berger, the other Kai of the crew', [
      invite(dock, userId('Kai Berger')),
    ]),
    fault('invited-elsewhere', 'relation', 'invited Kai Brandt to #wh-west-ops instead', [
      invite(channelId('wh-west-ops'), id),
    ]),
    fault('removed-someone', 'preservation', 'invited him and removed Omar from #dock-safety', [
      invite(dock, id),
      kick(dock, userId('Omar Haddad')),
    ]),
  ];
  const ref = declarativeReference(
    {
      dock: channelNamed('dock-safety'),
      kai: {
        table: 'users',
        where: { real_name: { regex: '(?i)^\\s*kai\\s+brandt\\s*$' }, deleted: false },
        cardinality: 'one',
        description: 'the active account named Kai Brandt, however its name is cased or spaced',
      },
    },
    [
      joined(
        'dock',
        'kai',
        'Kai Brandt joined #dock-safety',
        'add Kai Brandt (his active account) to #dock-safety',
      ),
      {
        kind: 'count',
        name: 'nobody else joined #dock-safety',
        category: 'identity',
        reason: 'only Kai Brandt is added',
        table: 'channel_members',
        where: { channel_id: { ref: 'dock', field: 'channel_id' } },
        scope: 'inserted',
        expect: 1,
      },
      noOtherConversation('inserted', 'dock', 'he is added to #dock-safety, nowhere else'),
      noMembership('deleted', 'no membership was removed', 'the request only adds him'),
      atMostOneMessage(
        'at most one welcome in #dock-safety',
        'a welcome is fine; nothing else is posted',
        'welcome',
        { ...inChannel('dock'), user_id: ACTOR.id },
      ),
      onlyMembershipsChanged('adding a member changes nothing else', ['welcome']),
    ],
  );
  const reissue: Patch = [
    deactivateUser(kai),
    {
      op: 'insert',
      table: 'users',
      row: {
        ...active,
        user_id: reissued,
        username: 'kai.brandt.reissued',
        display_name: 'Kai',
        real_name: 'Kai Brandt',
        email: 'kai.brandt.reissued@crew.peakstaff.example',
        deleted: false,
      },
    },
    {
      op: 'insert',
      table: 'user_teams',
      row: { user_id: reissued, team_id: TEAM_ID, role: 'restricted' },
    },
    invite(crewWest, reissued),
  ];
  return slackTask({
    id: 'slack_16',
    family: 'slack-invite-guest-by-name',
    instruction: 'Add Kai Brandt from the agency crew to #dock-safety.',
    traps: ['case-whitespace', 'shared-name', 'legal-alternative'],
    reference: ref,
    background: {
      description: "Kai Berger's title changed",
      patch: [
        {
          op: 'update',
          table: 'users',
          key: { user_id: userId('Kai Berger') },
          set: { title: 'Seasonal forklift driver (agency)' },
        },
      ],
    },
    related: {
      description:
        "the agency re-issued Kai Brandt's account: the account he typed is deactivated and a new one is active",
      change: 'binding',
      patch: reissue,
    },
    source: panel(kai),
    // Inviting the account that was active in the source state is the witness replay (a
    // deactivated account cannot be invited, so no panel outcome does it).
    relatedOutcomes: panel(reissued),
    witness:
      'replaying the source run after the agency re-issued the account: inviting the old account is refused (cant_invite, it is deactivated), and the welcome that mentions it is posted',
    witnessDecision: 'invite-and-welcome',
    witnessCalls: [postMessageCall(dock, `Welcome <@${kai}>!`)],
  });
}
