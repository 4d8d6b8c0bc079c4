// Generates fixtures/packs/builtin/seeds/calendar-base.json: the built-in Google Calendar
// seed of a fictional textile-design studio (Meridian Loom). Deterministic: a seeded
// PRNG written here and a fixed epoch, so re-running it reproduces the file byte for byte.
//
//   (packs/generate.ts runs it)

import {
  formatInZone,
  type GeneratedFile,
  type Row,
  type Seed,
  SeedSchema,
  seedFile,
  serviceTableKeys,
  wallToInstant,
} from 'agentproofbench/authoring';
import { BUILTIN_PACK } from '../../lib/generator.js';
import { seededDraws } from '../../lib/random.js';

/** The key columns of each calendar storage table. */
const CalendarTableKeys = serviceTableKeys('calendar');

const DOMAIN = 'meridianloom.example';
const NY = 'America/New_York';
const BER = 'Europe/Berlin';
const DAY_MS = 86_400_000;
/** First Monday of the seeded quarter; every date below is relative to it or literal. */
const EPOCH = Date.UTC(2026, 2, 2);

const { random, pick, between: int, sample } = seededDraws(20260302);
const ID_ALPHABET = 'abcdefghijklmnopqrstuv0123456789';
const googleId = (length = 26): string =>
  Array.from({ length }, () => pick([...ID_ALPHABET])).join('');
const hex = (length: number): string =>
  Array.from({ length }, () => pick([...'0123456789abcdef'])).join('');
const etag = (): string => `"${3_400_000_000_000_000 + Math.floor(random() * 99_999_999_999_999)}"`;

const _pad = (value: number): string => String(value).padStart(2, '0');
/** Naive timestamp `YYYY-MM-DDTHH:MM:SS` (UTC), the seed's bookkeeping format. */
const stamp = (ms: number): string => new Date(ms).toISOString().slice(0, 19);
const dateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const addDays = (date: string, days: number): string =>
  dateOf(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);

