// The pack 2.0 Slack tasks (slack_5 … slack_16), written on the peak-season part of the seed
// (packs/builtin/seeds/slack.ts, "pack 2.0 extension"). Families with two tasks are one builder
// called with two specs: other wording, other entities, the same behaviour. Every patch is
// the row changes of the Slack calls its description names (src/authoring/slack.ts).
import {
  alternative,
  applyPatch,
  complete,
  declarativeReference,
  fault,
  findRow,
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
} from './reference.js';
import { slackTask } from './task.js';
import {
  ACTOR,
  at,
  channel,
  channelId,
  membersOf,
  messageIn,
  rows,
  SEED,
  TEAM_ID,
  ts,
  userId,
} from './workspace.js';

const {
  archive,
  createChannel,
  deactivateUser,
  deleteMessage,
  editMessage,
  invite,
  kick,
  postMessage,
  postMessageCall,
  react,
  renameChannel,
  setPurpose,
  setTopic,
  unreact,
} = slack;

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

// ================================================================ slack_11: append to my own thread reply
function appendToOwnReply(): Task {
  const east = channelId('wh-east-ops');
  const reply = messageIn(
    'wh-east-ops',
    "Maren's aisle 12 reply",
    (row) => row.user_id === ACTOR.id && String(row.message_text).includes('aisle 12'),
  );
  const aisle14 = messageIn(
    'wh-east-ops',
    "Maren's aisle 14 message",
    (row) => row.user_id === ACTOR.id && String(row.message_text).includes('aisle 14'),
  );
  const replyId = String(reply.message_id);
  const suffix = 'Done: count matches the system.';
  const relatedText =
    'Recount for aisle 12 moved to Friday 09:00 (forklift inspection first), Bram will lead it.';
  const run = at(15, 20);
  const edited = ts(run, 0);
  const panel = (text: string): Outcome[] => [
    complete('complete', 'chat.update of the reply with the sentence appended after a space', [
      editMessage(replyId, `${text} ${suffix}`, ACTOR.id, edited),
    ]),
    alternative('on-new-line', 'chat.update with the sentence on a new line', [
      editMessage(replyId, `${text}\n${suffix}`, ACTOR.id, edited),
    ]),
    fault('rewritten', 'preservation', 'rewrote the reply to the new sentence only', [
      editMessage(replyId, `Aisle 12: ${suffix}`, ACTOR.id, edited),
    ]),
    fault(
      'wrong-message',
      'identity',
      "appended the sentence to Maren's aisle 14 message instead",
      [
        editMessage(
          String(aisle14.message_id),
          `${String(aisle14.message_text)} ${suffix}`,
          ACTOR.id,
          edited,
        ),
      ],
    ),
    fault('different-wording', 'value', 'appended another sentence than the one asked for', [
      editMessage(replyId, `${text} Done, numbers look fine.`, ACTOR.id, edited),
    ]),
    fault('posted-new-reply', 'relation', 'posted the sentence as a new reply instead of editing', [
      postMessage({
        channel: east,
        user: ACTOR.id,
        text: suffix,
        ts: ts(run, 300),
        parent: String(reply.parent_id),
      }),
    ]),
  ];
  const ref = declarativeReference(
    {
      east: channelNamed('wh-east-ops'),
      reply: {
        table: 'messages',
        where: {
          channel_id: { ref: 'east', field: 'channel_id' },
          user_id: ACTOR.id,
          parent_id: { exists: true },
          message_text: { containsIgnoreCase: 'aisle 12' },
        },
        cardinality: 'one',
        description: "the actor's own thread reply about the aisle 12 recount",
      },
    },
    [
      ...appendedTo('reply', 'message_text', suffix, {
        keeps: [
          'the reply still starts with its current text',
          'keep the rest of the reply as it is',
        ],
        ends: ['the reply ends with the requested sentence', `it must end with '${suffix}'`],
      }),
      ...editedInPlace('reply', {
        stays: 'the reply is edited in place',
        onlyIt: 'only that reply is edited',
        rest: 'an edit changes nothing else',
      }),
    ],
  );
  return slackTask({
    id: 'slack_11',
    family: 'slack-append-to-own-message',
    instruction:
      "The aisle 12 recount is finished. Edit my reply in the thread about the aisle 12 pallet count in #wh-east-ops so that it ends with 'Done: count matches the system.' Keep the rest of my reply as it is.",
    traps: ['thread-or-edit', 'copied-value', 'legal-alternative'],
    reference: ref,
    background: {
      description: 'Marta posted a shift note in #wh-east-ops and Tomasz reacted to it',
      patch: [
        postMessage({
          channel: east,
          user: userId('Marta Kowalczyk'),
          text: 'Early shift starts 15 minutes later tomorrow, gate maintenance.',
          ts: ts(at(9, 10), 500),
        }),
        react(ts(at(9, 10), 500), userId('Tomasz Wójcik'), 'thumbsup'),
      ],
    },
    related: {
      description: 'Maren had already corrected the reply this morning: the recount moved to 09:00',
      change: 'preservation',
      patch: [editMessage(replyId, relatedText, ACTOR.id, ts(at(8, 5), 0))],
    },
    source: panel(String(reply.message_text)),
    relatedOutcomes: [
      ...panel(relatedText),
      fault(
        'restored-old-text',
        'preservation',
        "appended the sentence to the reply's original wording",
        [editMessage(replyId, `${String(reply.message_text)} ${suffix}`, ACTOR.id, edited)],
      ),
    ],
    witness:
      "rewriting the reply to its source wording plus the sentence, dropping this morning's correction",
  });
}

