// Generates the four built-in calendar tasks (fixtures/packs/builtin/tasks/calendar_*.json)
// from the built-in seed. Every patch is what a Google Calendar call would have written:
// ids come from the seed (found by name here, never typed in), edits bump etag and
// updated_at, inserted rows carry every column of their table.
//
//   npx tsx scripts/tasks/calendar.ts

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type GeneratedFile, taskFile } from '../../src/authoring/index.js';
import type { Row } from '../../src/schema/json.js';
import type { PatchOp } from '../../src/schema/patch.js';
import { SeedSchema } from '../../src/schema/seed.js';
import type { Outcome, Task } from '../../src/schema/task.js';
import { BUILTIN_PACK, writeWhenMain } from '../lib/generator.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PACK = path.join(ROOT, 'fixtures/packs/builtin');
const seed = SeedSchema.parse(
  JSON.parse(readFileSync(path.join(PACK, 'seeds/calendar-base.json'), 'utf8')),
);
const rows = (table: string): Row[] => seed.tables[table]?.rows ?? [];
const DOMAIN = 'meridianloom.example';

function only<T>(items: T[], what: string): T {
  if (items.length !== 1) throw new Error(`expected exactly one ${what}, found ${items.length}`);
  return items[0]!;
}
const user = (name: string): Row =>
  only(
    rows('calendar_users').filter((row) => row.display_name === name),
    `user ${name}`,
  );
const calendar = (summary: string): Row =>
  only(
    rows('calendars').filter((row) => row.summary === summary),
    `calendar ${summary}`,
  );
const event = (calendarId: unknown, summary: string, date: string): Row =>
  only(
    rows('calendar_events').filter(
      (row) =>
        row.calendar_id === calendarId &&
        row.summary === summary &&
        String(row.start_datetime).startsWith(date),
    ),
    `event ${summary} on ${date}`,
  );
const guestsOf = (eventId: unknown): Row[] =>
  rows('calendar_event_attendees').filter((row) => row.event_id === eventId);

// Deterministic bookkeeping values for the rows a run writes.
let etagCounter = 0;
const newEtag = (): string => {
  etagCounter += 7919;
  return `"35${String(1_000_000_000_000 + etagCounter).padStart(14, '0')}"`;
};
const at = (minute: number): string => `2026-04-10T14:${String(minute).padStart(2, '0')}:00`;

const attendee = (
  eventId: unknown,
  email: unknown,
  response: string,
  extra: Row = {},
): PatchOp => ({
  op: 'insert',
  table: 'calendar_event_attendees',
  row: {
    event_id: eventId as string,
    email: email as string,
    response_status: response,
    display_name: null,
    optional: false,
    resource: false,
    ...extra,
  },
});
const dropGuest = (eventId: unknown, email: unknown): PatchOp => ({
  op: 'delete',
  table: 'calendar_event_attendees',
  key: { event_id: eventId as string, email: email as string },
});
const setResponse = (eventId: unknown, email: unknown, response: string): PatchOp => ({
  op: 'update',
  table: 'calendar_event_attendees',
  key: { event_id: eventId as string, email: email as string },
  set: { response_status: response },
});
/** An events.patch/update: new etag and updated_at, the given fields, sequence bumped when times or guests move. */
const editEvent = (row: Row, minute: number, set: Row, bumpSequence = false): PatchOp => ({
  op: 'update',
  table: 'calendar_events',
  key: { id: row.id as string },
  set: {
    ...set,
    ...(bumpSequence ? { sequence: Number(row.sequence ?? 0) + 1 } : {}),
    etag: newEtag(),
    updated_at: at(minute),
  },
});
/** A guest answering: their response changes and the event's etag and updated time with it. */
const respond = (row: Row, email: unknown, response: string, minute: number): PatchOp[] => [
  setResponse(row.id, email, response),
  editEvent(row, minute, {}),
];
/** A new event row: a copy of the columns of `like`, overridden. */
const newEvent = (like: Row, id: string, minute: number, set: Row): PatchOp => ({
  op: 'insert',
  table: 'calendar_events',
  row: {
    ...like,
    id,
    html_link: `https://www.google.com/calendar/event?eid=${id}`,
    ical_uid: `${id}@google.com`,
    sequence: 0,
    recurrence: null,
    recurring_event_id: null,
    original_start_time: null,
    etag: newEtag(),
    created_at: at(minute),
    updated_at: at(minute),
    ...set,
  },
});
const nyTime = (date: string, time: string): Row => ({
  dateTime: `${date}T${time}:00-04:00`,
  timeZone: 'America/New_York',
});

function outcome(
  id: string,
  role: Outcome['role'],
  description: string,
  patch: PatchOp[],
  fault?: Outcome['fault'],
): Outcome {
  return {
    id,
    role,
    label: role === 'complete' || role === 'alternative' ? 'valid' : 'invalid',
    description,
    patch,
    ...(fault ? { fault } : {}),
  };
}

