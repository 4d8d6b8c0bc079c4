import type { Row } from '../../schema/json.js';
import type { ApiResponse } from '../api.js';
import type { AccessRole } from './access.js';
import { type CalendarContext, visibleCalendar } from './context.js';
import { ApiFailure, badRequest, invalidValue, notFound, ok } from './errors.js';
import { detailsHidden, eventResource, expressedIn, searchableText } from './event-resource.js';
import { eventsOfCalendar } from './indexes.js';
import {
  exceptionsOf,
  isSeries,
  NO_EXCEPTIONS,
  type Occurrence,
  seriesInstances,
  storedOccurrence,
} from './occurrences.js';
import { paginate } from './paging.js';
import { rfc3339Timestamp, text } from './row-fields.js';
import { changedSince, syncSince, syncTokenFor, updatedMs } from './sync.js';
import { isKnownTimeZone, parseDate, parseRfc3339 } from './time-zones.js';

/** Parameters Google refuses beside `syncToken` on events.list. */
const SYNC_INCOMPATIBLE = [
  'iCalUID',
  'orderBy',
  'privateExtendedProperty',
  'q',
  'sharedExtendedProperty',
  'timeMin',
  'timeMax',
  'updatedMin',
];

interface Window {
  min?: number;
  max?: number;
}

function timeParam(ctx: CalendarContext, name: string): number | undefined {
  const value = ctx.query.string(name);
  if (value === undefined) return undefined;
  const ms = parseRfc3339(value);
  if (ms === undefined)
    throw new ApiFailure(
      invalidValue(
        `Bad Request: ${name} must be an RFC3339 timestamp with a time zone offset, got '${value}'.`,
      ),
    );
  return ms;
}

function windowParams(ctx: CalendarContext): Window {
  const window = { min: timeParam(ctx, 'timeMin'), max: timeParam(ctx, 'timeMax') };
  if (window.min !== undefined && window.max !== undefined && window.max <= window.min) {
    throw new ApiFailure(badRequest('The specified time range is empty.', 'timeRangeEmpty'));
  }
  return window;
}

/** Overlap test of Google's filters: ends after timeMin, starts before timeMax. */
function inWindow(occurrence: Occurrence, window: Window): boolean {
  const { startMs, endMs } = occurrence.timing;
  if (window.max !== undefined && startMs >= window.max) return false;
  if (
    window.min !== undefined &&
    endMs <= window.min &&
    !(endMs === startMs && startMs >= window.min)
  )
    return false;
  return true;
}

function calendarEventRows(ctx: CalendarContext, calendarId: string): readonly Row[] {
  return eventsOfCalendar(ctx.state, calendarId);
}

/**
 * The `timeZone` parameter: the zone the response writes times in (default: the
 * calendar's). Event times keep their own `timeZone`; only the offsets change.
 */
function responseZone(ctx: CalendarContext, calendar: Row): string | undefined {
  const zone = ctx.query.string('timeZone');
  if (zone === undefined) return undefined;
  if (!isKnownTimeZone(zone))
    throw new ApiFailure(invalidValue(`Invalid time zone definition: '${zone}'.`));
  return zone === text(calendar, 'time_zone') ? undefined : zone;
}

function listEnvelope(
  calendar: Row,
  role: AccessRole,
  items: unknown[],
  next: { nextPageToken?: string; nextSyncToken?: string },
  rows: readonly Row[],
  zone?: string,
): unknown {
  // The latest `updated_at` as text (the last in sorted order), found in one pass.
  let latest: string | undefined;
  for (const row of rows) {
    const stamp = text(row, 'updated_at') ?? '';
    if (latest === undefined || stamp > latest) latest = stamp;
  }
  const updated = latest ?? text(calendar, 'updated_at');
  return {
    kind: 'calendar#events',
    etag: `"${text(calendar, 'id')}-${rows.length}"`,
    summary: text(calendar, 'summary'),
    ...(text(calendar, 'description') ? { description: text(calendar, 'description') } : {}),
    updated: rfc3339Timestamp(updated),
    timeZone: zone ?? text(calendar, 'time_zone') ?? 'UTC',
    accessRole: role,
    defaultReminders: [],
    ...(next.nextPageToken ? { nextPageToken: next.nextPageToken } : {}),
    ...(next.nextSyncToken && !next.nextPageToken ? { nextSyncToken: next.nextSyncToken } : {}),
    items,
  };
}