// ---------------------------------------------------------------- people
interface Person {
  key: string;
  name: string;
  email: string;
  tz: string;
  team:
    | 'ops'
    | 'design'
    | 'eng'
    | 'marketing'
    | 'people'
    | 'cs'
    | 'sales'
    | 'finance'
    | 'product'
    | 'exec'
    | 'facilities';
}
const PEOPLE: Person[] = (
  [
    ['dana', 'Dana Whitfield', 'dana.whitfield', NY, 'ops'],
    ['priya_r', 'Priya Raman', 'priya.raman', NY, 'design'],
    ['priya_n', 'Priya Natarajan', 'priya.natarajan', NY, 'eng'],
    ['marco', 'Marco Bellini', 'marco.bellini', NY, 'design'],
    ['hana', 'Hana Sato', 'hana.sato', NY, 'design'],
    ['yara', 'Yara Nasser', 'yara.nasser', BER, 'design'],
    ['bruno', 'Bruno Costa', 'bruno.costa', BER, 'design'],
    ['tobias', 'Tobias Lindqvist', 'tobias.lindqvist', NY, 'eng'],
    ['amara', 'Amara Okonjo', 'amara.okonjo', NY, 'eng'],
    ['felix', 'Felix Wagner', 'felix.wagner', BER, 'eng'],
    ['omar', 'Omar Haddad', 'omar.haddad', NY, 'eng'],
    ['wren', 'Wren Calloway', 'wren.calloway', NY, 'eng'],
    ['ines', 'Inès Moreau', 'ines.moreau', NY, 'marketing'],
    ['jonah', 'Jonah Feld', 'jonah.feld', NY, 'marketing'],
    ['ruth', 'Ruth Adeyemi', 'ruth.adeyemi', NY, 'people'],
    ['tara', 'Tara Singh', 'tara.singh', NY, 'people'],
    ['sam', 'Sam Okafor', 'sam.okafor', NY, 'cs'],
    ['mateo', 'Mateo Ruiz', 'mateo.ruiz', NY, 'cs'],
    ['maya', 'Maya Iqbal', 'maya.iqbal', NY, 'cs'],
    ['samuel', 'Samuel Ortiz', 'samuel.ortiz', NY, 'sales'],
    ['noah', 'Noah Brandt', 'noah.brandt', BER, 'sales'],
    ['lena', 'Lena Kovac', 'lena.kovac', NY, 'finance'],
    ['grace', 'Grace Liu', 'grace.liu', NY, 'product'],
    ['elise', 'Elise Fontaine', 'elise.fontaine', NY, 'exec'],
    ['kofi', 'Kofi Mensah', 'kofi.mensah', NY, 'facilities'],
  ] as const
).map(([key, name, local, tz, team]) => ({ key, name, email: `${local}@${DOMAIN}`, tz, team }));
const person = (key: string): Person => {
  const found = PEOPLE.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no person ${key}`);
  return found;
};
const inTeam = (...teams: Person['team'][]): Person[] =>
  PEOPLE.filter((candidate) => teams.includes(candidate.team));

const tables: Record<string, Row[]> = Object.fromEntries(
  Object.keys(CalendarTableKeys).map((table) => [table, []]),
);
const push = (table: string, row: Row): void => {
  tables[table]!.push(row);
};

PEOPLE.forEach((p, index) => {
  const created = EPOCH - (900 - index * 23) * DAY_MS;
  push('calendar_users', {
    id: `user_${p.key}`,
    email: p.email,
    display_name: p.name,
    self: p.key === 'dana',
    created_at: stamp(created),
    updated_at: stamp(created + 40 * DAY_MS),
  });
});

// ---------------------------------------------------------------- calendars, sharing, lists
interface CalendarSpec {
  id: string;
  summary: string;
  description: string | null;
  location: string | null;
  owner: string;
  tz: string;
  writers: string[];
  readers: string[];
  /** Role everyone at the domain gets, if any. */
  domainRole: 'freeBusyReader' | 'reader' | null;
  /** People who keep it in their calendar list (owner and writers always do). */
  subscribers: string[];
}
const calendars: CalendarSpec[] = [];

for (const p of PEOPLE) {
  calendars.push({
    id: p.email,
    summary: p.email,
    description: null,
    location: null,
    owner: p.key,
    tz: p.tz,
    writers: [],
    readers: [],
    domainRole: 'freeBusyReader',
    subscribers: [],
  });
}
// Dana runs Elise's calendar; Marco and Hana share theirs with their lead.
const primaryOf = (key: string): CalendarSpec =>
  calendars.find((calendar) => calendar.id === person(key).email)!;
primaryOf('elise').writers.push('dana');
primaryOf('marco').readers.push('priya_r');
primaryOf('hana').readers.push('priya_r');
primaryOf('dana').readers.push('elise', 'kofi');
primaryOf('lena').domainRole = null;

const groupId = (): string => `c_${hex(40)}@group.calendar.google.com`;
const team = (
  summary: string,
  description: string,
  owner: string,
  tz: string,
  writers: string[],
  readers: string[],
  domainRole: CalendarSpec['domainRole'],
  subscribers: string[] = [],
): CalendarSpec => {
  const spec: CalendarSpec = {
    id: groupId(),
    summary,
    description,
    location: null,
    owner,
    tz,
    writers,
    readers,
    domainRole,
    subscribers,
  };
  calendars.push(spec);
  return spec;
};
const keys = (people: Person[]): string[] => people.map((p) => p.key);
const designTeam = team(
  'Design Team',
  'Reviews, syncs and critiques of the design studio',
  'priya_r',
  NY,
  ['dana', ...keys(inTeam('design')).filter((k) => k !== 'priya_r')],
  ['grace'],
  'reader',
);
const designArchive = team(
  'Design Team (archive)',
  'Old design calendar, kept read-only for history',
  'priya_r',
  NY,
  [],
  [],
  'reader',
  ['dana', 'marco'],
);
const engineering = team(
  'Engineering',
  'Standups, planning and architecture reviews',
  'tobias',
  NY,
  keys(inTeam('eng')).filter((k) => k !== 'tobias'),
  ['grace', 'dana'],
  'reader',
);
const onCall = team(
  'Engineering On-call',
  'Weekly on-call rotation',
  'tobias',
  NY,
  ['amara', 'omar', 'felix', 'priya_n'],
  [],
  'reader',
  ['dana'],
);
const marketing = team(
  'Marketing',
  'Campaign planning and content reviews',
  'ines',
  NY,
  ['jonah'],
  ['grace'],
  'reader',
);
const marketingEvents = team(
  'Marketing Events',
  'Fairs, webinars and press',
  'ines',
  NY,
  ['jonah', 'dana'],
  [],
  'reader',
);
const holidays = team(
  'Company Holidays',
  'Office closures and company-wide days off',
  'dana',
  NY,
  ['ruth'],
  [],
  'reader',
  PEOPLE.map((p) => p.key),
);
const allHands = team(
  'All Hands',
  'Company meetings',
  'elise',
  NY,
  ['dana'],
  [],
  'reader',
  PEOPLE.map((p) => p.key),
);
const hiring = team(
  'Hiring',
  'Interview loops and debriefs',
  'ruth',
  NY,
  ['tara', 'dana'],
  ['tobias', 'priya_r'],
  null,
);
const hiringOld = team(
  'Hiring (old)',
  'Debriefs before the 2026 process change',
  'ruth',
  NY,
  ['tara'],
  ['dana'],
  null,
  ['dana'],
);
const customerSuccess = team(
  'Customer Success',
  'Customer calls, advisory board and renewals',
  'maya',
  NY,
  ['sam', 'mateo', 'dana'],
  ['samuel'],
  'reader',
);
const operations = team(
  'Operations',
  'Office, vendors and company logistics',
  'dana',
  NY,
  ['kofi'],
  ['elise'],
  'reader',
);
const offsite = team(
  'Offsite 2026',
  'Planning of the May company offsite in the Catskills',
  'dana',
  NY,
  ['tara', 'kofi'],
  [],
  'reader',
);
const sales = team(
  'Sales',
  'Pipeline reviews and customer QBRs',
  'samuel',
  NY,
  ['noah'],
  ['maya', 'elise'],
  null,
);
const financeClose = team(
  'Finance Close',
  'Month-end close; finance only',
  'lena',
  NY,
  [],
  ['elise'],
  null,
);

const resourceId = (): string => `c_${hex(32)}@resource.calendar.google.com`;
const ROOM_NAMES: Array<[string, string, string]> = [
  ['NYC-3 Cedar (12)', 'Third floor, east side; screen and whiteboard wall', NY],
  ['NYC-3 Cedar Lounge (20)', 'Third floor lounge; movable seating', NY],
  ['NYC-3 Birch (6)', 'Third floor, quiet side', NY],
  ['NYC-3 Birch Annex (4)', 'Small room next to Birch', NY],
  ['NYC-4 Alder (8)', 'Fourth floor; video bar', NY],
  ['NYC-4 Boardroom (16)', 'Fourth floor; book through Operations for externals', NY],
  ['NYC-4 Phone Booth 1', 'One person', NY],
  ['BER-1 Cedar (6)', 'Berlin studio, ground floor', BER],
];
const rooms = ROOM_NAMES.map(([summary, description, tz]) => {
  const spec: CalendarSpec = {
    id: resourceId(),
    summary,
    description,
    location: summary.startsWith('BER') ? 'Berlin studio' : 'New York office',
    owner: 'kofi',
    tz,
    writers: [],
    readers: [],
    domainRole: 'reader',
    subscribers: summary.startsWith('BER') ? [] : ['dana'],
  };
  calendars.push(spec);
  return spec;
});
const room = (summary: string): CalendarSpec =>
  rooms.find((candidate) => candidate.summary === summary)!;

let clock = EPOCH - 400 * DAY_MS;
const tick = (): number => {
  clock += int(1, 5) * DAY_MS + int(0, 86_000) * 1000;
  return clock;
};
for (const calendar of calendars) {
  const created = tick();
  push('calendars', {
    id: calendar.id,
    summary: calendar.summary,
    description: calendar.description,
    location: calendar.location,
    owner_id: `user_${calendar.owner}`,
    time_zone: calendar.tz,
    etag: etag(),
    created_at: stamp(created),
    updated_at: stamp(created + int(0, 60) * DAY_MS),
  });
  const rules: Array<[string, string, string]> = [['user', person(calendar.owner).email, 'owner']];
  for (const key of calendar.writers) rules.push(['user', person(key).email, 'writer']);
  for (const key of calendar.readers) rules.push(['user', person(key).email, 'reader']);
  if (calendar.domainRole) rules.push(['domain', DOMAIN, calendar.domainRole]);
  for (const [scopeType, scopeValue, role] of rules) {
    const at = created + int(0, 30) * DAY_MS;
    push('calendar_acl_rules', {
      id: `${scopeType}:${scopeValue}`,
      calendar_id: calendar.id,
      role,
      scope_type: scopeType,
      scope_value: scopeValue,
      etag: etag(),
      created_at: stamp(at),
      updated_at: stamp(at),
    });
  }
  const listed = new Set([calendar.owner, ...calendar.writers, ...calendar.subscribers]);
  for (const key of listed) {
    const role =
      key === calendar.owner
        ? 'owner'
        : calendar.writers.includes(key)
          ? 'writer'
          : calendar.readers.includes(key)
            ? 'reader'
            : (calendar.domainRole ?? 'reader');
    const at = created + int(0, 40) * DAY_MS;
    const primary = calendar.id === person(key).email;
    push('calendar_list_entries', {
      id: `cle_${key}_${tables.calendar_list_entries!.length + 1}`,
      user_id: `user_${key}`,
      calendar_id: calendar.id,
      access_role: role,
      primary,
      selected: primary || random() < 0.8,
      hidden: calendar === designArchive && key === 'dana',
      deleted: calendar === hiringOld && key === 'dana',
      color_id: String(int(1, 24)),
      summary_override: calendar === operations && key === 'kofi' ? 'Ops (Dana)' : null,
      etag: etag(),
      created_at: stamp(at),
      updated_at: stamp(at),
    });
  }
}
// Dana follows Priya Raman's and Tobias's calendars (free/busy only, through the domain rule).
for (const key of ['priya_r', 'tobias']) {
  const at = EPOCH - 30 * DAY_MS;
  push('calendar_list_entries', {
    id: `cle_dana_follow_${key}`,
    user_id: 'user_dana',
    calendar_id: person(key).email,
    access_role: 'freeBusyReader',
    primary: false,
    selected: false,
    hidden: false,
    deleted: false,
    color_id: '9',
    summary_override: null,
    etag: etag(),
    created_at: stamp(at),
    updated_at: stamp(at),
  });
}

const SETTINGS: Array<[string, string]> = [
  ['timezone', ''],
  ['locale', 'en'],
  ['weekStart', '1'],
  ['format24HourTime', 'false'],
  ['dateFieldOrder', 'MDY'],
  ['defaultEventLength', '30'],
];
for (const key of ['dana', 'elise', 'yara', 'felix']) {
  const p = person(key);
  for (const [setting, value] of SETTINGS) {
    const actual =
      setting === 'timezone'
        ? p.tz
        : setting === 'format24HourTime' && p.tz === BER
          ? 'true'
          : setting === 'dateFieldOrder' && p.tz === BER
            ? 'DMY'
            : value;
    push('calendar_settings', {
      id: tables.calendar_settings!.length + 1,
      user_id: `user_${key}`,
      setting_id: setting,
      value: actual,
      etag: etag(),
    });
  }
}
push('calendar_channels', {
  id: 'chan_ops_events',
  resource_id: `res_${hex(12)}`,
  resource_uri: `/calendars/${operations.id}/events`,
  type: 'web_hook',
  address: 'https://hooks.meridianloom.example/calendar/ops',
  expiration: 1782000000,
  token: 'ops-feed',
  params: { ttl: '86400' },
  payload: false,
  user_id: 'user_dana',
  created_at: stamp(EPOCH - 10 * DAY_MS),
});

// ---------------------------------------------------------------- events
type Response = 'accepted' | 'declined' | 'tentative' | 'needsAction';
interface Guest {
  who: string;
  response?: Response;
  optional?: boolean;
}
interface EventSpec {
  calendar: CalendarSpec;
  summary: string;
  /** `YYYY-MM-DD` and `HH:MM` local to the calendar's zone; no time: all-day. */
  date: string;
  time?: string;
  minutes?: number;
  /** All-day length in days. */
  days?: number;
  organizer?: string;
  guests?: Guest[];
  rooms?: CalendarSpec[];
  recurrence?: string[];
  description?: string;
  location?: string;
  visibility?: 'default' | 'private' | 'public';
  transparency?: 'opaque' | 'transparent';
  status?: 'confirmed' | 'tentative' | 'cancelled';
  /** Marks an exception of a series: the series id and the original local start. */
  exceptionOf?: { id: string; date: string; time?: string };
  /** People whose attendee row stores their name (as an invite typed from the directory does). */
  named?: string[];
  id?: string;
}
const RESPONSES: Response[] = [
  'accepted',
  'accepted',
  'accepted',
  'accepted',
  'tentative',
  'declined',
  'needsAction',
  'needsAction',
];

function timesOf(spec: EventSpec): {
  start: Row;
  end: Row;
  startNaive: string;
  endNaive: string;
  startMs: number;
} {
  const tz = spec.calendar.tz;
  if (!spec.time) {
    const end = addDays(spec.date, spec.days ?? 1);
    return {
      start: { date: spec.date },
      end: { date: end },
      startNaive: `${spec.date}T00:00:00`,
      endNaive: `${end}T00:00:00`,
      startMs: wallToInstant(Date.parse(`${spec.date}T00:00:00Z`), tz),
    };
  }
  const wall = Date.parse(`${spec.date}T${spec.time}:00Z`);
  const startMs = wallToInstant(wall, tz);
  const endMs = startMs + (spec.minutes ?? 30) * 60_000;
  const endWall = wall + (spec.minutes ?? 30) * 60_000;
  return {
    start: { dateTime: formatInZone(startMs, tz), timeZone: tz },
    end: { dateTime: formatInZone(endMs, tz), timeZone: tz },
    startNaive: stamp(wall),
    endNaive: stamp(endWall),
    startMs,
  };
}

function addEvent(spec: EventSpec): string {
  const organizer = person(spec.organizer ?? spec.calendar.owner);
  const times = timesOf(spec);
  const exception = spec.exceptionOf;
  const original = exception
    ? timesOf({ ...spec, date: exception.date, time: exception.time })
    : undefined;
  const id =
    spec.id ??
    (exception && original
      ? `${exception.id}_${
          original.start.date
            ? exception.date.replaceAll('-', '')
            : new Date(original.startMs)
                .toISOString()
                .replace(/[-:]/g, '')
                .replace(/\.\d{3}/, '')
        }`
      : googleId());
  const created =
    Math.min(times.startMs, EPOCH + 20 * DAY_MS) - int(3, 40) * DAY_MS - int(0, 80_000) * 1000;
  const updated = created + int(0, 6) * DAY_MS + int(0, 40_000) * 1000;
  const location =
    spec.location ??
    (spec.rooms && spec.rooms.length > 0 ? spec.rooms.map((r) => r.summary).join(', ') : null);
  push('calendar_events', {
    id,
    calendar_id: spec.calendar.id,
    ical_uid: `${exception ? exception.id : id}@google.com`,
    summary: spec.summary,
    description: spec.description ?? null,
    location,
    status: spec.status ?? 'confirmed',
    visibility: spec.visibility ?? 'default',
    transparency: spec.transparency ?? 'opaque',
    event_type: 'default',
    start: times.start,
    end: times.end,
    start_datetime: times.startNaive,
    end_datetime: times.endNaive,
    creator_id: `user_${organizer.key}`,
    organizer_id: `user_${organizer.key}`,
    creator_email: organizer.email,
    organizer_email: organizer.email,
    recurrence: spec.recurrence ?? null,
    recurring_event_id: exception ? exception.id : null,
    original_start_time: original ? original.start : null,
    sequence: exception ? 1 : int(0, 2),
    etag: etag(),
    html_link: `https://www.google.com/calendar/event?eid=${id}`,
    created_at: stamp(created),
    updated_at: stamp(updated),
  });
  if (spec.guests && spec.guests.length > 0) {
    const seen = new Set<string>();
    const guests = [{ who: organizer.key, response: 'accepted' as Response }, ...spec.guests];
    for (const guest of guests) {
      const p = person(guest.who);
      if (seen.has(p.email)) continue;
      seen.add(p.email);
      push('calendar_event_attendees', {
        event_id: id,
        email: p.email,
        response_status: guest.response ?? pick(RESPONSES),
        display_name: spec.named?.includes(p.key) ? p.name : null,
        optional: guest.optional ?? false,
        resource: false,
      });
    }
    for (const r of spec.rooms ?? [])
      push('calendar_event_attendees', {
        event_id: id,
        email: r.id,
        response_status: 'accepted',
        display_name: r.summary,
        optional: false,
        resource: true,
      });
  }
  // A booked room shows the meeting on its own calendar too (as its own copy).
  for (const r of spec.rooms ?? []) {
    if (spec.exceptionOf || spec.recurrence) continue;
    addEvent({
      calendar: r,
      summary: spec.summary,
      date: spec.date,
      time: spec.time,
      minutes: spec.minutes,
      organizer: organizer.key,
      visibility: spec.visibility,
      description: undefined,
      location: r.summary,
    });
  }
  return id;
}

