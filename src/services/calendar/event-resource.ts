import type { Row } from '../../schema/json.js';
import type { State } from '../../state/state.js';
import { deepFreeze } from '../deep-freeze.js';
import { memoEntry } from '../memo-entry.js';
import { type AccessRole, roleRank } from './access.js';
import type { CalendarContext } from './context.js';
import type { EventTime } from './event-timing.js';
import { attendeesOfEvent } from './indexes.js';
import type { Occurrence } from './occurrences.js';
import { flag, numberOf, rowTimestamp, stringList, text } from './row-fields.js';
import { formatInZone, parseRfc3339 } from './time-zones.js';

/** The attendee rows of an occurrence: an exception's own guests, else its series'. */
export function attendeeRows(ctx: CalendarContext, occurrence: Occurrence): readonly Row[] {
  for (const eventId of occurrence.attendeeSources) {
    const rows = attendeesOfEvent(ctx.state, eventId);
    if (rows.length > 0) return rows;
  }
  return [];
}

function person(
  ctx: CalendarContext,
  email: string | undefined,
  name?: string,
): Record<string, unknown> | undefined {
  if (!email) return undefined;
  const displayName = name ?? ctx.displayNameOf(email);
  return {
    email,
    ...(displayName ? { displayName } : {}),
    ...(email.toLowerCase() === ctx.access.actorEmail ? { self: true } : {}),
  };
}

/**
 * Whether the actor sees only free/busy times of this occurrence: on a calendar shared
 * for free/busy, or a private event on a calendar they only read.
 */
export function detailsHidden(role: AccessRole, row: Row): boolean {
  if (roleRank(role) < roleRank('reader')) return true;
  return text(row, 'visibility') === 'private' && roleRank(role) < roleRank('writer');
}

// A resource depends on its occurrence, on three tables of the state (the guests, the users'
// display names, the organizer's calendar) and on the viewer (their address, their role on
// the calendar). A state's rows of a table it did not change are the seed's own array, the
// same for every such state, and a changed table's rows are an array of that state alone;
// so resources are kept per those three arrays, viewer and occurrence. A case whose
// after-state moved one event re-formats that event only; a state served again (another
// case, another program) formats nothing. Stored occurrences are shared between states
// (occurrences.ts), which is why the memo is not kept with the occurrence alone.
const READ_TABLES = ['calendar_event_attendees', 'calendar_users', 'calendars'] as const;
const MISSING_TABLE: readonly Row[] = Object.freeze([]);
const RESOURCE_SCOPE = Symbol('calendar event resources of these guests, users and calendars');

type ResourcesByViewer = Map<string, WeakMap<Occurrence, Readonly<Record<string, unknown>>>>;
const scopes = new WeakMap<
  readonly Row[],
  WeakMap<readonly Row[], WeakMap<readonly Row[], ResourcesByViewer>>
>();

function scopeOf(state: State): ResourcesByViewer {
  return state.derived(RESOURCE_SCOPE, (of) => {
    const [guests, users, calendars] = READ_TABLES.map((table) =>
      of.hasTable(table) ? of.rows(table) : MISSING_TABLE,
    ) as [readonly Row[], readonly Row[], readonly Row[]];
    const byUsers = memoEntry(scopes, guests, () => new WeakMap());
    const byCalendars = memoEntry(byUsers, users, () => new WeakMap());
    return memoEntry(byCalendars, calendars, () => new Map());
  });
}

function resourcesFor(
  ctx: CalendarContext,
  role: AccessRole,
): WeakMap<Occurrence, Readonly<Record<string, unknown>>> {
  const byViewer = scopeOf(ctx.state);
  const viewer = `${role}\u0000${ctx.access.actorEmail ?? ''}`;
  let resources = byViewer.get(viewer);
  if (!resources) {
    resources = new WeakMap();
    byViewer.set(viewer, resources);
  }
  return resources;
}

/** An occurrence in Google's `calendar#event` shape (absent fields omitted, as on the wire); frozen, shared. */
export function eventResource(
  ctx: CalendarContext,
  occurrence: Occurrence,
  role: AccessRole,
): Readonly<Record<string, unknown>> {
  const resources = resourcesFor(ctx, role);
  let resource = resources.get(occurrence);
  if (!resource) {
    resource = deepFreeze(buildEventResource(ctx, occurrence, role));
    resources.set(occurrence, resource);
  }
  return resource;
}