// ================================================================ slack_12: topic from a message's current text
function topicFromMessage(): Task {
  const dock = channelId('dock-safety');
  const west = channelId('wh-west-ops');
  const lena = userId('Lena Fischer');
  const rule = messageIn(
    'wh-west-ops',
    "Lena's floor rule",
    (row) =>
      row.user_id === lena &&
      row.parent_id === null &&
      /floor rule/i.test(String(row.message_text)),
  );
  const reply = messageIn(
    'wh-west-ops',
    "Lena's floor rule reply",
    (row) =>
      row.user_id === lena &&
      row.parent_id !== null &&
      /floor rule/i.test(String(row.message_text)),
  );
  const archived = messageIn('wh-west-ops-archive', 'the archived floor rule', (row) =>
    /floor rule/i.test(String(row.message_text)),
  );
  const purpose = String(channel('wh-west-ops').purpose_text);
  const relatedText =
    'FLOOR RULE: pedestrians use the green walkway only; forklifts stop and sound the horn at every crossing.';
  const run = at(12, 15);
  const panel = (text: string): Outcome[] => [
    complete('complete', "conversations.setTopic on #dock-safety with the rule's current text", [
      setTopic(dock, text, ACTOR.id, run),
    ]),
    fault('copied-thread-reply', 'identity', "copied Lena's floor rule reply in a thread instead", [
      setTopic(dock, String(reply.message_text), ACTOR.id, run),
    ]),
    fault(
      'copied-archived-rule',
      'identity',
      'copied the older floor rule from the archived channel',
      [setTopic(dock, String(archived.message_text), ACTOR.id, run)],
    ),
    fault('retyped-case', 'value', 'retyped the rule in sentence case instead of copying it', [
      setTopic(dock, `Floor rule${text.slice('FLOOR RULE'.length)}`, ACTOR.id, run),
    ]),
    fault(
      'topic-on-west',
      'relation',
      'set the topic of #wh-west-ops (where the rule is) instead',
      [setTopic(west, text, ACTOR.id, run)],
    ),
    fault('purpose-too', 'preservation', "set the topic and overwrote #dock-safety's purpose too", [
      setTopic(dock, text, ACTOR.id, run),
      setPurpose(dock, purpose, ACTOR.id, run + 30),
    ]),
  ];
  const ref = declarativeReference(
    {
      dock: channelNamed('dock-safety'),
      west: channelNamed('wh-west-ops'),
      lena: { table: 'users', where: { real_name: 'Lena Fischer' }, cardinality: 'one' },
      rule: {
        table: 'messages',
        where: {
          channel_id: { ref: 'west', field: 'channel_id' },
          user_id: { ref: 'lena', field: 'user_id' },
          parent_id: null,
          message_text: { containsIgnoreCase: 'floor rule' },
        },
        cardinality: 'one',
        description: "Lena's floor rule posted in the channel (not in a thread), as it reads now",
      },
    },
    [
      {
        kind: 'field',
        name: "#dock-safety's topic is the rule's current text",
        category: 'value',
        reason: 'the topic is the current text of the message, exactly',
        target: 'dock',
        field: 'topic_text',
        expect: { ref: 'rule', field: 'message_text' },
      },
      keepsNameAndPurpose('dock', '#dock-safety'),
      noOtherChannelEdited('dock', '#dock-safety', 'relation'),
      untouched(
        'no messages, members or users changed',
        ['messages', 'message_reactions', 'channel_members', 'users'],
        'a topic change touches nothing else',
      ),
    ],
  );
  return slackTask({
    id: 'slack_12',
    family: 'slack-topic-from-message',
    instruction:
      'Set the topic of #dock-safety to the current text of the floor rule Lena Fischer posted in #wh-west-ops (her message in the channel, not her reply in a thread).',
    traps: ['copied-value', 'thread-or-edit', 'archived-or-trashed', 'case-whitespace'],
    reference: ref,
    background: {
      description: 'Tomasz posted a safety reminder in #dock-safety',
      patch: [
        postMessage({
          channel: dock,
          user: userId('Tomasz Wójcik'),
          text: 'Reminder: gloves at the cutting station, east warehouse.',
          ts: ts(at(8, 40), 200),
        }),
      ],
    },
    related: {
      description: 'Lena edited her floor rule again this morning',
      change: 'value',
      patch: [editMessage(String(rule.message_id), relatedText, lena, ts(at(9, 0), 0))],
    },
    source: panel(String(rule.message_text)),
    relatedOutcomes: [
      ...panel(relatedText),
      fault('yesterdays-text', 'value', "copied the rule as it read before this morning's edit", [
        setTopic(dock, String(rule.message_text), ACTOR.id, run),
      ]),
    ],
    witness: "writing the rule's source wording onto #dock-safety after Lena edited it",
  });
}

