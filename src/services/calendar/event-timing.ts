import type { Row } from '../../schema/json.js';
import { objectOf, text } from './row-fields.js';
import {
  formatDate,
  formatInZone,
  instantToWall,
  isKnownTimeZone,
  parseDate,
  parseNaive,
  parseRfc3339,
  wallToInstant,
} from './time-zones.js';

const DAY_MS = 86_400_000;

/** Google's `start` / `end` / `originalStartTime` object. */
export interface EventTime {
  date?: string;
  dateTime?: string;
  timeZone?: string;
}

/** When an event (or one occurrence) happens, as instants for windows and wall-clock for recurrence. */
export interface EventTiming {
  allDay: boolean;
  timeZone: string;
  startMs: number;
  endMs: number;
  /** Start as wall-clock time in `timeZone` (midnight for all-day events). */
  startWall: number;
  /** Length: milliseconds for timed events, whole days for all-day events. */
  length: number;
}

export function zoneOf(row: Row, calendarZone: string | undefined): string {
  const zone = text(objectOf(row, 'start'), 'timeZone') ?? calendarZone ?? 'UTC';
  return isKnownTimeZone(zone) ? zone : 'UTC';
}

/** Point in time of one `start`/`end` object (or its naive column), undefined when unreadable. */
function pointOf(
  time: EventTime | undefined,
  naive: string | undefined,
  zone: string,
): { ms: number; allDay: boolean } | undefined {
  if (time?.date) {
    const wall = parseDate(time.date);
    return wall === undefined ? undefined : { ms: wallToInstant(wall, zone), allDay: true };
  }
  if (time?.dateTime) {
    const exact = parseRfc3339(time.dateTime);
    if (exact !== undefined) return { ms: exact, allDay: false };
    const wall = parseNaive(time.dateTime);
    if (wall !== undefined) return { ms: wallToInstant(wall, zone), allDay: false };
  }
  if (naive) {
    const wall = parseNaive(naive);
    if (wall !== undefined) return { ms: wallToInstant(wall, zone), allDay: false };
    const date = parseDate(naive);
    if (date !== undefined) return { ms: wallToInstant(date, zone), allDay: true };
  }
  return undefined;
}

export function timeOf(
  row: Row,
  column: 'start' | 'end' | 'original_start_time',
): EventTime | undefined {
  const value = objectOf(row, column);
  if (!value) return undefined;
  const time: EventTime = {};
  if (typeof value.date === 'string') time.date = value.date;
  if (typeof value.dateTime === 'string') time.dateTime = value.dateTime;
  if (typeof value.timeZone === 'string') time.timeZone = value.timeZone;
  return time;
}

export function timingOf(row: Row, calendarZone: string | undefined): EventTiming | undefined {
  const zone = zoneOf(row, calendarZone);
  const start = pointOf(timeOf(row, 'start'), text(row, 'start_datetime'), zone);
  if (!start) return undefined;
  const end = pointOf(timeOf(row, 'end'), text(row, 'end_datetime'), zone);
  const endMs =
    end && end.ms >= start.ms
      ? end.ms
      : start.allDay
        ? wallToInstant(instantToWall(start.ms, zone) + DAY_MS, zone)
        : start.ms;
  const startWall = instantToWall(start.ms, zone);
  const length = start.allDay
    ? Math.max(1, Math.round((instantToWall(endMs, zone) - startWall) / DAY_MS))
    : endMs - start.ms;
  return { allDay: start.allDay, timeZone: zone, startMs: start.ms, endMs, startWall, length };
}

/** Timing of the occurrence of a series that starts at wall-clock `wall`. */
export function occurrenceTiming(series: EventTiming, wall: number): EventTiming {
  const startMs = wallToInstant(wall, series.timeZone);
  const endMs = series.allDay
    ? wallToInstant(wall + series.length * DAY_MS, series.timeZone)
    : startMs + series.length;
  return { ...series, startMs, endMs, startWall: wall };
}

/** The `start`/`end` objects Google shows for a computed occurrence. */
export function eventTimes(timing: EventTiming): { start: EventTime; end: EventTime } {
  if (timing.allDay) {
    return {
      start: { date: formatDate(timing.startWall) },
      end: { date: formatDate(timing.startWall + timing.length * DAY_MS) },
    };
  }
  return {
    start: { dateTime: formatInZone(timing.startMs, timing.timeZone), timeZone: timing.timeZone },
    end: { dateTime: formatInZone(timing.endMs, timing.timeZone), timeZone: timing.timeZone },
  };
}

/** Suffix Google appends to a series id to name one instance: `_20260310T140000Z` or `_20260310`. */
export function instanceSuffix(timing: EventTiming): string {
  if (timing.allDay) return formatDate(timing.startWall).replaceAll('-', '');
  return new Date(timing.startMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Whether an `originalStartTime` names the occurrence with this timing. */
export function sameOriginalStart(original: EventTime | undefined, timing: EventTiming): boolean {
  if (!original) return false;
  if (original.date) return timing.allDay && original.date === formatDate(timing.startWall);
  if (original.dateTime) {
    const ms =
      parseRfc3339(original.dateTime) ??
      (() => {
        const wall = parseNaive(original.dateTime ?? '');
        return wall === undefined
          ? undefined
          : wallToInstant(wall, original.timeZone ?? timing.timeZone);
      })();
    return ms === timing.startMs;
  }
  return false;
}
