// The built-in Slack task family: slack_1: membership.
import {
  declarativeReference,
  type Outcome,
  outcome,
  slack,
  type Task,
} from 'agentproofbench/authoring';

import {
  atMostOneMessage,
  inChannel,
  membersAgainst,
  membersSelector,
  noMembership,
  noOtherConversation,
  onlyAddedFrom,
  onlyMembershipsChanged,
} from './reference.js';
import { slackTask } from './task.js';
import { ACTOR, at, channelId, membersOf, ts, userId } from './workspace.js';

const { invite, kick, postMessage, react } = slack;

// ================================================================ slack_1: membership
export function inviteCommanders(): Task {
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