const guests = (people: string[], responses: Partial<Record<string, Response>> = {}): Guest[] =>
  people.map((who) => ({ who, response: responses[who] }));
const weekday = (offset: number): string => dateOf(EPOCH + offset * DAY_MS);
const WORKDAYS = Array.from({ length: 13 * 7 }, (_, i) => i).filter((i) => i % 7 < 5);
const HOURS = [
  '09:00',
  '09:30',
  '10:00',
  '11:00',
  '11:30',
  '13:00',
  '14:00',
  '14:30',
  '15:00',
  '16:00',
];
const until = (date: string, tz: string): string =>
  `${date.replaceAll('-', '')}T${tz === NY ? '235959' : '215959'}Z`;

// Design Team: weekly sync with a moved and a cancelled instance, reviews as one-off events.
const designSync = addEvent({
  calendar: designTeam,
  summary: 'Design sync',
  date: '2026-03-02',
  time: '10:00',
  minutes: 45,
  guests: guests(['marco', 'hana', 'yara', 'bruno', 'dana']),
  rooms: [room('NYC-3 Birch (6)')],
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=13'],
});
addEvent({
  calendar: designTeam,
  summary: 'Design sync',
  date: '2026-04-07',
  time: '14:00',
  minutes: 45,
  guests: guests(['marco', 'hana', 'yara', 'bruno', 'dana']),
  location: 'NYC-3 Birch (6)',
  exceptionOf: { id: designSync, date: '2026-04-06', time: '10:00' },
  description: 'Moved: Monday is the studio move',
});
addEvent({
  calendar: designTeam,
  summary: 'Design sync',
  date: '2026-04-20',
  time: '10:00',
  minutes: 45,
  status: 'cancelled',
  exceptionOf: { id: designSync, date: '2026-04-20', time: '10:00' },
});
for (const date of [
  '2026-03-17',
  '2026-03-31',
  '2026-04-14',
  '2026-04-28',
  '2026-05-12',
  '2026-05-26',
]) {
  addEvent({
    calendar: designTeam,
    summary: 'Design review',
    date,
    time: '10:00',
    minutes: 60,
    organizer: 'hana',
    description: 'Bring work in progress; decisions go in the review log.',
    guests: guests(['marco', 'hana', 'yara', 'grace'], {
      marco: 'accepted',
      hana: 'accepted',
      yara: 'tentative',
      grace: 'needsAction',
    }),
    rooms: [room('NYC-3 Cedar (12)')],
  });
}
addEvent({
  calendar: designTeam,
  summary: 'Design review prep',
  date: '2026-04-13',
  time: '15:00',
  minutes: 30,
  guests: guests(['marco', 'hana']),
  named: ['priya_r'],
});
addEvent({
  calendar: designTeam,
  summary: 'Critique hour',
  date: '2026-03-06',
  time: '15:00',
  minutes: 60,
  guests: guests(['marco', 'hana', 'yara', 'bruno']),
  recurrence: [`RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;UNTIL=${until('2026-05-29', NY)}`],
});
addEvent({
  calendar: designTeam,
  summary: 'Pattern library cleanup',
  date: '2026-03-25',
  time: '13:00',
  minutes: 120,
  guests: guests(['hana', 'bruno']),
});
// The archive holds the copy of the old review series, including one on 14 April.
for (const date of ['2026-01-13', '2026-01-27', '2026-02-10', '2026-02-24', '2026-04-14']) {
  addEvent({
    calendar: designArchive,
    summary: 'Design review (old)',
    date,
    time: '10:00',
    minutes: 60,
    organizer: 'hana',
    description: 'Old series; see Design Team calendar',
    guests: guests(['marco', 'hana'], { marco: 'accepted', hana: 'declined' }),
  });
}
addEvent({
  calendar: designArchive,
  summary: 'Brand refresh kickoff',
  date: '2026-01-20',
  time: '14:00',
  minutes: 90,
  guests: guests(['marco', 'hana', 'ines']),
});