/** GET /calendars/{calendarId}/events */
export function listEvents(ctx: CalendarContext, calendarParam: string): ApiResponse {
  const { id: calendarId, row: calendar } = visibleCalendar(ctx, calendarParam);
  const role = ctx.access.roleFor(calendarId);
  const zone = text(calendar, 'time_zone');
  const window = windowParams(ctx);
  const singleEvents = ctx.query.boolean('singleEvents', false);
  const orderBy = ctx.query.string('orderBy');
  if (orderBy !== undefined && orderBy !== 'startTime' && orderBy !== 'updated') {
    throw new ApiFailure(
      invalidValue(`Invalid value for orderBy: '${orderBy}'. Allowed values: startTime, updated.`),
    );
  }
  if (orderBy === 'startTime' && !singleEvents) {
    throw new ApiFailure(
      badRequest('The requested ordering is not available for the particular query.'),
    );
  }
  const listName = `events:${calendarId}`;
  const since = syncSince(ctx, listName, SYNC_INCOMPATIBLE);
  const responseIn = responseZone(ctx, calendar);
  const updatedMin = timeParam(ctx, 'updatedMin');
  // Google always reports deletions since updatedMin or a sync token, whatever showDeleted says.
  const showDeleted =
    ctx.query.boolean('showDeleted', false) || updatedMin !== undefined || since !== undefined;
  const maxResults = ctx.query.integer('maxResults', 250, 1, 2500);
  const iCalUID = ctx.query.string('iCalUID');
  const terms = (ctx.query.string('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);

  const rows = calendarEventRows(ctx, calendarId);
  const seriesIds = new Set(rows.filter(isSeries).map((row) => text(row, 'id')));
  let selected: Occurrence[] = [];
  const keep = (occurrence: Occurrence, overlaps: boolean): void => {
    if (overlaps && (showDeleted || occurrence.status !== 'cancelled')) selected.push(occurrence);
  };
  const windowed = window.min !== undefined || window.max !== undefined;
  for (const row of rows) {
    if (since !== undefined && !changedSince(row, since)) continue;
    if (iCalUID !== undefined && text(row, 'ical_uid') !== iCalUID) continue;
    if (updatedMin !== undefined && updatedMs(row) < updatedMin) continue;
    const seriesOfException = text(row, 'recurring_event_id');
    if (singleEvents && seriesOfException && seriesIds.has(seriesOfException)) continue; // shown in its series' place
    if (singleEvents && isSeries(row)) {
      const masterCancelled = text(row, 'status') === 'cancelled';
      const exceptionRows = exceptionsOf(rows, text(row, 'id') ?? '');
      for (const instance of seriesInstances(row, exceptionRows, zone, window.max)) {
        keep(
          masterCancelled ? { ...instance, status: 'cancelled' } : instance,
          inWindow(instance, window),
        );
      }
      continue;
    }
    const stored = storedOccurrence(row, zone);
    if (!stored) continue;
    // Unexpanded, a series is listed when any of its instances falls in the window.
    const overlaps =
      isSeries(row) && windowed
        ? seriesInstances(row, NO_EXCEPTIONS, zone, window.max).some((instance) =>
            inWindow(instance, window),
          )
        : inWindow(stored, window);
    keep(stored, overlaps);
  }
  if (terms.length > 0) {
    selected = selected.filter((occurrence) => {
      if (detailsHidden(role, occurrence.row)) return false;
      const haystack = searchableText(ctx, occurrence);
      return terms.every((term) => haystack.includes(term));
    });
  }
  if (orderBy === 'startTime')
    selected = [...selected].sort(
      (a, b) => a.timing.startMs - b.timing.startMs || a.id.localeCompare(b.id),
    );
  if (orderBy === 'updated')
    selected = [...selected].sort(
      (a, b) =>
        (text(a.row, 'updated_at') ?? '').localeCompare(text(b.row, 'updated_at') ?? '') ||
        a.id.localeCompare(b.id),
    );
  const page = paginate(selected, listName, ctx.query.string('pageToken'), maxResults);
  const items = page.items.map((occurrence) =>
    expressedIn(eventResource(ctx, occurrence, role), responseIn),
  );
  return ok(
    listEnvelope(
      calendar,
      role,
      items,
      { nextPageToken: page.nextPageToken, nextSyncToken: syncTokenFor(listName, rows) },
      rows,
      responseIn,
    ),
  );
}

/** The occurrence an event id names on a calendar: a stored row or a computed instance id. */
export function findEvent(
  ctx: CalendarContext,
  calendarId: string,
  zone: string | undefined,
  eventId: string,
): Occurrence | undefined {
  const rows = calendarEventRows(ctx, calendarId);
  const row = rows.find((candidate) => candidate.id === eventId);
  if (row) return storedOccurrence(row, zone);
  const cut = eventId.lastIndexOf('_');
  if (cut <= 0) return undefined;
  const master = rows.find(
    (candidate) => candidate.id === eventId.slice(0, cut) && isSeries(candidate),
  );
  if (!master) return undefined;
  const exceptions = exceptionsOf(rows, text(master, 'id') ?? '');
  const stamp = eventId.slice(cut + 1);
  const horizon = stampInstant(stamp);
  if (horizon === undefined) return undefined;
  return seriesInstances(master, exceptions, zone, horizon + 86_400_000).find(
    (instance) => instance.id === eventId,
  );
}

/** `20260310T140000Z` or `20260310` -> an instant at or after that time (for the expansion horizon). */
function stampInstant(stamp: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z)?$/.exec(stamp);
  if (!match) return undefined;
  return Date.UTC(
    Number(match[1]),
    Number(match[2]) - 1,
    Number(match[3]),
    Number(match[4] ?? 0),
    Number(match[5] ?? 0),
    Number(match[6] ?? 0),
  );
}

/** GET /calendars/{calendarId}/events/{eventId} */
export function getEvent(
  ctx: CalendarContext,
  calendarParam: string,
  eventId: string,
): ApiResponse {
  const { id: calendarId, row: calendar } = visibleCalendar(ctx, calendarParam);
  const zone = responseZone(ctx, calendar);
  const occurrence = findEvent(ctx, calendarId, text(calendar, 'time_zone'), eventId);
  if (!occurrence) return notFound();
  return ok(expressedIn(eventResource(ctx, occurrence, ctx.access.roleFor(calendarId)), zone));
}

/** GET /calendars/{calendarId}/events/{eventId}/instances */
export function listInstances(
  ctx: CalendarContext,
  calendarParam: string,
  eventId: string,
): ApiResponse {
  const { id: calendarId, row: calendar } = visibleCalendar(ctx, calendarParam);
  const role = ctx.access.roleFor(calendarId);
  const zone = text(calendar, 'time_zone');
  const rows = calendarEventRows(ctx, calendarId);
  const master = rows.find((row) => row.id === eventId);
  if (!master) return notFound();
  const window = windowParams(ctx);
  const showDeleted = ctx.query.boolean('showDeleted', false);
  const maxResults = ctx.query.integer('maxResults', 250, 1, 2500);
  const originalStart = ctx.query.string('originalStart');
  const originalMs =
    originalStart === undefined
      ? undefined
      : (parseRfc3339(originalStart) ?? parseDate(originalStart));
  if (originalStart !== undefined && originalMs === undefined) {
    throw new ApiFailure(
      invalidValue(
        `Bad Request: originalStart must be an RFC3339 timestamp, got '${originalStart}'.`,
      ),
    );
  }
  const instances = isSeries(master)
    ? seriesInstances(master, exceptionsOf(rows, eventId), zone, window.max)
    : [storedOccurrence(master, zone)].filter((item): item is Occurrence => item !== undefined);
  const selected = instances.filter(
    (instance) =>
      (showDeleted || instance.status !== 'cancelled') &&
      inWindow(instance, window) &&
      (originalStart === undefined ||
        instance.originalStartTime?.dateTime === originalStart ||
        instance.originalStartTime?.date === originalStart ||
        (instance.originalStartTime?.dateTime !== undefined &&
          parseRfc3339(instance.originalStartTime.dateTime) === originalMs)),
  );
  const page = paginate(
    selected,
    `instances:${calendarId}:${eventId}`,
    ctx.query.string('pageToken'),
    maxResults,
  );
  const zoneIn = responseZone(ctx, calendar);
  return ok(
    listEnvelope(
      calendar,
      role,
      page.items.map((item) => expressedIn(eventResource(ctx, item, role), zoneIn)),
      { nextPageToken: page.nextPageToken },
      rows,
      zoneIn,
    ),
  );
}