// ================================================================ slack_13: append to a channel topic
function appendToTopic(): Task {
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

// ================================================================ slack_14: react with the emoji a colleague used
function reactLikeColleague(): Task {
  const omar = userId('Omar Haddad');
  const tobias = userId('Tobias Weber');
  const seal = messageIn(
    'site-ops',
    "Omar's door seal message",
    (row) =>
      row.user_id === omar &&
      row.parent_id === null &&
      String(row.message_text).includes('door seal'),
  );
  const log = messageIn(
    'site-ops',
    "Omar's temperature log message",
    (row) =>
      row.user_id === omar &&
      String(row.message_text).startsWith('Cold room temperature log for this week'),
  );
  const sealId = String(seal.message_id);
  const sealReply = findRows(SEED, 'messages', { parent_id: sealId })[0];
  if (!sealReply) throw new Error('the door seal message has no reply');
  const sourceEmoji = String(
    findRows(SEED, 'message_reactions', { message_id: sealId, user_id: tobias })[0]?.reaction_type,
  );
  const relatedEmoji = 'tada';
  const ownReaction = findRow(
    SEED,
    'message_reactions',
    (row) =>
      row.user_id === ACTOR.id &&
      row.message_id !== sealId &&
      SEED.get('messages', { message_id: String(row.message_id) })?.channel_id === seal.channel_id,
    "Maren's reaction on another #site-ops message",
  );
  const run = at(14, 0);
  const panel = (emoji: string): Outcome[] => [
    complete('complete', `reactions.add :${emoji}: on Omar's door seal message`, [
      react(sealId, ACTOR.id, emoji),
    ]),
    alternative('react-and-thank', 'the same reaction, and a thank-you in the thread', [
      react(sealId, ACTOR.id, emoji),
      postMessage({
        channel: String(seal.channel_id),
        user: ACTOR.id,
        text: 'Thanks Omar!',
        ts: ts(run, 600),
        parent: sealId,
      }),
    ]),
    fault('thumbsup', 'value', 'reacted with :thumbsup:, the most common emoji on the message', [
      react(sealId, ACTOR.id, emoji === 'thumbsup' ? 'eyes' : 'thumbsup'),
    ]),
    fault('wrong-message', 'identity', "reacted to Omar's temperature log message instead", [
      react(String(log.message_id), ACTOR.id, emoji),
    ]),
    fault(
      'reacted-to-reply',
      'relation',
      "reacted to Omar's reply in the thread instead of his message",
      [react(String(sealReply.message_id), ACTOR.id, emoji)],
    ),
    // Only a reaction's author can remove it (reactions.remove answers no_reaction), so the
    // preservation fault takes back one of Maren's own reactions instead of Tobias's.
    fault(
      'dropped-own-reaction',
      'preservation',
      `added the reaction and took back her own :${String(ownReaction.reaction_type)}: on another #site-ops message`,
      [
        react(sealId, ACTOR.id, emoji),
        unreact(String(ownReaction.message_id), ACTOR.id, String(ownReaction.reaction_type)),
      ],
    ),
  ];
  const ref = declarativeReference(
    {
      siteOps: channelNamed('site-ops'),
      omar: { table: 'users', where: { real_name: 'Omar Haddad' }, cardinality: 'one' },
      tobias: { table: 'users', where: { real_name: 'Tobias Weber' }, cardinality: 'one' },
      seal: {
        table: 'messages',
        where: {
          channel_id: { ref: 'siteOps', field: 'channel_id' },
          user_id: { ref: 'omar', field: 'user_id' },
          parent_id: null,
          message_text: { containsIgnoreCase: 'door seal' },
        },
        cardinality: 'one',
      },
      tobiasReaction: {
        table: 'message_reactions',
        where: {
          message_id: { ref: 'seal', field: 'ts' },
          user_id: { ref: 'tobias', field: 'user_id' },
        },
        cardinality: 'one',
        description: 'the emoji Tobias has on the message now',
      },
    },
    [
      {
        kind: 'created',
        name: "the actor reacted with Tobias's emoji",
        category: 'value',
        reason: 'react with the same emoji Tobias Weber used on it',
        bind: 'mine',
        table: 'message_reactions',
        where: {
          message_id: { ref: 'seal', field: 'ts' },
          user_id: ACTOR.id,
          reaction_type: { ref: 'tobiasReaction', field: 'reaction_type' },
        },
        cardinality: 'one',
      },
      {
        kind: 'count',
        name: 'no reaction added to another message',
        category: 'relation',
        reason: 'the reaction belongs on the door seal message',
        table: 'message_reactions',
        where: { message_id: { neq: { ref: 'seal', field: 'ts' } } },
        scope: 'inserted',
        expect: 0,
      },
      untouched(
        'no other reaction changed',
        ['message_reactions'],
        "everyone else's reactions stay",
        ['mine'],
      ),
      atMostOneMessage(
        'at most one reply in the thread',
        'a thank-you in the thread is fine; nothing else is posted',
        'thanks',
        { parent_id: { ref: 'seal', field: 'ts' }, user_id: ACTOR.id },
      ),
      untouched(
        'messages, members and conversations untouched',
        ['messages', 'channel_members', 'channels', 'users'],
        'a reaction changes nothing else',
        ['thanks'],
      ),
    ],
  );
  return slackTask({
    id: 'slack_14',
    family: 'slack-react-like-colleague',
    instruction:
      "React to Omar Haddad's message in #site-ops about the cold room door seal with the same emoji Tobias Weber used on it.",
    traps: ['copied-value', 'thread-or-edit', 'legal-alternative'],
    reference: ref,
    background: {
      description: "Jonas reacted to Omar's temperature log message",
      patch: [react(String(log.message_id), userId('Jonas Berg'), 'white_check_mark')],
    },
    related: {
      description: 'Tobias swapped his reaction on the door seal message for :tada:',
      change: 'value',
      patch: [unreact(sealId, tobias, sourceEmoji), react(sealId, tobias, relatedEmoji)],
    },
    source: panel(sourceEmoji),
    relatedOutcomes: [
      ...panel(relatedEmoji),
      fault(
        'yesterdays-emoji',
        'value',
        'reacted with the emoji Tobias had used before he changed it',
        [react(sealId, ACTOR.id, sourceEmoji)],
      ),
    ],
    witness: `reacting with :${sourceEmoji}: after Tobias changed his reaction to :${relatedEmoji}:`,
  });
}

// ================================================================ slack_15: archive channels by name prefix
function archiveTempChannels(): Task {
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

// ================================================================ slack_16: invite a guest whose account name is typed loosely
function inviteGuestByName(): Task {
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

// ================================================================ the twelve tasks
/** slack_5 … slack_16. */
export function peakTasks(): Task[] {
  const nightAudit = 'Night shift audit of Docks 1–8 next week';
  return [
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
    }),
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
    }),
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
    }),
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
    }),
    mentionTopicSetter({
      id: 'slack_9',
      instruction:
        "In #peak-planning, @-mention whoever last set the channel's topic and ask them to add the carrier capacity figures. A reply in a thread there is fine too.",
      target: 'peak-planning',
      askPattern: '(?i)capacity',
      askText: 'could you add the carrier capacity figures to the plan?',
      wrongAskText: 'could you add the staffing numbers for week 47?',
      relatedSetter: 'Rafael Ortiz',
      relatedTopic:
        'Week 46–52 peak: staffing, dock slots, carrier capacity · fleet plan v2 linked',
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
    }),
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
    }),
    appendToOwnReply(),
    topicFromMessage(),
    appendToTopic(),
    reactLikeColleague(),
    archiveTempChannels(),
    inviteGuestByName(),
  ];
}