// Engineering: daily standup (a holiday cancelled), fortnightly planning, reviews.
const standup = addEvent({
  calendar: engineering,
  summary: 'Eng standup',
  date: '2026-03-02',
  time: '09:30',
  minutes: 15,
  guests: guests(['priya_n', 'amara', 'felix', 'omar', 'wren']),
  recurrence: [`RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;UNTIL=${until('2026-05-29', NY)}`],
});
addEvent({
  calendar: engineering,
  summary: 'Eng standup',
  date: '2026-04-03',
  time: '09:30',
  minutes: 15,
  status: 'cancelled',
  exceptionOf: { id: standup, date: '2026-04-03', time: '09:30' },
});
addEvent({
  calendar: engineering,
  summary: 'Eng standup',
  date: '2026-05-25',
  time: '09:30',
  minutes: 15,
  status: 'cancelled',
  exceptionOf: { id: standup, date: '2026-05-25', time: '09:30' },
});
addEvent({
  calendar: engineering,
  summary: 'Sprint planning',
  date: '2026-03-02',
  time: '13:00',
  minutes: 90,
  guests: guests(['priya_n', 'amara', 'felix', 'omar', 'wren', 'grace']),
  rooms: [room('NYC-4 Alder (8)')],
  recurrence: ['RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=7'],
});
for (const [date, title] of [
  ['2026-03-11', 'Architecture review: print queue'],
  ['2026-03-26', 'Architecture review: colour matching service'],
  ['2026-04-09', 'Architecture review: order sync'],
  ['2026-04-23', 'Architecture review: order sync (follow-up)'],
  ['2026-05-14', 'Architecture review: search'],
] as const) {
  addEvent({
    calendar: engineering,
    summary: title,
    date,
    time: '15:00',
    minutes: 60,
    guests: guests(sample(['priya_n', 'amara', 'felix', 'omar', 'wren'], 4)),
    rooms: [room('NYC-4 Alder (8)')],
  });
}
addEvent({
  calendar: engineering,
  summary: 'Incident retro: checkout outage',
  date: '2026-03-19',
  time: '11:00',
  minutes: 60,
  guests: guests(['amara', 'omar', 'priya_n', 'maya']),
});
addEvent({
  calendar: engineering,
  summary: 'Incident retro: checkout outage (draft notes)',
  date: '2026-03-18',
  time: '16:00',
  minutes: 30,
  guests: guests(['amara']),
});
const rota = ['amara', 'omar', 'felix', 'priya_n'];
for (let week = 0; week < 13; week += 1) {
  addEvent({
    calendar: onCall,
    summary: `On-call: ${person(rota[week % rota.length]!).name}`,
    date: weekday(week * 7),
    days: 7,
    organizer: 'tobias',
    transparency: 'transparent',
  });
}

