// The built-in Slack task family: invite the people who replied in a thread.
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
  membersAgainst,
  membersSelector,
  noMembership,
  noOtherConversation,
  onlyAddedFrom,
  onlyMembershipsChanged,
} from './reference.js';
import { slackTask } from './task.js';
import { ACTOR, at, channelId, membersOf, messageIn, SEED, ts, userId } from './workspace.js';

const { deleteMessage, invite, kick, postMessage, react } = slack;

const nightAudit = 'Night shift audit of Docks 1–8 next week';

/** A member list of `channel` after `patch` (the related before-state, for instance). */
const membersAfter = (channelName: string, patch: Patch): string[] =>
  membersOf(channelId(channelName), applyPatch(SEED, patch, `members of #${channelName}`));

// ================================================================ family: invite the people who replied in a thread
interface RepliersSpec {
  id: string;
  instruction: string;
  /** Where the thread is, and how its parent is recognised (the start of its text). */
  threadChannel: string;
  parentStart: string;
  target: string;
  /** A replier and the namesake a careless lookup picks instead (real names). */
  namesake: [string, string];
  /** The replier whose reply was edited (a search for the original wording misses it). */
  edited: string;
  /** Someone who only reacted to the thread. */
  reactor: string;
  /** An existing member of the target channel. */
  existing: string;
  related: (parent: Row, replies: Row[]) => InitialCondition;
  staleCategory: 'set' | 'identity';
  staleDescription: string;
  background: InitialCondition;
  traps: Trap[];
}

function inviteRepliers(spec: RepliersSpec): Task {
  const parent = messageIn(
    spec.threadChannel,
    'the thread parent',
    (row) => row.parent_id === null && String(row.message_text).startsWith(spec.parentStart),
  );
  const replies = findRows(SEED, 'messages', { parent_id: String(parent.message_id) });
  const target = channelId(spec.target);
  const related = spec.related(parent, replies);
  const repliersIn = (patch: Patch): string[] => [
    ...new Set(
      findRows(applyPatch(SEED, patch), 'messages', { parent_id: String(parent.message_id) }).map(
        (row) => String(row.user_id),
      ),
    ),
  ];
  const [rightName, wrongName] = spec.namesake;
  const run = at(10, 20);

  const panel = (repliers: string[], before: string[]): Outcome[] => {
    const needed = repliers.filter((id) => !before.includes(id));
    const invites = (ids: string[]) => ids.map((id) => invite(target, id));
    return [
      complete(
        'complete',
        `conversations.invite for each replier not yet in #${spec.target}`,
        invites(needed),
      ),
      alternative(
        'invite-and-tell-thread',
        `the same invitations, then a reply in the thread saying they are in #${spec.target}`,
        [
          ...invites(needed),
          postMessage({
            channel: String(parent.channel_id),
            user: ACTOR.id,
            text: `Thanks! I have added all of you to #${spec.target}.`,
            ts: ts(run, 900),
            parent: String(parent.message_id),
          }),
        ],
      ),
      fault(
        'missed-edited-reply',
        'set',
        `invited every replier except ${spec.edited}, whose reply was edited`,
        invites(needed.filter((id) => id !== userId(spec.edited))),
      ),
      fault(
        'wrong-namesake',
        'identity',
        `invited ${wrongName} instead of ${rightName}`,
        invites(needed.map((id) => (id === userId(rightName) ? userId(wrongName) : id))),
      ),
      fault(
        'invited-reactor',
        'identity',
        `invited the repliers and also ${spec.reactor}, who only reacted to the thread`,
        invites([...needed, userId(spec.reactor)]),
      ),
      fault(
        'removed-existing',
        'preservation',
        `invited the repliers and removed ${spec.existing} from #${spec.target}`,
        [...invites(needed), kick(target, userId(spec.existing))],
      ),
    ];
  };
  const membersBefore = membersOf(target);
  const sourceRepliers = repliersIn([]);
  const relatedRepliers = repliersIn(related.patch);
  const ref = declarativeReference(
    {
      home: channelNamed(spec.threadChannel),
      target: channelNamed(spec.target),
      parent: {
        table: 'messages',
        where: {
          channel_id: { ref: 'home', field: 'channel_id' },
          parent_id: null,
          message_text: { startsWith: spec.parentStart },
        },
        cardinality: 'one',
        description: 'the message whose thread the instruction names',
      },
      replies: {
        table: 'messages',
        where: { parent_id: { ref: 'parent', field: 'ts' } },
        cardinality: 'some',
        description: 'the thread replies now (edited ones included)',
      },
      existing: membersSelector('target'),
    },
    [
      membersAgainst(
        'superset',
        'target',
        'replies',
        `everyone who replied is in #${spec.target}`,
        'set',
        'every author of a reply in the thread must be a member',
      ),
      onlyAddedFrom(
        'target',
        'replies',
        'only repliers were added',
        'the people to add are the ones who replied, not reactors or namesakes',
      ),
      noOtherConversation('inserted', 'target', `people move into #${spec.target} only`),
      noMembership('deleted', 'no membership was removed', 'the request only adds people'),
      atMostOneMessage(
        'at most one note in the thread',
        'telling the volunteers in the thread is fine; nothing else is posted',
        'note',
        { parent_id: { ref: 'parent', field: 'ts' }, user_id: ACTOR.id },
      ),
      onlyMembershipsChanged('the request touches memberships only', ['note']),
    ],
  );
  const relatedPanel = [
    ...panel(relatedRepliers, membersAfter(spec.target, related.patch)),
    fault(
      'source-repliers',
      spec.staleCategory,
      spec.staleDescription,
      sourceRepliers.filter((id) => !membersBefore.includes(id)).map((id) => invite(target, id)),
    ),
  ];
  return slackTask({
    id: spec.id,
    family: 'slack-invite-thread-repliers',
    instruction: spec.instruction,
    traps: spec.traps,
    reference: ref,
    background: spec.background,
    related,
    source: panel(sourceRepliers, membersBefore),
    relatedOutcomes: relatedPanel,
    witness:
      "inviting the source thread's repliers on the related state, where the thread has changed",
  });
}