const DANA = user('Dana Whitfield');
const actor = { id: String(DANA.id), name: String(DANA.display_name), email: String(DANA.email) };
const ignoreFields = ['etag', 'updated_at', 'sequence'];

// ---------------------------------------------------------------- calendar_1: invite by name
function inviteByName(): Task {
  const design = calendar('Design Team');
  const archive = calendar('Design Team (archive)');
  const review = event(design.id, 'Design review', '2026-04-14');
  const oldReview = event(archive.id, 'Design review (old)', '2026-04-14');
  const priya = user('Priya Raman');
  const otherPriya = user('Priya Natarajan');
  const marco = user('Marco Bellini');
  const newAccount = `p.raman@${DOMAIN}`;

  const invite = (email: unknown, minute: number, response = 'needsAction'): PatchOp[] => [
    editEvent(review, minute, {}),
    attendee(review.id, email, response),
  ];
  const panel = (priyaEmail: unknown): Outcome[] => [
    outcome(
      'complete',
      'complete',
      'Priya Raman added to the 14 April Design review as a new guest',
      invite(priyaEmail, 2),
    ),
    outcome(
      'with-notification',
      'alternative',
      'added with her name typed in and an update sent to guests (sequence bumped)',
      [
        editEvent(review, 3, {}, true),
        attendee(review.id, priyaEmail, 'needsAction', { display_name: 'Priya Raman' }),
      ],
    ),
    outcome(
      'other-priya',
      'fault',
      'Priya Natarajan added instead of Priya Raman',
      invite(otherPriya.email, 4),
      'identity',
    ),
    outcome(
      'archived-copy',
      'fault',
      'Priya Raman added to "Design review (old)" on the archive calendar',
      [editEvent(oldReview, 5, {}), attendee(oldReview.id, priyaEmail, 'needsAction')],
      'identity',
    ),
    outcome(
      'accepted-for-her',
      'fault',
      'added with her response already set to accepted',
      invite(priyaEmail, 6, 'accepted'),
      'value',
    ),
    outcome(
      'guest-list-replaced',
      'fault',
      'the guest list was rewritten with Priya Raman but without Marco Bellini',
      [...invite(priyaEmail, 7), dropGuest(review.id, marco.email)],
      'preservation',
    ),
  ];
  const relatedPanel = panel(newAccount);
  relatedPanel.splice(
    2,
    0,
    outcome(
      'old-account',
      'fault',
      'the former account (now "Priya Raman (old account)") invited instead of the one named Priya Raman',
      invite(priya.email, 8),
      'identity',
    ),
  );

  return {
    id: 'calendar_1',
    family: 'calendar-invite-by-name',
    service: 'calendar',
    seed: seed.name,
    actor,
    instruction:
      'Please add Priya Raman as a guest to the Design review on Tuesday, April 14 on the Design Team calendar. Leave everything else about that meeting as it is.',
    reference: {
      kind: 'declarative',
      version: 1,
      selectors: {
        designTeam: {
          table: 'calendars',
          where: { summary: 'Design Team' },
          cardinality: 'one',
          description: 'the calendar named exactly "Design Team" (not the archive)',
        },
        review: {
          table: 'calendar_events',
          where: {
            calendar_id: { ref: 'designTeam', field: 'id' },
            summary: 'Design review',
            start_datetime: { startsWith: '2026-04-14' },
          },
          cardinality: 'one',
        },
        priya: {
          table: 'calendar_users',
          where: { display_name: 'Priya Raman' },
          cardinality: 'one',
          description: 'whoever is called Priya Raman in this run',
        },
        guestsBefore: {
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'review', field: 'id' } },
          cardinality: 'some',
        },
      },
      checks: [
        {
          kind: 'created',
          name: 'Priya Raman is a new guest of the review',
          category: 'identity',
          reason: 'the instruction names Priya Raman; the current holder of that name is invited',
          bind: 'invite',
          table: 'calendar_event_attendees',
          where: {
            event_id: { ref: 'review', field: 'id' },
            email: { ref: 'priya', field: 'email' },
          },
          cardinality: 'one',
        },
        {
          kind: 'field',
          name: 'her response is left to her',
          category: 'value',
          reason: 'an organizer cannot answer for a guest; a new guest needs action',
          target: 'invite',
          field: 'response_status',
          expect: 'needsAction',
        },
        {
          kind: 'count',
          name: 'exactly one guest is added',
          category: 'set',
          reason: 'only Priya Raman was to be added',
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'review', field: 'id' } },
          scope: 'inserted',
          expect: 1,
        },
        {
          kind: 'set',
          name: 'every earlier guest is still invited',
          category: 'preservation',
          reason: 'leave everything else about the meeting as it is',
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'review', field: 'id' } },
          field: 'email',
          expect: { refs: 'guestsBefore', field: 'email' },
          mode: 'superset',
        },
        {
          kind: 'preserved',
          name: 'time, title and place of the review stay',
          category: 'preservation',
          reason: 'leave everything else about the meeting as it is',
          target: 'review',
          fields: ['start', 'end', 'summary', 'location', 'status', 'calendar_id'],
        },
        {
          kind: 'unchanged',
          name: 'no other event is edited',
          category: 'identity',
          reason: 'only the 14 April Design review on the Design Team calendar is named',
          tables: ['calendar_events'],
          except: ['review'],
          ignoreFields: [],
        },
        {
          kind: 'unchanged',
          name: 'no other guest list or response changes',
          category: 'identity',
          reason: 'only the named meeting gains a guest',
          tables: ['calendar_event_attendees'],
          except: ['invite'],
          ignoreFields: [],
        },
      ],
      ignoreFields,
    },
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background: {
        description:
          'another event is added to the Design Team calendar and Hana answers a different invite',
        patch: [
          newEvent(review, 'bgdesignofficehours0001', 1, {
            summary: 'Design system office hours',
            description: 'Drop in with component questions',
            location: null,
            start: nyTime('2026-04-16', '13:00'),
            end: nyTime('2026-04-16', '14:00'),
            start_datetime: '2026-04-16T13:00:00',
            end_datetime: '2026-04-16T14:00:00',
          }),
          attendee('bgdesignofficehours0001', review.organizer_email, 'accepted'),
          ...respond(
            event(design.id, 'Design review prep', '2026-04-13'),
            user('Marco Bellini').email,
            'declined',
            1,
          ),
        ],
      },
      related: {
        description:
          'Priya moved to a new account: the old one is renamed "Priya Raman (old account)" and p.raman@ now carries the name Priya Raman',
        change: 'binding',
        patch: [
          {
            op: 'update',
            table: 'calendar_users',
            key: { id: priya.id as string },
            set: { display_name: 'Priya Raman (old account)', updated_at: at(0) },
          },
          {
            op: 'insert',
            table: 'calendar_users',
            row: {
              id: 'user_priya_r2',
              email: newAccount,
              display_name: 'Priya Raman',
              self: false,
              created_at: at(0),
              updated_at: at(0),
            },
          },
          {
            op: 'insert',
            table: 'calendars',
            row: {
              id: newAccount,
              summary: newAccount,
              description: null,
              location: null,
              owner_id: 'user_priya_r2',
              time_zone: 'America/New_York',
              etag: newEtag(),
              created_at: at(0),
              updated_at: at(0),
            },
          },
          {
            op: 'insert',
            table: 'calendar_acl_rules',
            row: {
              id: `user:${newAccount}`,
              calendar_id: newAccount,
              role: 'owner',
              scope_type: 'user',
              scope_value: newAccount,
              etag: newEtag(),
              created_at: at(0),
              updated_at: at(0),
            },
          },
          {
            op: 'insert',
            table: 'calendar_acl_rules',
            row: {
              id: `domain:${DOMAIN}`,
              calendar_id: newAccount,
              role: 'freeBusyReader',
              scope_type: 'domain',
              scope_value: DOMAIN,
              etag: newEtag(),
              created_at: at(0),
              updated_at: at(0),
            },
          },
          {
            op: 'insert',
            table: 'calendar_list_entries',
            row: {
              id: 'cle_priya_r2_primary',
              user_id: 'user_priya_r2',
              calendar_id: newAccount,
              access_role: 'owner',
              primary: true,
              selected: true,
              hidden: false,
              deleted: false,
              color_id: '14',
              summary_override: null,
              etag: newEtag(),
              created_at: at(0),
              updated_at: at(0),
            },
          },
        ],
      },
    },
    outcomes: { source: panel(priya.email), background: panel(priya.email), related: relatedPanel },
    witness: {
      decision: 'complete',
      description: 'inviting the address that was Priya Raman in the source run',
    },
  };
}