// Marketing.
addEvent({
  calendar: marketing,
  summary: 'Content calendar review',
  date: '2026-03-04',
  time: '11:00',
  minutes: 45,
  guests: guests(['jonah', 'grace']),
  recurrence: [`RRULE:FREQ=WEEKLY;BYDAY=WE;UNTIL=${until('2026-05-27', NY)}`],
});
for (const [date, title] of [
  ['2026-03-12', 'Launch readiness: Spring collection'],
  ['2026-04-02', 'Launch readiness: Spring collection (go/no-go)'],
  ['2026-04-16', 'Newsletter retro'],
  ['2026-05-06', 'Summer campaign brief'],
] as const) {
  addEvent({
    calendar: marketing,
    summary: title,
    date,
    time: '14:00',
    minutes: 60,
    guests: guests(sample(['jonah', 'grace', 'dana', 'marco', 'samuel'], 3)),
  });
}
addEvent({
  calendar: marketingEvents,
  summary: 'Spring Textile Fair (booth)',
  date: '2026-04-15',
  days: 3,
  location: 'Javits Center, Hall 1B',
  transparency: 'transparent',
});
addEvent({
  calendar: marketingEvents,
  summary: 'Spring Textile Fair: booth build',
  date: '2026-04-14',
  time: '16:00',
  minutes: 180,
  location: 'Javits Center, Hall 1B',
  guests: guests(['jonah', 'kofi', 'dana']),
});
addEvent({
  calendar: marketingEvents,
  summary: 'Webinar: low-water dyeing',
  date: '2026-05-07',
  time: '12:00',
  minutes: 60,
  guests: guests(['ines', 'jonah', 'hana']),
});
addEvent({
  calendar: marketingEvents,
  summary: 'Press preview',
  date: '2026-03-24',
  time: '18:00',
  minutes: 120,
  guests: guests(['ines', 'elise', 'marco']),
  rooms: [room('NYC-3 Cedar Lounge (20)')],
});

// Company-wide.
for (const [date, title, days] of [
  ['2026-04-03', 'Good Friday (office closed)', 1],
  ['2026-04-24', 'Company wellness day', 1],
  ['2026-05-25', 'Memorial Day (office closed)', 1],
  ['2026-05-18', 'Offsite week', 3],
] as const) {
  addEvent({ calendar: holidays, summary: title, date, days, transparency: 'transparent' });
}
const allHandsSeries = addEvent({
  calendar: allHands,
  summary: 'All hands',
  date: '2026-03-05',
  time: '16:00',
  minutes: 60,
  organizer: 'elise',
  guests: PEOPLE.filter((p) => p.key !== 'elise').map((p) => ({ who: p.key })),
  rooms: [room('NYC-3 Cedar Lounge (20)')],
  recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=1TH;COUNT=3'],
});
addEvent({
  calendar: allHands,
  summary: 'All hands (Q1 results)',
  date: '2026-04-09',
  time: '16:00',
  minutes: 75,
  organizer: 'elise',
  location: 'NYC-3 Cedar Lounge (20)',
  exceptionOf: { id: allHandsSeries, date: '2026-04-02', time: '16:00' },
});
addEvent({
  calendar: allHands,
  summary: 'All hands: Q&A prep',
  date: '2026-04-08',
  time: '11:00',
  minutes: 30,
  organizer: 'elise',
  guests: guests(['dana', 'ruth']),
});

