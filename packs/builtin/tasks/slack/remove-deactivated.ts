// The built-in Slack task family: remove deactivated accounts from a channel.
import {
  alternative,
  applyPatch,
  complete,
  declarativeReference,
  fault,
  findRows,
  type InitialCondition,
  type Outcome,
  type Patch,
  type Row,
  slack,
  type Task,
  type Trap,
} from 'agentproofbench/authoring';
import {
  atMostOneMessage,
  channelNamed,
  inChannel,
  membersAgainst,
  membersSelector,
  noMembership,
  noOtherConversation,
  onlyMembershipsChanged,
} from './reference.js';
import { slackTask } from './task.js';
import { ACTOR, at, channelId, membersOf, SEED, ts, userId } from './workspace.js';

const { deactivateUser, kick, postMessage, setTopic } = slack;

// ================================================================ family: remove deactivated accounts from a channel
interface DeactivatedSpec {
  id: string;
  instruction: string;
  target: string;
  other: string;
  /** Real name shared by a deactivated and an active member. */
  namesake: string;
  /** Guests (real names are not unique here: member positions) deactivated / reactivated in related. */
  relatedDeactivate: number[];
  relatedReactivate: number;
  background: InitialCondition;
  traps: Trap[];
}

const PAGE = 100;

function removeDeactivated(spec: DeactivatedSpec): Task {
  const target = channelId(spec.target);
  const other = channelId(spec.other);
  const members = membersOf(target);
  const user = (id: string): Row => findRows(SEED, 'users', { user_id: id })[0] ?? {};
  const deactivatedIn = (patch: Patch, channelKey: string): string[] => {
    const state = applyPatch(SEED, patch);
    return membersOf(channelKey, state).filter(
      (id) => findRows(state, 'users', { user_id: id })[0]?.deleted === true,
    );
  };
  const memberAt = (position: number): string => {
    const id = members[position];
    if (id === undefined) throw new Error(`#${spec.target} has no member at ${position}`);
    return id;
  };
  const relatedPatch: Patch = [
    ...spec.relatedDeactivate.map((position) => deactivateUser(memberAt(position))),
    deactivateUser(memberAt(spec.relatedReactivate), false),
  ];
  const named = members.filter((id) => user(id).real_name === spec.namesake);
  const activeNamesake = named.find((id) => user(id).deleted !== true);
  const deletedNamesake = named.find((id) => user(id).deleted === true);
  if (!activeNamesake || !deletedNamesake)
    throw new Error(`#${spec.target} lacks the two members named ${spec.namesake}`);
  const run = at(11, 0);

  const panel = (patch: Patch): Outcome[] => {
    const gone = deactivatedIn(patch, target);
    const kicks = (ids: string[], from = target) => ids.map((id) => kick(from, id));
    const firstPage = new Set(membersOf(target, applyPatch(SEED, patch)).slice(0, PAGE));
    return [
      complete(
        'complete',
        `conversations.kick for each deactivated member of #${spec.target}`,
        kicks(gone),
      ),
      alternative('kick-and-announce', 'the same removals, then a short note in the channel', [
        ...kicks(gone),
        postMessage({
          channel: target,
          user: ACTOR.id,
          text: 'Removed the deactivated agency accounts from this channel.',
          ts: ts(run, 700),
        }),
      ]),
      fault(
        'first-page-only',
        'set',
        'removed only the deactivated accounts on the first page of conversations.members (100)',
        kicks(gone.filter((id) => firstPage.has(id))),
      ),
      fault(
        'removed-namesake',
        'identity',
        `removed the active ${spec.namesake} instead of the deactivated one`,
        kicks(gone.map((id) => (id === deletedNamesake ? activeNamesake : id))),
      ),
      fault(
        'other-channel',
        'relation',
        `removed the deactivated accounts of #${spec.other} from #${spec.other} instead`,
        kicks(deactivatedIn(patch, other), other),
      ),
      fault(
        'retitled-channel',
        'preservation',
        'removed them and also rewrote the channel topic to say so',
        [
          ...kicks(gone),
          setTopic(target, 'Peak crew (deactivated accounts removed)', ACTOR.id, run),
        ],
      ),
    ];
  };
  const ref = declarativeReference(
    {
      target: channelNamed(spec.target),
      members: membersSelector('target'),
      deactivated: {
        table: 'users',
        where: { user_id: { in: { refs: 'members', field: 'user_id' } }, deleted: true },
        cardinality: 'some',
        description: 'members whose account is deactivated now',
      },
      active: {
        table: 'channel_members',
        where: {
          channel_id: { ref: 'target', field: 'channel_id' },
          user_id: { nin: { refs: 'deactivated', field: 'user_id' } },
        },
        cardinality: 'some',
      },
    },
    [
      membersAgainst(
        'disjoint',
        'target',
        'deactivated',
        'no deactivated account is left in the channel',
        'set',
        `remove every deactivated account from #${spec.target}, on every page of members`,
      ),
      membersAgainst(
        'superset',
        'target',
        'active',
        'every active member stays',
        'preservation',
        'leave everyone else in the channel, namesakes included',
      ),
      noOtherConversation('deleted', 'target', `the removals are from #${spec.target}`),
      noMembership('inserted', 'nobody was added', 'the request only removes accounts'),
      atMostOneMessage(
        'at most one note in the channel',
        'telling the channel is fine; nothing else is posted',
        'note',
        { ...inChannel('target'), user_id: ACTOR.id },
      ),
      onlyMembershipsChanged('removing members changes nothing else', ['note']),
    ],
  );
  const stale = deactivatedIn([], target);
  return slackTask({
    id: spec.id,
    family: 'slack-remove-deactivated-members',
    instruction: spec.instruction,
    traps: spec.traps,
    reference: ref,
    background: spec.background,
    related: {
      description: `the agency deactivated ${spec.relatedDeactivate.length} more accounts (one on the second page of members) and reactivated one that came back`,
      change: 'membership',
      patch: relatedPatch,
    },
    source: panel([]),
    relatedOutcomes: [
      ...panel(relatedPatch),
      fault(
        'source-list',
        'set',
        'removed the accounts that were deactivated in the source state (the returning guest, not the new ones)',
        stale.map((id) => kick(target, id)),
      ),
    ],
    witness: 'removing the source list of deactivated accounts after the agency changed it',
  });
}