// ---------------------------------------------------------------- calendar_2: book the same room
function sameRoom(): Task {
  const cs = calendar('Customer Success');
  const board = event(cs.id, 'Customer advisory board', '2026-04-22');
  const prep = event(cs.id, 'Customer advisory board prep', '2026-04-22');
  const dryRun = event(cs.id, 'Customer advisory board (dry run)', '2026-04-21');
  const cedar = calendar('NYC-3 Cedar (12)');
  const lounge = calendar('NYC-3 Cedar Lounge (20)');
  const berlin = calendar('BER-1 Cedar (6)');
  const boardCopy = only(
    rows('calendar_events').filter(
      (row) =>
        row.calendar_id === cedar.id &&
        row.summary === board.summary &&
        row.start_datetime === board.start_datetime,
    ),
    'room copy of the board',
  );
  const sam = user('Sam Okafor');

  const roomGuest = (room: Row, response = 'accepted'): PatchOp =>
    attendee(prep.id, room.id, response, { display_name: room.summary, resource: true });
  const roomCopy = (room: Row, id: string, minute: number): PatchOp =>
    newEvent(prep, id, minute, {
      calendar_id: room.id,
      location: room.summary,
      ical_uid: prep.ical_uid,
      description: null,
    });
  const book = (room: Row, minute: number, copyId: string, location = room.summary): PatchOp[] => [
    editEvent(prep, minute, { location }, true),
    roomGuest(room),
    roomCopy(room, copyId, minute),
  ];
  const panel = (room: Row, variant: string): Outcome[] => [
    outcome(
      'complete',
      'complete',
      `prep moved into ${room.summary}, the room booked and shown on its calendar`,
      book(room, 2, `prepbooking${variant}01`),
    ),
    outcome(
      'room-pending',
      'alternative',
      'location set and the room invited; the room has not answered yet, so no booking copy yet',
      [editEvent(prep, 3, { location: room.summary }, true), roomGuest(room, 'needsAction')],
    ),
    outcome(
      'similar-room',
      'fault',
      'booked the Berlin room of a similar name',
      book(berlin, 4, `prepbooking${variant}02`),
      'identity',
    ),
    outcome(
      'location-only',
      'fault',
      'location typed in but the room never invited, so nothing is booked',
      [editEvent(prep, 5, { location: room.summary }, true)],
      'relation',
    ),
    outcome(
      'loose-location',
      'fault',
      'the right room booked but the location written as a nickname',
      book(room, 6, `prepbooking${variant}03`, 'Cedar room, 3rd floor'),
      'value',
    ),
    outcome(
      'time-moved',
      'fault',
      'the prep was also moved to 12:30 to sit next to the board',
      [
        ...book(room, 7, `prepbooking${variant}04`),
        editEvent(
          prep,
          8,
          {
            start: nyTime('2026-04-22', '12:30'),
            end: nyTime('2026-04-22', '13:30'),
            start_datetime: '2026-04-22T12:30:00',
            end_datetime: '2026-04-22T13:30:00',
          },
          true,
        ),
      ],
      'preservation',
    ),
  ];
  const relatedPanel = panel(lounge, 'r');
  relatedPanel.splice(
    2,
    0,
    outcome(
      'previous-room',
      'fault',
      'booked Cedar (12), where the board used to be',
      book(cedar, 9, 'prepbookingr05'),
      'value',
    ),
  );

  return {
    id: 'calendar_2',
    family: 'calendar-book-same-room',
    service: 'calendar',
    seed: seed.name,
    actor,
    instruction:
      'Put the Customer advisory board prep on Wednesday, April 22 (Customer Success calendar) in the same room as the Customer advisory board session that afternoon, and add that room to the invite so it is actually booked. Keep the prep at its current time.',
    reference: {
      kind: 'declarative',
      version: 1,
      selectors: {
        cs: { table: 'calendars', where: { summary: 'Customer Success' }, cardinality: 'one' },
        board: {
          table: 'calendar_events',
          where: {
            calendar_id: { ref: 'cs', field: 'id' },
            summary: 'Customer advisory board',
            start_datetime: { startsWith: '2026-04-22' },
          },
          cardinality: 'one',
        },
        prep: {
          table: 'calendar_events',
          where: {
            calendar_id: { ref: 'cs', field: 'id' },
            summary: 'Customer advisory board prep',
            start_datetime: { startsWith: '2026-04-22' },
          },
          cardinality: 'one',
        },
        room: {
          table: 'calendars',
          where: { summary: { ref: 'board', field: 'location' } },
          cardinality: 'one',
          description: 'the room calendar named as the board session location in this run',
        },
        prepGuests: {
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'prep', field: 'id' } },
          cardinality: 'some',
        },
      },
      checks: [
        {
          kind: 'field',
          name: 'the prep is where the board session is',
          category: 'value',
          reason: 'same room as the board session, whose location is read from this run',
          target: 'prep',
          field: 'location',
          expect: { ref: 'board', field: 'location' },
        },
        {
          kind: 'created',
          name: "the board session's room is invited as a resource",
          category: 'relation',
          reason: 'a room is booked by adding its resource calendar to the invite',
          bind: 'roomGuest',
          table: 'calendar_event_attendees',
          where: {
            event_id: { ref: 'prep', field: 'id' },
            email: { ref: 'room', field: 'id' },
            resource: true,
          },
          cardinality: 'one',
        },
        {
          kind: 'count',
          name: 'only the room is added to the invite',
          category: 'set',
          reason: 'no other guests were asked for',
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'prep', field: 'id' } },
          scope: 'inserted',
          expect: 1,
        },
        {
          kind: 'set',
          name: 'the prep keeps its guests',
          category: 'preservation',
          reason: 'only the room changes',
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'prep', field: 'id' } },
          field: 'email',
          expect: { refs: 'prepGuests', field: 'email' },
          mode: 'superset',
        },
        {
          kind: 'preserved',
          name: 'the prep keeps its time and title',
          category: 'preservation',
          reason: 'keep the prep at its current time',
          target: 'prep',
          fields: ['start', 'end', 'start_datetime', 'end_datetime', 'summary', 'status'],
        },
        {
          kind: 'created',
          name: "the room's own calendar shows at most this booking",
          category: 'relation',
          reason:
            'a booking confirmed by the room appears on the room calendar, and nothing else does',
          bind: 'roomCopy',
          table: 'calendar_events',
          where: {
            calendar_id: { ref: 'room', field: 'id' },
            summary: 'Customer advisory board prep',
          },
          cardinality: { min: 0, max: 1 },
        },
        {
          kind: 'unchanged',
          name: 'no other event changes',
          category: 'identity',
          reason: 'the board session and the dry run stay as they are',
          tables: ['calendar_events'],
          except: ['prep', 'roomCopy'],
          ignoreFields: [],
        },
        {
          kind: 'unchanged',
          name: 'no other invite changes',
          category: 'identity',
          reason: 'only the prep gains its room',
          tables: ['calendar_event_attendees'],
          except: ['roomGuest'],
          ignoreFields: [],
        },
      ],
      ignoreFields,
    },
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background: {
        description: 'the dry run moves an hour later and Sam declines the board session',
        patch: [
          editEvent(
            dryRun,
            1,
            {
              start: nyTime('2026-04-21', '16:00'),
              end: nyTime('2026-04-21', '17:00'),
              start_datetime: '2026-04-21T16:00:00',
              end_datetime: '2026-04-21T17:00:00',
            },
            true,
          ),
          ...respond(board, sam.email, 'declined', 1),
        ],
      },
      related: {
        description:
          'the board session moved to the bigger NYC-3 Cedar Lounge (20): location, room guest and room booking all changed',
        change: 'value',
        patch: [
          editEvent(board, 0, { location: lounge.summary }, true),
          dropGuest(board.id, cedar.id),
          attendee(board.id, lounge.id, 'accepted', {
            display_name: lounge.summary,
            resource: true,
          }),
          { op: 'delete', table: 'calendar_events', key: { id: boardCopy.id as string } },
          newEvent(board, 'boardbookinglounge0001', 0, {
            calendar_id: lounge.id,
            location: lounge.summary,
            ical_uid: board.ical_uid,
            description: null,
          }),
        ],
      },
    },
    outcomes: { source: panel(cedar, 's'), background: panel(cedar, 's'), related: relatedPanel },
    witness: {
      decision: 'complete',
      description: 'booking the room the board used in the source run',
    },
  };
}