// Hiring.
const roles = [
  'Senior textile designer',
  'Backend engineer',
  'Customer success manager',
  'Production planner',
];
for (let index = 0; index < 8; index += 1) {
  const role = roles[index % roles.length]!;
  const date = weekday(pick(WORKDAYS.filter((offset) => offset >= 7 && offset < 84)));
  addEvent({
    calendar: hiring,
    summary: `Interview loop: ${role}`,
    date,
    time: pick(['10:00', '13:00']),
    minutes: 180,
    organizer: pick(['ruth', 'tara']),
    guests: guests(sample(['tobias', 'priya_r', 'amara', 'maya', 'marco', 'lena'], 3)),
    rooms: [pick([room('NYC-3 Birch (6)'), room('NYC-3 Birch Annex (4)')])],
  });
  addEvent({
    calendar: hiring,
    summary: 'Candidate debrief',
    date,
    time: '16:30',
    minutes: 30,
    organizer: pick(['ruth', 'tara']),
    description: `Debrief for the ${role.toLowerCase()} loop`,
    guests: guests(sample(['tobias', 'priya_r', 'amara', 'maya', 'marco'], 3)),
  });
}
addEvent({
  calendar: hiring,
  summary: 'Hiring sync',
  date: '2026-03-05',
  time: '09:00',
  minutes: 30,
  organizer: 'ruth',
  guests: guests(['tara', 'dana']),
  recurrence: [
    `RRULE:FREQ=WEEKLY;BYDAY=TH;UNTIL=${until('2026-05-28', NY)}`,
    'EXDATE;TZID=America/New_York:20260409T090000',
  ],
});
for (const date of ['2026-01-15', '2026-01-29', '2026-02-12', '2026-02-26']) {
  addEvent({
    calendar: hiringOld,
    summary: 'Candidate debrief',
    date,
    time: '16:30',
    minutes: 30,
    organizer: 'ruth',
    guests: guests(['tobias', 'tara']),
  });
}

// Customer Success: the advisory board, its prep, and near-duplicates.
addEvent({
  calendar: customerSuccess,
  summary: 'CS weekly',
  date: '2026-03-03',
  time: '11:00',
  minutes: 45,
  organizer: 'maya',
  guests: guests(['sam', 'mateo', 'dana']),
  recurrence: [`RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=${until('2026-05-26', NY)}`],
});
addEvent({
  calendar: customerSuccess,
  summary: 'Customer advisory board',
  date: '2026-04-22',
  time: '14:00',
  minutes: 150,
  organizer: 'maya',
  description: 'Six customers on the roadmap; lunch is served before.',
  guests: guests(['sam', 'mateo', 'grace', 'elise', 'samuel'], {
    elise: 'accepted',
    grace: 'accepted',
  }),
  rooms: [room('NYC-3 Cedar (12)')],
});
addEvent({
  calendar: customerSuccess,
  summary: 'Customer advisory board (dry run)',
  date: '2026-04-21',
  time: '15:00',
  minutes: 60,
  organizer: 'maya',
  guests: guests(['sam', 'mateo', 'grace']),
  rooms: [room('NYC-4 Alder (8)')],
});
addEvent({
  calendar: customerSuccess,
  summary: 'Customer advisory board prep',
  date: '2026-04-22',
  time: '10:00',
  minutes: 60,
  organizer: 'maya',
  description: 'Run of show, seating, name cards.',
  location: 'TBD',
  guests: guests(['sam', 'mateo', 'dana'], {
    sam: 'accepted',
    mateo: 'tentative',
    dana: 'accepted',
  }),
});
addEvent({
  calendar: customerSuccess,
  summary: 'Customer advisory board prep',
  date: '2025-10-14',
  time: '10:00',
  minutes: 60,
  organizer: 'maya',
  description: 'Autumn board (done).',
  location: 'NYC-4 Alder (8)',
  guests: guests(['sam', 'mateo']),
});
for (let index = 0; index < 10; index += 1) {
  const customer = pick([
    'Halvorsen Textiles',
    'Kite & Kettle',
    'Ostara Home',
    'Bramblewood Hotels',
    'Northlight Interiors',
  ]);
  addEvent({
    calendar: customerSuccess,
    summary: `Renewal call: ${customer}`,
    date: weekday(pick(WORKDAYS)),
    time: pick(HOURS),
    minutes: 30,
    organizer: pick(['sam', 'mateo', 'maya']),
    guests: guests(sample(['sam', 'mateo', 'maya', 'samuel'], 2)),
  });
}

// Operations and the offsite.
addEvent({
  calendar: operations,
  summary: 'Ops sync',
  date: '2026-03-05',
  time: '11:00',
  minutes: 30,
  guests: guests(['kofi', 'lena']),
  recurrence: [`RRULE:FREQ=WEEKLY;BYDAY=TH;UNTIL=${until('2026-05-28', NY)}`],
});
addEvent({
  calendar: operations,
  summary: 'Vendor onboarding: Loomworks',
  date: '2026-04-16',
  time: '14:00',
  minutes: 45,
  guests: guests(['kofi', 'lena']),
});
addEvent({
  calendar: operations,
  summary: 'Fire drill',
  date: '2026-03-27',
  time: '10:30',
  minutes: 30,
  transparency: 'transparent',
});
addEvent({
  calendar: operations,
  summary: 'Studio move (3rd floor)',
  date: '2026-04-06',
  days: 1,
  description: 'Movers from 8:00 to 16:00; pack your desk into the labelled crates on Friday.',
  location: 'New York office, 3rd floor',
  transparency: 'transparent',
});
addEvent({
  calendar: operations,
  summary: 'Badge audit',
  date: '2026-05-05',
  time: '15:00',
  minutes: 60,
  guests: guests(['kofi']),
});
const offsiteGuests = [
  'priya_r',
  'tobias',
  'ines',
  'ruth',
  'maya',
  'samuel',
  'lena',
  'grace',
  'marco',
  'amara',
  'kofi',
  'tara',
];
addEvent({
  calendar: offsite,
  summary: 'Offsite 2026 kickoff',
  date: '2026-04-08',
  time: '13:00',
  minutes: 45,
  description: 'Dates, budget, who plans what',
  guests: guests(offsiteGuests, {
    priya_r: 'accepted',
    tobias: 'declined',
    ines: 'accepted',
    ruth: 'accepted',
    maya: 'tentative',
    samuel: 'declined',
    lena: 'accepted',
    grace: 'needsAction',
    marco: 'accepted',
    amara: 'tentative',
    kofi: 'accepted',
    tara: 'accepted',
  }),
  rooms: [room('NYC-3 Cedar (12)')],
});
addEvent({
  calendar: offsite,
  summary: 'Offsite logistics walkthrough',
  date: '2026-04-28',
  time: '15:00',
  minutes: 60,
  description: 'Rooms, buses, dietary list',
  guests: guests(['kofi', 'tara'], { kofi: 'accepted', tara: 'accepted' }),
});
addEvent({
  calendar: offsite,
  summary: 'Offsite logistics walkthrough (draft)',
  date: '2026-04-27',
  time: '15:00',
  minutes: 60,
  guests: guests(['kofi'], { kofi: 'needsAction' }),
});
addEvent({
  calendar: offsite,
  summary: 'Venue visit: Catskills lodge',
  date: '2026-04-17',
  time: '08:00',
  minutes: 480,
  guests: guests(['kofi', 'tara']),
  location: 'Phoenicia, NY',
});
addEvent({
  calendar: offsite,
  summary: 'Offsite',
  date: '2026-05-18',
  days: 3,
  location: 'Phoenicia, NY',
});

