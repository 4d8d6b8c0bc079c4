/**
 * The calls the actors of the execution stories make on Slack, Box and Google Calendar
 * (docs/pack-format.md, "Outcomes as API calls"). Each builder reads what it needs from the
 * state the stage starts on, by name, the way an agent looks things up, and returns the
 * requests; the services' write models derive the rows, ids and stamps (`deriveCalls`).
 * Linear stages are translated from their states instead (`linear.callsBetween` of
 * agentproofbench/authoring).
 */
import {
  type ApiCall,
  box,
  calendar,
  findRow,
  findRows,
  idOf,
  type Outcome,
  type Row,
  type State,
  slack,
  type Task,
} from 'agentproofbench/authoring';

const { assignCall, taskCall } = box;
const { guestList, patchEventCall } = calendar;
const { inviteCall, kickCall, setTopicCall, updateMessageCall } = slack;

/** The calls of one stage, built on the state the stage starts on. */
export type StageCalls = (state: State, task: Task) => ApiCall[];

const text = (row: Row, column: string): string => {
  const value = row[column];
  if (typeof value !== 'string') throw new Error(`${column} is not text in ${JSON.stringify(row)}`);
  return value;
};

/** An outcome of the related panel. */
export function relatedOutcome(task: Task, id: string): Outcome {
  const found = (task.outcomes.related ?? []).find((entry) => entry.id === id);
  if (!found) throw new Error(`${task.id} has no related outcome ${id}`);
  return found;
}

/** The outcome the witness replays: the source run's decision. */
export function sourceDecision(task: Task): Outcome {
  const found = task.outcomes.source.find((entry) => entry.id === task.witness?.decision);
  if (!found) throw new Error(`${task.id} has no source decision`);
  return found;
}

/** The calls an outcome is written as (its calls must not refer to each other by index). */
export function callsOf(outcome: Outcome, what: string): ApiCall[] {
  if (!outcome.calls) throw new Error(`${what} is written without calls`);
  return outcome.calls;
}

/** One argument of a call of an outcome (e.g. the text a message was posted with). */
export function argumentOf(outcome: Outcome, index: number, name: string): string {
  const body = outcome.calls?.[index]?.body as Row | undefined;
  const value = body?.[name];
  if (typeof value !== 'string')
    throw new Error(`call ${index} of ${outcome.id} has no text argument ${name}`);
  return value;
}

/** The calls of a related outcome after its first `skip` (the rest of a run cut at a checkpoint). */
export function restOf(outcomeId: string, skip: number): StageCalls {
  return (_state, task) => {
    const calls = callsOf(relatedOutcome(task, outcomeId), `${task.id} ${outcomeId}`).slice(skip);
    if (JSON.stringify(calls).includes('{{'))
      throw new Error(`${task.id} ${outcomeId}: the rest of its calls refers to the calls cut off`);
    return calls;
  };
}

/** Calls built on the same state, one part after the other (parts that do not depend on each other). */
export function together(...parts: StageCalls[]): StageCalls {
  return (state, task) => parts.flatMap((part) => part(state, task));
}

// ---------------------------------------------------------------------------------- Slack

const slackUser = (state: State, realName: string): string =>
  text(
    findRow(state, 'users', { real_name: realName, deleted: false }, `user ${realName}`),
    'user_id',
  );
const slackChannel = (state: State, name: string): string =>
  text(findRow(state, 'channels', { channel_name: name }, `#${name}`), 'channel_id');

/** `conversations.invite`, one call per person, as the recorded runs invited. */
export function invite(channel: string, ...people: string[]): StageCalls {
  return (state) =>
    people.map((person) => inviteCall(slackChannel(state, channel), [slackUser(state, person)]));
}

/** `conversations.kick` of `gone`, then `conversations.invite` of `joining`. */
export function swapMember(channel: string, gone: string, joining: string): StageCalls {
  return (state) => [
    kickCall(slackChannel(state, channel), slackUser(state, gone)),
    inviteCall(slackChannel(state, channel), [slackUser(state, joining)]),
  ];
}

