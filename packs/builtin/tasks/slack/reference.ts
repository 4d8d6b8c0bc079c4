// The pieces of a declarative reference that several built-in Slack tasks share: selectors by
// name, the membership checks of an add or remove request, the "append to a text" pair and
// "nothing else changed". Each builder returns the object the task would otherwise spell out,
// key for key, so the generated task files keep their key order (docs/pack-format.md).
import {
  type Category,
  type Check,
  type Selector,
  unchangedCheck,
  type Where,
} from 'agentproofbench/authoring';

/** "Nothing else changed" over the tables a task does not write (most often preservation). */
export function untouched(
  name: string,
  tables: string[],
  reason: string,
  except: string[] = [],
  category: Category = 'preservation',
): Check {
  return unchangedCheck(name, category, reason, tables, except);
}

/** The one channel of that name. */
export const channelNamed = (name: string): Selector => ({
  table: 'channels',
  where: { channel_name: name },
  cardinality: 'one',
});

/** Rows of the channel a selector bound (its members, its messages). */
export const inChannel = (channelRef: string): Where => ({
  channel_id: { ref: channelRef, field: 'channel_id' },
});

/** The members of the channel a selector bound. */
export const membersSelector = (channelRef: string, description?: string): Selector => ({
  table: 'channel_members',
  where: inChannel(channelRef),
  cardinality: 'some',
  ...(description === undefined ? {} : { description }),
});

/** The channel's members include (`superset`) or avoid (`disjoint`) the users `refs` bound. */
export function membersAgainst(
  mode: 'superset' | 'disjoint',
  channelRef: string,
  refs: string,
  name: string,
  category: Category,
  reason: string,
): Check {
  return {
    kind: 'set',
    name,
    category,
    reason,
    table: 'channel_members',
    where: inChannel(channelRef),
    field: 'user_id',
    expect: { refs, field: 'user_id' },
    mode,
  };
}

/** Nobody outside the users `refs` bound joined the channel. */
export function onlyAddedFrom(
  channelRef: string,
  refs: string,
  name: string,
  reason: string,
): Check {
  return {
    kind: 'count',
    name,
    category: 'identity',
    reason,
    table: 'channel_members',
    where: { ...inChannel(channelRef), user_id: { nin: { refs, field: 'user_id' } } },
    scope: 'inserted',
    expect: 0,
  };
}

/** No conversation but the bound channel gained (`inserted`) or lost (`deleted`) members. */
export function noOtherConversation(
  scope: 'inserted' | 'deleted',
  channelRef: string,
  reason: string,
): Check {
  return {
    kind: 'count',
    name: `no other conversation ${scope === 'inserted' ? 'gained' : 'lost'} members`,
    category: 'relation',
    reason,
    table: 'channel_members',
    where: { channel_id: { neq: { ref: channelRef, field: 'channel_id' } } },
    scope,
    expect: 0,
  };
}

/** No membership anywhere was added (`inserted`) or removed (`deleted`). */
export function noMembership(scope: 'inserted' | 'deleted', name: string, reason: string): Check {
  return {
    kind: 'count',
    name,
    category: 'preservation',
    reason,
    table: 'channel_members',
    where: {},
    scope,
    expect: 0,
  };
}

/** The courtesy message a request allows (a note, a welcome): none or one, bound for `except`. */
export function atMostOneMessage(name: string, reason: string, bind: string, where: Where): Check {
  return {
    kind: 'created',
    name,
    category: 'preservation',
    reason,
    bind,
    table: 'messages',
    where,
    cardinality: { min: 0, max: 1 },
  };
}

export interface AppendWording {
  /** Name and reason of "it still starts with its current text" (preservation). */
  keeps: [name: string, reason: string];
  /** Name and reason of "it ends with the suffix" (value). */
  ends: [name: string, reason: string];
}

/** A text field that must keep its current text and end with `suffix`. */
export function appendedTo(
  target: string,
  field: string,
  suffix: string,
  wording: AppendWording,
): Check[] {
  return [
    {
      kind: 'field',
      name: wording.keeps[0],
      category: 'preservation',
      reason: wording.keeps[1],
      target,
      field,
      expect: { startsWith: { ref: target, field } },
    },
    {
      kind: 'field',
      name: wording.ends[0],
      category: 'value',
      reason: wording.ends[1],
      target,
      field,
      expect: { endsWith: suffix },
    },
  ];
}

/** A channel edit keeps the channel's name, purpose and archive state (`label` is "#name"). */
export const keepsNameAndPurpose = (channelRef: string, label: string): Check => ({
  kind: 'preserved',
  name: `${label} keeps its name and purpose`,
  category: 'preservation',
  reason: 'only the topic was asked for',
  target: channelRef,
  fields: ['channel_name', 'purpose_text', 'is_archived'],
});

/** No conversation but the one bound as `channelRef` (`label`: "#name") was edited. */
export const noOtherChannelEdited = (
  channelRef: string,
  label: string,
  category: Category,
): Check =>
  untouched(
    'no other conversation changed',
    ['channels'],
    `only ${label} is edited`,
    [channelRef],
    category,
  );

/** A membership request changes nothing but memberships (and the courtesy message `except`). */
export const onlyMembershipsChanged = (reason: string, except: string[]): Check =>
  untouched(
    'nothing else changed',
    ['channels', 'users', 'user_teams', 'messages', 'message_reactions'],
    reason,
    except,
  );

export interface EditInPlaceReasons {
  /** Why the message keeps its channel, author, thread and ts (relation). */
  stays: string;
  /** Why no other message is posted or edited (identity). */
  onlyIt: string;
  /** Why reactions, members and conversations stay (preservation). */
  rest: string;
}

/** The message bound as `target` (also its noun: "the note stays ...") is edited in place, alone. */
export function editedInPlace(target: string, reasons: EditInPlaceReasons): Check[] {
  return [
    {
      kind: 'preserved',
      name: `the ${target} stays where it is`,
      category: 'relation',
      reason: reasons.stays,
      target,
      fields: ['channel_id', 'user_id', 'parent_id', 'ts'],
    },
    untouched(
      'no other message posted or edited',
      ['messages'],
      reasons.onlyIt,
      [target],
      'identity',
    ),
    untouched(
      'reactions, members and conversations untouched',
      ['message_reactions', 'channel_members', 'channels', 'users'],
      reasons.rest,
    ),
  ];
}

/** The user bound as `userRef` joined the channel bound as `channelRef`, once (bound as `membership`). */
export const joined = (
  channelRef: string,
  userRef: string,
  name: string,
  reason: string,
): Check => ({
  kind: 'created',
  name,
  category: 'identity',
  reason,
  bind: 'membership',
  table: 'channel_members',
  where: { ...inChannel(channelRef), user_id: { ref: userRef, field: 'user_id' } },
  cardinality: 'one',
});