/** The task slack_5: this family with its own wording and entities. */
export const slack5 = (): Task =>
  inviteRepliers({
    id: 'slack_5',
    instruction:
      'Everyone who replied in the thread under my night shift audit message in #site-ops volunteered. Add them all to #night-audit.',
    threadChannel: 'site-ops',
    parentStart: nightAudit,
    target: 'night-audit',
    namesake: ['Sam Okafor', 'Samuel Okafor'],
    edited: 'Jonas Berg',
    reactor: 'Lena Fischer',
    existing: 'Tobias Weber',
    related: (parent) => ({
      description: 'Marta Kowalczyk replied to the thread this morning',
      change: 'membership',
      patch: [
        postMessage({
          channel: String(parent.channel_id),
          user: userId('Marta Kowalczyk'),
          text: 'I can take Friday night.',
          ts: ts(at(7, 40), 300),
          parent: String(parent.message_id),
        }),
      ],
    }),
    staleCategory: 'set',
    staleDescription:
      "invited the source thread's repliers (without Marta, who replied this morning)",
    background: {
      description: 'Bram posted in #temp-dock7-rebuild',
      patch: [
        postMessage({
          channel: channelId('temp-dock7-rebuild'),
          user: userId('Bram de Vries'),
          text: 'Steel for the ramp is delivered.',
          ts: ts(at(8, 15), 100),
        }),
      ],
    },
    traps: ['thread-or-edit', 'shared-name', 'legal-alternative'],
  });

/** The task slack_6: this family with its own wording and entities. */
export const slack6 = (): Task =>
  inviteRepliers({
    id: 'slack_6',
    instruction:
      'Arjun asked in #release-train who can be on call for a release night during the peak freeze. Put everyone who answered in that thread into #release-rota.',
    threadChannel: 'release-train',
    parentStart: 'Release nights during the peak freeze',
    target: 'release-rota',
    namesake: ['Dan Cho', 'Dana Cho'],
    edited: 'Elif Demir',
    reactor: 'Ines Carvalho',
    existing: 'Dev Malhotra',
    related: (parent, replies) => {
      const yuki = replies.find((row) => row.user_id === userId('Yuki Tanaka'));
      if (!yuki) throw new Error('Yuki has no reply in the rota thread');
      return {
        description: 'Yuki Tanaka withdrew (deleted her reply) and Dev Malhotra answered',
        change: 'membership',
        patch: [
          deleteMessage(String(yuki.message_id)),
          postMessage({
            channel: String(parent.channel_id),
            user: userId('Dev Malhotra'),
            text: 'I can cover week 50.',
            ts: ts(at(7, 55), 200),
            parent: String(parent.message_id),
          }),
        ],
      };
    },
    staleCategory: 'identity',
    staleDescription: "invited the source thread's repliers, Yuki included, who has withdrawn",
    background: {
      description: 'Lena reacted to a message in #dock-safety',
      patch: [
        react(
          String(
            messageIn('dock-safety', 'the crossing signs note', (row) =>
              String(row.message_text).startsWith('New crossing signs'),
            ).message_id,
          ),
          userId('Tomasz Wójcik'),
          'eyes',
        ),
      ],
    },
    traps: ['thread-or-edit', 'shared-name', 'legal-alternative'],
  });