// Sales and finance.
for (const [date, customer] of [
  ['2026-03-10', 'Halvorsen Textiles'],
  ['2026-04-07', 'Ostara Home'],
  ['2026-04-30', 'Halvorsen Textiles'],
  ['2026-05-13', 'Bramblewood Hotels'],
] as const) {
  addEvent({
    calendar: sales,
    summary: `Quarterly business review: ${customer}`,
    date,
    time: '10:00',
    minutes: 90,
    guests: guests(['noah', 'maya', 'elise']),
    rooms: [room('NYC-4 Boardroom (16)')],
  });
}
addEvent({
  calendar: sales,
  summary: 'Pipeline review',
  date: '2026-03-02',
  time: '16:00',
  minutes: 45,
  guests: guests(['noah']),
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=13'],
});
addEvent({
  calendar: financeClose,
  summary: 'Month-end close',
  date: '2026-03-30',
  time: '09:00',
  minutes: 240,
  guests: guests(['elise']),
  recurrence: ['RRULE:FREQ=MONTHLY;BYMONTHDAY=-2;COUNT=3'],
});
addEvent({
  calendar: financeClose,
  summary: 'Audit prep (confidential)',
  date: '2026-04-20',
  time: '13:00',
  minutes: 120,
  visibility: 'private',
});

// Elise's calendar, run by Dana.
const eliseCal = primaryOf('elise');
addEvent({
  calendar: eliseCal,
  summary: 'Investor update call',
  date: '2026-04-15',
  time: '10:00',
  minutes: 45,
  organizer: 'elise',
  visibility: 'private',
  description: 'Quarterly update with the seed investors; numbers from Lena.',
  guests: guests(['lena', 'dana'], { lena: 'accepted', dana: 'accepted' }),
});
addEvent({
  calendar: eliseCal,
  summary: 'Investor update call (prep)',
  date: '2026-04-14',
  time: '16:00',
  minutes: 30,
  organizer: 'elise',
  visibility: 'private',
  guests: guests(['lena'], { lena: 'accepted' }),
});
addEvent({
  calendar: eliseCal,
  summary: 'Investor update call',
  date: '2026-01-14',
  time: '10:00',
  minutes: 45,
  organizer: 'elise',
  visibility: 'private',
  guests: guests(['lena'], { lena: 'accepted' }),
});
addEvent({
  calendar: eliseCal,
  summary: 'Board meeting',
  date: '2026-05-06',
  time: '09:00',
  minutes: 180,
  organizer: 'elise',
  visibility: 'private',
  rooms: [room('NYC-4 Boardroom (16)')],
  guests: guests(['lena', 'dana']),
});
addEvent({
  calendar: eliseCal,
  summary: 'Leadership sync',
  date: '2026-03-02',
  time: '09:00',
  minutes: 45,
  organizer: 'elise',
  guests: guests(['tobias', 'priya_r', 'ines', 'maya', 'samuel', 'dana']),
  recurrence: [`RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=${until('2026-05-25', NY)}`],
});

// Personal calendars: one-on-ones, focus blocks, appointments, time off.
const MANAGER: Record<string, string> = {
  marco: 'priya_r',
  hana: 'priya_r',
  yara: 'priya_r',
  bruno: 'priya_r',
  amara: 'tobias',
  felix: 'tobias',
  omar: 'tobias',
  wren: 'tobias',
  priya_n: 'tobias',
  jonah: 'ines',
  tara: 'ruth',
  sam: 'maya',
  mateo: 'maya',
  noah: 'samuel',
  kofi: 'dana',
  priya_r: 'elise',
  tobias: 'elise',
  ines: 'elise',
  maya: 'elise',
  samuel: 'elise',
  dana: 'elise',
  lena: 'elise',
  ruth: 'elise',
  grace: 'elise',
};
for (const p of PEOPLE) {
  const cal = primaryOf(p.key);
  const manager = MANAGER[p.key];
  if (manager) {
    const first = weekday(pick([0, 1, 2, 3, 4]));
    addEvent({
      calendar: cal,
      summary: `${p.name.split(' ')[0]} / ${person(manager).name.split(' ')[0]} 1:1`,
      date: first,
      time: pick(HOURS),
      minutes: 30,
      organizer: p.key,
      guests: guests([manager], { [manager]: 'accepted' }),
      recurrence: [`RRULE:FREQ=WEEKLY;INTERVAL=${pick([1, 2])};UNTIL=${until('2026-05-29', p.tz)}`],
    });
  }
  if (random() < 0.6) {
    addEvent({
      calendar: cal,
      summary: 'Focus time',
      date: weekday(pick([1, 3])),
      time: '13:00',
      minutes: 120,
      organizer: p.key,
      transparency: 'transparent',
      recurrence: [`RRULE:FREQ=WEEKLY;BYDAY=TU,TH;COUNT=${int(8, 20)}`],
    });
  }
  for (let index = 0; index < int(3, 6); index += 1) {
    const kind = pick([
      'Dentist',
      'Doctor appointment',
      'Lunch with',
      'Coffee with',
      'School pickup',
      'Coworking day',
    ]);
    const other = pick(PEOPLE.filter((candidate) => candidate.key !== p.key));
    const summary =
      kind === 'Lunch with' || kind === 'Coffee with'
        ? `${kind} ${other.name.split(' ')[0]}`
        : kind;
    const privateOne = kind === 'Dentist' || kind === 'Doctor appointment';
    addEvent({
      calendar: cal,
      summary,
      date: weekday(pick(WORKDAYS)),
      time: kind === 'Lunch with' ? '12:30' : pick(HOURS),
      minutes: kind === 'Coworking day' ? 240 : 60,
      organizer: p.key,
      visibility: privateOne ? 'private' : 'default',
      guests: kind === 'Lunch with' || kind === 'Coffee with' ? guests([other.key]) : undefined,
    });
  }
  if (random() < 0.55) {
    const start = weekday(pick(WORKDAYS));
    addEvent({
      calendar: cal,
      summary: pick(['Out of office', 'Vacation', 'OOO: family visit']),
      date: start,
      days: int(1, 5),
      organizer: p.key,
      transparency: 'transparent',
    });
  }
}
// A cancelled one-off and a tentative hold, for showDeleted and status filters.
addEvent({
  calendar: primaryOf('dana'),
  summary: 'Lease renewal call',
  date: '2026-03-18',
  time: '15:00',
  minutes: 30,
  status: 'cancelled',
  guests: guests(['kofi', 'lena']),
});
addEvent({
  calendar: primaryOf('dana'),
  summary: 'Hold: offsite venue decision',
  date: '2026-04-10',
  time: '16:00',
  minutes: 30,
  status: 'tentative',
});
addEvent({
  calendar: primaryOf('priya_n'),
  summary: 'Priya / Tobias: promo packet',
  date: '2026-04-14',
  time: '11:00',
  minutes: 30,
  organizer: 'priya_n',
  guests: guests(['tobias']),
});