function buildEventResource(
  ctx: CalendarContext,
  occurrence: Occurrence,
  role: AccessRole,
): Record<string, unknown> {
  const { row } = occurrence;
  const master = occurrence.recurringEventId !== undefined;
  const computed = master && occurrence.row.id !== occurrence.id;
  const base: Record<string, unknown> = {
    kind: 'calendar#event',
    etag: computed
      ? `"${text(row, 'etag')?.replaceAll('"', '') ?? occurrence.id}-${occurrence.id.slice(-16)}"`
      : (text(row, 'etag') ?? `"${occurrence.id}"`),
    id: occurrence.id,
    status: occurrence.status,
  };
  const transparency = text(row, 'transparency');
  const visibility = text(row, 'visibility');
  if (detailsHidden(role, row)) {
    return {
      ...base,
      start: occurrence.start,
      end: occurrence.end,
      ...(visibility === 'private' ? { visibility } : {}),
      ...(transparency && transparency !== 'opaque' ? { transparency } : {}),
      ...(master
        ? {
            recurringEventId: occurrence.recurringEventId,
            originalStartTime: occurrence.originalStartTime,
          }
        : {}),
    };
  }
  const organizerEmail = text(row, 'organizer_email');
  const organizerCalendar = organizerEmail ? ctx.access.calendarRow(organizerEmail) : undefined;
  const attendees = attendeeRows(ctx, occurrence).map((attendee) => {
    const email = text(attendee, 'email') ?? '';
    return {
      ...person(ctx, email, text(attendee, 'display_name')),
      ...(organizerEmail && email.toLowerCase() === organizerEmail.toLowerCase()
        ? { organizer: true }
        : {}),
      ...(flag(attendee, 'resource') ? { resource: true } : {}),
      ...(flag(attendee, 'optional') ? { optional: true } : {}),
      responseStatus: text(attendee, 'response_status') ?? 'needsAction',
    };
  });
  const recurrence = stringList(row, 'recurrence');
  return {
    ...base,
    htmlLink:
      text(row, 'html_link') ?? `https://www.google.com/calendar/event?eid=${occurrence.id}`,
    created: rowTimestamp(row, 'created_at'),
    updated: rowTimestamp(row, 'updated_at'),
    summary: text(row, 'summary'),
    ...(text(row, 'description') ? { description: text(row, 'description') } : {}),
    ...(text(row, 'location') ? { location: text(row, 'location') } : {}),
    ...(text(row, 'color_id') ? { colorId: text(row, 'color_id') } : {}),
    creator: person(ctx, text(row, 'creator_email')),
    organizer: person(
      ctx,
      organizerEmail,
      ctx.displayNameOf(organizerEmail) ??
        (organizerCalendar ? text(organizerCalendar, 'summary') : undefined),
    ),
    start: occurrence.start,
    end: occurrence.end,
    ...(recurrence.length > 0 && !master ? { recurrence } : {}),
    ...(master
      ? {
          recurringEventId: occurrence.recurringEventId,
          originalStartTime: occurrence.originalStartTime,
        }
      : {}),
    ...(transparency && transparency !== 'opaque' ? { transparency } : {}),
    ...(visibility && visibility !== 'default' ? { visibility } : {}),
    iCalUID: text(row, 'ical_uid') ?? `${text(row, 'id')}@google.com`,
    sequence: numberOf(row, 'sequence') ?? 0,
    ...(attendees.length > 0 ? { attendees } : {}),
    reminders: { useDefault: true },
    eventType: text(row, 'event_type') ?? 'default',
  };
}

/** Text the `q` parameter searches: summary, description, location, people. */
export function searchableText(ctx: CalendarContext, occurrence: Occurrence): string {
  const { row } = occurrence;
  const people = attendeeRows(ctx, occurrence).flatMap((attendee) => [
    text(attendee, 'email'),
    text(attendee, 'display_name') ?? ctx.displayNameOf(text(attendee, 'email')),
  ]);
  return [
    text(row, 'summary'),
    text(row, 'description'),
    text(row, 'location'),
    text(row, 'organizer_email'),
    ...people,
  ]
    .filter((value): value is string => value !== undefined)
    .join('\n')
    .toLowerCase();
}

/** An event resource with its timed `start` / `end` / `originalStartTime` written in another zone. */
export function expressedIn(
  resource: Readonly<Record<string, unknown>>,
  zone: string | undefined,
): Record<string, unknown> {
  if (zone === undefined) return resource;
  const convert = (value: unknown): unknown => {
    const time = value as EventTime | undefined;
    if (!time?.dateTime) return value;
    const ms = parseRfc3339(time.dateTime);
    return ms === undefined ? value : { ...time, dateTime: formatInZone(ms, zone) };
  };
  const out: Record<string, unknown> = { ...resource };
  for (const field of ['start', 'end', 'originalStartTime'])
    if (field in out) out[field] = convert(out[field]);
  return out;
}
