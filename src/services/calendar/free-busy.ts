import type { ApiResponse } from '../api.js';
import type { CalendarContext } from './context.js';
import { badRequest, invalidValue, ok } from './errors.js';
import { eventsOfCalendar } from './indexes.js';
import {
  exceptionsOf,
  isSeries,
  type Occurrence,
  seriesInstances,
  storedOccurrence,
} from './occurrences.js';
import { text } from './row-fields.js';
import { parseRfc3339 } from './time-zones.js';

const MAX_CALENDARS = 50;

interface Interval {
  start: number;
  end: number;
}

/** Busy time of one calendar: opaque, not cancelled occurrences, clipped to the window and merged. */
function busyIntervals(
  ctx: CalendarContext,
  calendarId: string,
  zone: string | undefined,
  min: number,
  max: number,
): Interval[] {
  const rows = eventsOfCalendar(ctx.state, calendarId);
  const seriesIds = new Set(rows.filter(isSeries).map((row) => text(row, 'id')));
  const occurrences: Occurrence[] = [];
  for (const row of rows) {
    const series = text(row, 'recurring_event_id');
    if (series && seriesIds.has(series)) continue;
    if (isSeries(row)) {
      if (text(row, 'status') !== 'cancelled')
        occurrences.push(
          ...seriesInstances(row, exceptionsOf(rows, text(row, 'id') ?? ''), zone, max),
        );
    } else {
      const stored = storedOccurrence(row, zone);
      if (stored) occurrences.push(stored);
    }
  }
  const intervals = occurrences
    .filter(
      (item) => item.status !== 'cancelled' && text(item.row, 'transparency') !== 'transparent',
    )
    .map((item) => ({
      start: Math.max(item.timing.startMs, min),
      end: Math.min(item.timing.endMs, max),
    }))
    .filter((interval) => interval.end > interval.start)
    .sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of intervals) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/** POST /freeBusy: a read, allowed to anyone with at least free/busy access. */
export function queryFreeBusy(ctx: CalendarContext): ApiResponse {
  const body = (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Record<
    string,
    unknown
  >;
  const timeMin = typeof body.timeMin === 'string' ? body.timeMin : undefined;
  const timeMax = typeof body.timeMax === 'string' ? body.timeMax : undefined;
  if (timeMin === undefined) return badRequest('Missing timeMin parameter.', 'required');
  if (timeMax === undefined) return badRequest('Missing timeMax parameter.', 'required');
  const min = parseRfc3339(timeMin);
  const max = parseRfc3339(timeMax);
  if (min === undefined || max === undefined)
    return invalidValue(
      'Bad Request: timeMin and timeMax must be RFC3339 timestamps with a time zone offset.',
    );
  if (max <= min) return badRequest('The specified time range is empty.', 'timeRangeEmpty');
  const items = Array.isArray(body.items) ? body.items : [];
  if (items.length > MAX_CALENDARS)
    return badRequest(
      `Too many calendars requested: at most ${MAX_CALENDARS}.`,
      'tooManyCalendarsRequested',
    );
  const calendars: Record<string, unknown> = {};
  for (const item of items) {
    const requested =
      item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string'
        ? (item as { id: string }).id
        : undefined;
    if (requested === undefined) continue;
    const id = ctx.access.resolveCalendarId(requested);
    const calendar = id === undefined ? undefined : ctx.access.calendarRow(id);
    if (id === undefined || !calendar || ctx.access.roleFor(id) === 'none') {
      calendars[requested] = { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] };
      continue;
    }
    calendars[requested] = {
      busy: busyIntervals(ctx, id, text(calendar, 'time_zone'), min, max).map((interval) => ({
        start: iso(interval.start),
        end: iso(interval.end),
      })),
    };
  }
  return ok({ kind: 'calendar#freeBusy', timeMin: iso(min), timeMax: iso(max), calendars });
}