/** `conversations.setTopic` of `channel` to the topic `from` carries in this state. */
export function copyTopic(channel: string, from: string): StageCalls {
  return (state) => {
    const source = findRow(state, 'channels', { channel_name: from }, `#${from}`);
    return [setTopicCall(slackChannel(state, channel), text(source, 'topic_text'))];
  };
}

/** The actor's latest top-level message in `channel` (the welcome the story edits). */
function ownMessage(state: State, task: Task, channel: string): Row {
  const mine = findRows(
    state,
    'messages',
    (row) =>
      row.channel_id === slackChannel(state, channel) &&
      row.user_id === task.actor.id &&
      row.parent_id == null,
  ).sort((a, b) => Number(text(a, 'ts')) - Number(text(b, 'ts')));
  const latest = mine.at(-1);
  if (!latest) throw new Error(`the actor has no message in #${channel}`);
  return latest;
}

/** `chat.update` of the actor's message in `channel` to `newText`. */
export function editOwnMessage(channel: string, newText: (task: Task) => string): StageCalls {
  return (state, task) => {
    const message = ownMessage(state, task, channel);
    return [updateMessageCall(slackChannel(state, channel), text(message, 'ts'), newText(task))];
  };
}

// ------------------------------------------------------------------------------------ Box

const boxUser = (state: State, name: string): Row =>
  findRow(state, 'box_users', { name }, `Box user ${name}`);
/**
 * The active file at `path` (`Projects/<project>/<folder>/<name>`): the first folder is found
 * by name, each later part inside the one before, as an agent browses to it.
 */
function boxFile(state: State, path: string): Row {
  const [first, ...rest] = path.split('/');
  const name = rest.pop();
  if (first === undefined || name === undefined) throw new Error(`not a file path: ${path}`);
  let folder = findRow(state, 'box_folders', { name: first, item_status: 'active' }, first);
  for (const part of rest)
    folder = findRow(
      state,
      'box_folders',
      { name: part, parent_id: idOf(folder), item_status: 'active' },
      `${part} in ${path}`,
    );
  return findRow(
    state,
    'box_files',
    { name, parent_id: idOf(folder), item_status: 'active' },
    `file ${path}`,
  );
}
const boxFolder = (state: State, name: string): Row =>
  findRow(state, 'box_folders', { name, item_status: 'active' }, `folder ${name}`);

/** The task the actor created on the file at `fileName` in this run (the only one of theirs there). */
function ownTask(state: State, task: Task, fileName: string): Row {
  const file = boxFile(state, fileName);
  return findRow(
    state,
    'box_tasks',
    (row) => row.item_id === idOf(file) && row.created_by_id === task.actor.id,
    `the actor's task on ${fileName}`,
  );
}

/** `POST /task_assignments`: the actor's task on `fileName` goes to `person`. */
export function assignOwnTask(fileName: string, person: string): StageCalls {
  return (state, task) => [
    assignCall(idOf(ownTask(state, task, fileName)), boxUser(state, person)),
  ];
}

/**
 * `DELETE /tasks/{id}` of the actor's task on `fileName` (its assignments go with it), then a
 * new review task with the same message on the file `onFile` names, assigned to `person`.
 */
export function redoTask(
  fileName: string,
  onFile: (state: State, task: Task) => string,
  person: string,
): StageCalls {
  return (state, task) => {
    const old = ownTask(state, task, fileName);
    return [
      { method: 'DELETE', path: `/tasks/${idOf(old)}` },
      taskCall(onFile(state, task), { message: text(old, 'message') }),
      assignCall('{{1.id}}', boxUser(state, person)),
    ];
  };
}

/** The id of the active file at `path`. */
export const boxFileId = (state: State, path: string): string => idOf(boxFile(state, path));

/** The file a call of an outcome names (`item.id` of a task, or the `/files/{id}` it changes). */
export function fileOfCall(outcome: Outcome, index: number): string {
  const call = outcome.calls?.[index];
  const item = (call?.body as Row | undefined)?.item as Row | undefined;
  if (item && typeof item.id === 'string') return item.id;
  const match = /^\/files\/(\d+)$/.exec(call?.path ?? '');
  if (!match) throw new Error(`call ${index} of ${outcome.id} names no file`);
  return match[1]!;
}