// ---------------------------------------------------------------- calendar_3: invite the accepted set
function acceptedSet(): Task {
  const offsite = calendar('Offsite 2026');
  const kickoff = event(offsite.id, 'Offsite 2026 kickoff', '2026-04-08');
  const walkthrough = event(offsite.id, 'Offsite logistics walkthrough', '2026-04-28');
  const draft = event(offsite.id, 'Offsite logistics walkthrough (draft)', '2026-04-27');
  const venue = event(offsite.id, 'Venue visit: Catskills lodge', '2026-04-17');
  const kofi = user('Kofi Mensah');
  const toAdd = (responses: Row[]): string[] => {
    const current = new Set(guestsOf(walkthrough.id).map((row) => row.email));
    return responses
      .filter(
        (row) =>
          row.response_status === 'accepted' && row.resource !== true && !current.has(row.email),
      )
      .map((row) => String(row.email));
  };
  const sourceAdds = toAdd(guestsOf(kickoff.id));
  // related: Marco now declines, Grace and Amara accept.
  const flips: Array<[string, string]> = [
    ['Marco Bellini', 'declined'],
    ['Grace Liu', 'accepted'],
    ['Amara Okonjo', 'accepted'],
  ];
  const relatedResponses = guestsOf(kickoff.id).map((row) => {
    const flip = flips.find(([name]) => user(name).email === row.email);
    return flip ? { ...row, response_status: flip[1] } : row;
  });
  const relatedAdds = toAdd(relatedResponses);
  const tentative = guestsOf(kickoff.id)
    .filter((row) => row.response_status === 'tentative')
    .map((row) => String(row.email));

  const add = (event: Row, list: string[], minute: number): PatchOp[] => [
    editEvent(event, minute, {}, true),
    ...list.map((email) => attendee(event.id, email, 'needsAction')),
  ];
  const panel = (adds: string[]): Outcome[] => {
    const firstBatch = adds.slice(0, 3);
    return [
      outcome(
        'complete',
        'complete',
        `the ${adds.length} accepted guests who were missing are invited`,
        add(walkthrough, adds, 2),
      ),
      outcome('two-batches', 'alternative', 'invited in two edits', [
        ...add(walkthrough, firstBatch, 3),
        ...add(walkthrough, adds.slice(3), 4),
      ]),
      outcome(
        'first-batch',
        'prefix',
        'the run after its first edit: only the first three are invited',
        add(walkthrough, firstBatch, 3),
      ),
      outcome(
        'missed-one',
        'fault',
        'one accepted guest left out',
        add(walkthrough, adds.slice(0, -1), 5),
        'set',
      ),
      outcome(
        'tentative-too',
        'fault',
        'the tentative guests invited as well',
        add(walkthrough, [...adds, ...tentative.filter((email) => !adds.includes(email))], 6),
        'set',
      ),
      outcome(
        'kofi-dropped',
        'fault',
        'the guest list rewritten without Kofi, who was already invited',
        [...add(walkthrough, adds, 7), dropGuest(walkthrough.id, kofi.email)],
        'preservation',
      ),
      outcome(
        'draft-walkthrough',
        'fault',
        'invited to the draft walkthrough of 27 April instead',
        add(draft, adds, 8),
        'identity',
      ),
    ];
  };
  const relatedPanel = panel(relatedAdds);
  relatedPanel.splice(
    3,
    0,
    outcome(
      'last-weeks-acceptors',
      'fault',
      'invited the people who had accepted before the answers changed',
      add(walkthrough, sourceAdds, 9),
      'set',
    ),
  );
  if (JSON.stringify([...sourceAdds].sort()) === JSON.stringify([...relatedAdds].sort()))
    throw new Error('related must change the set');

  return {
    id: 'calendar_3',
    family: 'calendar-invite-accepted-set',
    service: 'calendar',
    seed: seed.name,
    actor,
    instruction:
      'Everyone who accepted the Offsite 2026 kickoff should also be on the Offsite logistics walkthrough on April 28. Please invite whoever is missing, and do not remove anyone who is already invited.',
    reference: {
      kind: 'declarative',
      version: 1,
      selectors: {
        offsite: { table: 'calendars', where: { summary: 'Offsite 2026' }, cardinality: 'one' },
        kickoff: {
          table: 'calendar_events',
          where: { calendar_id: { ref: 'offsite', field: 'id' }, summary: 'Offsite 2026 kickoff' },
          cardinality: 'one',
        },
        walkthrough: {
          table: 'calendar_events',
          where: {
            calendar_id: { ref: 'offsite', field: 'id' },
            summary: 'Offsite logistics walkthrough',
            start_datetime: { startsWith: '2026-04-28' },
          },
          cardinality: 'one',
        },
        walkGuests: {
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'walkthrough', field: 'id' } },
          cardinality: 'some',
        },
        accepted: {
          table: 'calendar_event_attendees',
          where: {
            event_id: { ref: 'kickoff', field: 'id' },
            response_status: 'accepted',
            resource: false,
          },
          cardinality: 'some',
          description: 'people (not rooms) whose answer to the kickoff is accepted in this run',
        },
        missing: {
          table: 'calendar_event_attendees',
          where: {
            event_id: { ref: 'kickoff', field: 'id' },
            response_status: 'accepted',
            resource: false,
            email: { nin: { refs: 'walkGuests', field: 'email' } },
          },
          cardinality: 'some',
        },
      },
      checks: [
        {
          kind: 'set',
          name: 'every kickoff acceptor is on the walkthrough',
          category: 'set',
          reason: 'everyone who accepted the kickoff should be on the walkthrough',
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'walkthrough', field: 'id' } },
          field: 'email',
          expect: { refs: 'accepted', field: 'email' },
          mode: 'superset',
        },
        {
          kind: 'created',
          name: 'the new invites are guests of the walkthrough',
          category: 'set',
          reason: 'whoever is missing is invited',
          bind: 'added',
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'walkthrough', field: 'id' } },
          cardinality: 'some',
        },
        {
          kind: 'set',
          name: 'only missing acceptors are added',
          category: 'set',
          reason: 'declined or tentative kickoff guests are not asked for',
          table: 'calendar_event_attendees',
          where: {
            event_id: { ref: 'walkthrough', field: 'id' },
            email: { nin: { refs: 'walkGuests', field: 'email' } },
          },
          field: 'email',
          expect: { refs: 'missing', field: 'email' },
          mode: 'equal',
        },
        {
          kind: 'count',
          name: 'new guests have not answered yet',
          category: 'value',
          reason: 'an organizer cannot answer for the people invited',
          table: 'calendar_event_attendees',
          where: {
            event_id: { ref: 'walkthrough', field: 'id' },
            response_status: { neq: 'needsAction' },
          },
          scope: 'inserted',
          expect: 0,
        },
        {
          kind: 'set',
          name: 'nobody already invited is removed',
          category: 'preservation',
          reason: 'do not remove anyone who is already invited',
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'walkthrough', field: 'id' } },
          field: 'email',
          expect: { refs: 'walkGuests', field: 'email' },
          mode: 'superset',
        },
        {
          kind: 'preserved',
          name: 'the walkthrough keeps its time and title',
          category: 'preservation',
          reason: 'only the guest list changes',
          target: 'walkthrough',
          fields: ['start', 'end', 'summary', 'location', 'status'],
        },
        {
          kind: 'unchanged',
          name: 'no other event changes',
          category: 'identity',
          reason: 'the named walkthrough is the 28 April one, not the draft',
          tables: ['calendar_events'],
          except: ['walkthrough'],
          ignoreFields: [],
        },
        {
          kind: 'unchanged',
          name: 'no other guest list or answer changes',
          category: 'identity',
          reason: 'the kickoff answers are read, not written',
          tables: ['calendar_event_attendees'],
          except: ['added'],
          ignoreFields: [],
        },
      ],
      ignoreFields,
    },
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background: {
        description:
          'the venue visit moves to the afternoon and a bus-quote call is added to the offsite calendar',
        patch: [
          editEvent(
            venue,
            1,
            {
              start: nyTime('2026-04-17', '12:00'),
              end: nyTime('2026-04-17', '18:00'),
              start_datetime: '2026-04-17T12:00:00',
              end_datetime: '2026-04-17T18:00:00',
            },
            true,
          ),
          newEvent(walkthrough, 'bgbusquotecall00000001', 1, {
            summary: 'Bus quote call',
            description: 'Two coaches, Friday return',
            start: nyTime('2026-04-20', '11:00'),
            end: nyTime('2026-04-20', '11:30'),
            start_datetime: '2026-04-20T11:00:00',
            end_datetime: '2026-04-20T11:30:00',
          }),
          attendee('bgbusquotecall00000001', kofi.email, 'accepted'),
        ],
      },
      related: {
        description: 'kickoff answers changed: Marco now declines, Grace and Amara accept',
        change: 'membership',
        patch: [
          ...flips.map(([name, response]) => setResponse(kickoff.id, user(name).email, response)),
          editEvent(kickoff, 0, {}),
        ],
      },
    },
    outcomes: { source: panel(sourceAdds), background: panel(sourceAdds), related: relatedPanel },
    witness: {
      decision: 'complete',
      description: 'inviting the people who had accepted in the source run',
    },
  };
}