// Room calendars also carry bookings made directly on them.
for (const r of rooms) {
  for (let index = 0; index < 3; index += 1) {
    addEvent({
      calendar: r,
      summary: pick([
        'Held for interviews',
        'Vendor demo',
        'Workshop',
        'Cleaning',
        'Client visit',
        'Reserved',
      ]),
      date: weekday(pick(WORKDAYS)),
      time: pick(HOURS),
      minutes: pick([30, 60, 90]),
      organizer: pick(['kofi', 'dana', 'ruth', 'maya']),
    });
  }
}

// ---------------------------------------------------------------- desk bookings
// Added after everything above, with a PRNG of its own, so the rows above keep their values.
// Nine all-day desk bookings a workday: more events than one page of events.list (250).
const { random: deskRandom, pick: deskPick } = seededDraws(20260420);
const deskHex = (length: number): string =>
  Array.from({ length }, () => deskPick([...'0123456789abcdef'])).join('');
const deskEtag = (): string =>
  `"${3_400_000_000_000_000 + Math.floor(deskRandom() * 99_999_999_999_999)}"`;
const desks = {
  id: `c_${deskHex(40)}@group.calendar.google.com`,
  summary: 'Studio desks',
  description: 'Hot-desk bookings for the New York studio, one all-day event per desk and day',
};
const desksCreated = EPOCH - 120 * DAY_MS;
push('calendars', {
  id: desks.id,
  summary: desks.summary,
  description: desks.description,
  location: 'New York office',
  owner_id: 'user_dana',
  time_zone: NY,
  etag: deskEtag(),
  created_at: stamp(desksCreated),
  updated_at: stamp(desksCreated),
});
for (const [scopeType, scopeValue, role] of [
  ['user', person('dana').email, 'owner'],
  ['user', person('kofi').email, 'writer'],
  ['domain', DOMAIN, 'reader'],
] as const)
  push('calendar_acl_rules', {
    id: `${scopeType}:${scopeValue}`,
    calendar_id: desks.id,
    role,
    scope_type: scopeType,
    scope_value: scopeValue,
    etag: deskEtag(),
    created_at: stamp(desksCreated),
    updated_at: stamp(desksCreated),
  });
for (const [key, role] of [
  ['dana', 'owner'],
  ['kofi', 'writer'],
] as const)
  push('calendar_list_entries', {
    id: `cle_${key}_desks`,
    user_id: `user_${key}`,
    calendar_id: desks.id,
    access_role: role,
    primary: false,
    selected: true,
    hidden: false,
    deleted: false,
    color_id: '7',
    summary_override: null,
    etag: deskEtag(),
    created_at: stamp(desksCreated),
    updated_at: stamp(desksCreated),
  });
const DESK_REGULARS: Record<string, number[]> = {
  // weekday index (0 = Monday) on which each regular books a desk
  wren: [0, 2, 4],
  omar: [1, 3],
};
const DESK_POOL = PEOPLE.filter(
  (p) => p.tz === NY && !['dana', 'elise', 'wren', 'omar'].includes(p.key),
);
/** Bookings already cancelled before any task runs (the person changed plans). */
const DESK_CANCELLED = new Set(['wren:2026-05-06', 'wren:2026-03-13', 'omar:2026-05-12']);
for (const offset of WORKDAYS) {
  const date = weekday(offset);
  const regulars = Object.entries(DESK_REGULARS)
    .filter(([, days]) => days.includes(offset % 7))
    .map(([key]) => key);
  const pool = [...DESK_POOL];
  const others: string[] = [];
  while (regulars.length + others.length < 9)
    others.push(pool.splice(Math.floor(deskRandom() * pool.length), 1)[0]!.key);
  [...regulars, ...others].forEach((key, index) => {
    const p = person(key);
    const id = deskHex(26).replace(/[w-z]/g, 'a');
    const created = Date.parse(`${date}T00:00:00Z`) - (5 + index) * DAY_MS;
    push('calendar_events', {
      id,
      calendar_id: desks.id,
      ical_uid: `${id}@google.com`,
      summary: `Desk 3F-${String(index * 2 + 1).padStart(2, '0')}: ${p.name}`,
      description: null,
      location: 'New York office, 3rd floor',
      status: DESK_CANCELLED.has(`${key}:${date}`) ? 'cancelled' : 'confirmed',
      visibility: 'default',
      transparency: 'transparent',
      event_type: 'default',
      start: { date },
      end: { date: addDays(date, 1) },
      start_datetime: `${date}T00:00:00`,
      end_datetime: `${addDays(date, 1)}T00:00:00`,
      creator_id: 'user_dana',
      organizer_id: 'user_dana',
      creator_email: person('dana').email,
      organizer_email: person('dana').email,
      recurrence: null,
      recurring_event_id: null,
      original_start_time: null,
      sequence: 0,
      etag: deskEtag(),
      html_link: `https://www.google.com/calendar/event?eid=${id}`,
      created_at: stamp(created),
      updated_at: stamp(created),
    });
  });
}

const seed: Seed = SeedSchema.parse({
  name: 'calendar-base',
  service: 'calendar',
  description:
    'Meridian Loom, a textile-design studio (New York and Berlin), March–May 2026: 25 people, team, personal and room calendars with sharing rules, recurring series with exceptions, all-day and cancelled events, guests with responses, and a desk-booking calendar with more events than one page of events.list. Actor for the built-in tasks: Dana Whitfield (operations).',
  tables: Object.fromEntries(
    Object.entries(CalendarTableKeys).map(([table, key]) => [
      table,
      { key: [...key], rows: tables[table] ?? [] },
    ]),
  ),
});
/** The built-in Calendar seed file. */
export function generate(): GeneratedFile[] {
  return [seedFile(BUILTIN_PACK, 'calendar-base', seed)];
}