/** The task slack_7: this family with its own wording and entities. */
export const slack7 = (): Task =>
  removeDeactivated({
    id: 'slack_7',
    instruction:
      'Some agency staff have left for good. Remove every deactivated account from #seasonal-crew-west and leave everyone else in the channel.',
    target: 'seasonal-crew-west',
    other: 'seasonal-crew-east',
    namesake: 'Marek Kovalenko',
    relatedDeactivate: [55, 112],
    relatedReactivate: 71,
    background: {
      description: 'Jonas posted the week 47 shift sheet in #seasonal-crew-west',
      patch: [
        postMessage({
          channel: channelId('seasonal-crew-west'),
          user: userId('Jonas Berg'),
          text: 'Shift sheet for week 47 is pinned.',
          ts: ts(at(8, 30), 100),
        }),
      ],
    },
    traps: ['pagination', 'shared-name', 'legal-alternative', 'preserve-across-tables'],
  });

/** The task slack_8: this family with its own wording and entities. */
export const slack8 = (): Task =>
  removeDeactivated({
    id: 'slack_8',
    instruction:
      'Tidy up #seasonal-crew-east: take out the accounts that have been deactivated, and nobody else.',
    target: 'seasonal-crew-east',
    other: 'seasonal-crew-west',
    namesake: 'Tomas Zielińska',
    relatedDeactivate: [44, 104],
    relatedReactivate: 12,
    background: {
      description: 'Noor posted in #temp-peak-hiring',
      patch: [
        postMessage({
          channel: channelId('temp-peak-hiring'),
          user: userId('Noor Al-Sayed'),
          text: 'Contracts for the second agency wave are signed.',
          ts: ts(at(9, 45), 100),
        }),
      ],
    },
    traps: ['pagination', 'shared-name', 'legal-alternative', 'preserve-across-tables'],
  });