/**
 * The request call `index` of an outcome makes, sending only the body fields `fields` (e.g. a
 * `PUT /files/{id}` that sends back only the name the outcome set).
 */
export function sameCallWith(outcomeId: string, index: number, fields: string[]): StageCalls {
  return (_state, task) => {
    const call = callsOf(relatedOutcome(task, outcomeId), `${task.id} ${outcomeId}`)[index];
    if (!call) throw new Error(`${task.id} ${outcomeId} has no call ${index}`);
    const body = (call.body ?? {}) as Row;
    return [{ ...call, body: Object.fromEntries(fields.map((field) => [field, body[field]!])) }];
  };
}

/** The hub the actor created in this run. */
function ownHub(state: State, task: Task, title: string): Row {
  return findRow(
    state,
    'box_hubs',
    (row) => row.title === title && row.created_by_id === task.actor.id,
    `the actor's hub ${title}`,
  );
}

/** `POST /hubs/{id}/manage_items`: `remove` folders leave the hub, then `add` folders join it. */
export function hubFolders(
  title: string,
  change: { add?: string[]; remove?: string[] },
): StageCalls {
  return (state, task) => {
    const hub = ownHub(state, task, title);
    const operations = [
      ...(change.remove ?? []).map((name) => ({
        action: 'remove',
        item: { type: 'folder', id: idOf(boxFolder(state, name)) },
      })),
      ...(change.add ?? []).map((name) => ({
        action: 'add',
        item: { type: 'folder', id: idOf(boxFolder(state, name)) },
      })),
    ];
    return [{ method: 'POST', path: `/hubs/${idOf(hub)}/manage_items`, body: { operations } }];
  };
}

/** `PUT /hubs/{id}` of the actor's hub with a new description. */
export function describeHub(title: string, description: (task: Task) => string): StageCalls {
  return (state, task) => [
    {
      method: 'PUT',
      path: `/hubs/${idOf(ownHub(state, task, title))}`,
      body: { description: description(task) },
    },
  ];
}

// ------------------------------------------------------------------------------- Calendar

/** An event of a calendar (by the calendar's name), by title and start date. */
function calendarEvent(state: State, calendar: string, summary: string, date: string): Row {
  const owner = findRow(state, 'calendars', { summary: calendar }, `calendar ${calendar}`);
  return findRow(
    state,
    'calendar_events',
    (row) =>
      row.calendar_id === owner.id &&
      row.summary === summary &&
      row.status !== 'cancelled' &&
      String(row.start_datetime ?? '').startsWith(date),
    `${summary} on ${date}`,
  );
}

const guestsOf = (state: State, event: Row): Row[] =>
  findRows(state, 'calendar_event_attendees', { event_id: idOf(event) });

/** Where an event is found: its calendar's name, its title and its start date. */
export interface EventAt {
  calendar: string;
  summary: string;
  date: string;
}

/** `events.patch` of an event, the body built from the event, its guests and the state. */
export function patchEvent(
  at: EventAt,
  body: (event: Row, guests: Row[], state: State) => Row,
): StageCalls {
  return (state) => {
    const event = calendarEvent(state, at.calendar, at.summary, at.date);
    return [
      patchEventCall(
        text(event, 'calendar_id'),
        idOf(event),
        body(event, guestsOf(state, event), state),
      ),
    ];
  };
}

/** A room's resource calendar as a guest of an invite. */
export function roomGuest(state: State, room: string): Row {
  const calendar = findRow(state, 'calendars', { summary: room }, `room ${room}`);
  return { email: idOf(calendar), displayName: room, resource: true };
}

/** The guest list with `emails` invited (Google writes them as needsAction). */
export const withGuests = (guests: Row[], emails: readonly string[]): Row[] =>
  guestList(guests, { add: emails.map((email) => ({ email })) });