// ---------------------------------------------------------------- calendar_4: reschedule, keep privacy
function keepPrivacy(): Task {
  const elise = user('Elise Fontaine');
  const eliseCal = only(
    rows('calendars').filter((row) => row.id === elise.email),
    "Elise's calendar",
  );
  const call = event(eliseCal.id, 'Investor update call', '2026-04-15');
  const januaryCall = event(eliseCal.id, 'Investor update call', '2026-01-14');
  const prepCall = event(eliseCal.id, 'Investor update call (prep)', '2026-04-14');
  const board = event(eliseCal.id, 'Board meeting', '2026-05-06');
  const lena = user('Lena Kovac');

  const moveTo = (date: string, time: string, endTime: string): Row => ({
    start: nyTime(date, time),
    end: nyTime(date, endTime),
    start_datetime: `${date}T${time}:00`,
    end_datetime: `${date}T${endTime}:00`,
  });
  const friday = moveTo('2026-04-17', '10:00', '10:45');
  // events.update resends the whole resource as the agent read it.
  const fullUpdate = (row: Row, minute: number, times: Row, visibility: unknown): PatchOp =>
    editEvent(
      row,
      minute,
      {
        ...times,
        summary: row.summary,
        description: row.description,
        location: row.location,
        transparency: row.transparency,
        visibility,
      },
      true,
    );
  const panel = (visibility: unknown): Outcome[] => [
    outcome(
      'complete',
      'complete',
      'moved to Friday 17 April 10:00-10:45 with an events.update that resends the event as read',
      [fullUpdate(call, 2, friday, visibility)],
    ),
    outcome('times-only', 'alternative', 'moved with an events.patch of the start and end only', [
      editEvent(call, 3, friday, true),
    ]),
    outcome(
      'visibility-reset',
      'fault',
      'recreated from the form: privacy back to the calendar default',
      [fullUpdate(call, 4, friday, 'default')],
      'preservation',
    ),
    outcome(
      'wrong-day',
      'fault',
      'moved to Thursday 16 April',
      [fullUpdate(call, 5, moveTo('2026-04-16', '10:00', '10:45'), visibility)],
      'value',
    ),
    outcome(
      'moved-to-own-calendar',
      'fault',
      "moved to Dana's calendar (events.move) at the new time",
      [
        editEvent(
          call,
          6,
          {
            ...friday,
            calendar_id: DANA.email,
            organizer_id: DANA.id,
            organizer_email: DANA.email,
          },
          true,
        ),
      ],
      'relation',
    ),
    outcome(
      'january-call-moved',
      'fault',
      'the January investor call was moved instead',
      [fullUpdate(januaryCall, 7, friday, januaryCall.visibility)],
      'identity',
    ),
    outcome(
      'lena-dropped',
      'fault',
      'moved, but Lena fell off the guest list',
      [fullUpdate(call, 8, friday, visibility), dropGuest(call.id, lena.email)],
      'preservation',
    ),
  ];
  const relatedPanel = panel('public');
  relatedPanel.splice(
    2,
    0,
    outcome(
      'made-private-again',
      'fault',
      'moved and set back to private, as the call used to be',
      [fullUpdate(call, 9, friday, 'private')],
      'preservation',
    ),
  );

  return {
    id: 'calendar_4',
    family: 'calendar-reschedule-keep-privacy',
    service: 'calendar',
    seed: seed.name,
    actor,
    instruction:
      "Elise's Investor update call on Wednesday, April 15 has to move to Friday, April 17, 10:00 to 10:45 New York time. Keep it on her calendar with the same guests, and keep whatever privacy setting it has now.",
    reference: {
      kind: 'declarative',
      version: 1,
      selectors: {
        elise: {
          table: 'calendar_users',
          where: { display_name: 'Elise Fontaine' },
          cardinality: 'one',
        },
        eliseCal: {
          table: 'calendars',
          where: { id: { ref: 'elise', field: 'email' } },
          cardinality: 'one',
          description: "Elise's primary calendar",
        },
        call: {
          table: 'calendar_events',
          where: {
            calendar_id: { ref: 'eliseCal', field: 'id' },
            summary: 'Investor update call',
            start_datetime: { startsWith: '2026-04-15' },
          },
          cardinality: 'one',
        },
        callGuests: {
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'call', field: 'id' } },
          cardinality: 'some',
        },
      },
      checks: [
        {
          kind: 'field',
          name: 'starts Friday 17 April 10:00 New York time',
          category: 'value',
          reason: 'the instruction gives the new start',
          target: 'call',
          field: 'start.dateTime',
          expect: '2026-04-17T10:00:00-04:00',
        },
        {
          kind: 'field',
          name: 'ends 10:45 New York time',
          category: 'value',
          reason: 'the instruction gives the new end',
          target: 'call',
          field: 'end.dateTime',
          expect: '2026-04-17T10:45:00-04:00',
        },
        {
          kind: 'field',
          name: 'local start column agrees',
          category: 'value',
          reason: 'the stored local start is the same moment',
          target: 'call',
          field: 'start_datetime',
          expect: '2026-04-17T10:00:00',
        },
        {
          kind: 'field',
          name: "stays on Elise's calendar",
          category: 'relation',
          reason: 'keep it on her calendar',
          target: 'call',
          field: 'calendar_id',
          expect: { ref: 'eliseCal', field: 'id' },
        },
        {
          kind: 'preserved',
          name: 'privacy setting is the one it had',
          category: 'preservation',
          reason: 'keep whatever privacy setting it has now (read from this run)',
          target: 'call',
          fields: ['visibility'],
        },
        {
          kind: 'preserved',
          name: 'title, description and organizer stay',
          category: 'preservation',
          reason: 'only the time moves',
          target: 'call',
          fields: ['summary', 'description', 'organizer_email', 'transparency', 'status'],
        },
        {
          kind: 'set',
          name: 'same guests',
          category: 'preservation',
          reason: 'keep it with the same guests',
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'call', field: 'id' } },
          field: 'email',
          expect: { refs: 'callGuests', field: 'email' },
          mode: 'equal',
        },
        {
          kind: 'unchanged',
          name: 'no other event moves',
          category: 'identity',
          reason: 'the April call is named, not the January one or the prep',
          tables: ['calendar_events'],
          except: ['call'],
          ignoreFields: [],
        },
        {
          kind: 'unchanged',
          name: 'answers stay as they were',
          category: 'preservation',
          reason: 'guests and their answers are kept',
          tables: ['calendar_event_attendees'],
          except: [],
          ignoreFields: [],
        },
      ],
      ignoreFields,
    },
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background: {
        description: 'the prep call moves to 15:00 and Lena declines the board meeting',
        patch: [
          editEvent(prepCall, 1, moveTo('2026-04-14', '15:00', '15:30'), true),
          ...respond(board, lena.email, 'declined', 1),
        ],
      },
      related: {
        description: 'Elise made the call public to the company before the run',
        change: 'preservation',
        patch: [editEvent(call, 0, { visibility: 'public' }, true)],
      },
    },
    outcomes: {
      source: panel(call.visibility),
      background: panel(call.visibility),
      related: relatedPanel,
    },
    witness: {
      decision: 'complete',
      description: 'the source update, which rewrote visibility "private"',
    },
  };
}

/** The built-in Calendar task files. */
export function generate(): GeneratedFile[] {
  return [inviteByName(), sameRoom(), acceptedSet(), keepPrivacy()].map((task) =>
    taskFile(BUILTIN_PACK, task),
  );
}

await writeWhenMain(import.meta.url, generate);
