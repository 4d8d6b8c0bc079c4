import { instantToWall, wallToInstant } from './time-zones.js';

// RFC 5545 recurrence as Google Calendar stores it: `RRULE:`, `EXDATE` and `RDATE` lines.
// Occurrences are computed in wall-clock time of the event's zone, so a weekly 09:00
// meeting stays at 09:00 across a DST change.

const DAY_MS = 86_400_000;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
// Open-ended series stop here unless a window ends sooner (the real service pages on).
const OPEN_SERIES_YEARS = 2;
const MAX_PERIODS = 10_000;

interface ByDay {
  weekday: number;
  ordinal?: number;
}

export interface RecurrenceRule {
  freq: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
  interval: number;
  count?: number;
  /** Instant (UTC form) or wall-clock end of day (date form), see `untilIsWall`. */
  until?: number;
  untilIsWall: boolean;
  byDay: ByDay[];
  byMonthDay: number[];
  byMonth: number[];
  weekStart: number;
}

export interface SeriesStart {
  /** Wall-clock start of the first occurrence (midnight for all-day events). */
  wall: number;
  allDay: boolean;
  timeZone: string;
}

/** Parse the RRULE line of a recurrence; undefined when there is none or it is unusable. */
export function parseRule(lines: readonly string[]): RecurrenceRule | undefined {
  const line = lines.find((item) => item.toUpperCase().startsWith('RRULE:'));
  if (!line) return undefined;
  const parts = new Map<string, string>();
  for (const part of line.slice(6).split(';')) {
    const [name, value] = part.split('=');
    if (name && value !== undefined) parts.set(name.toUpperCase(), value.toUpperCase());
  }
  const freq = parts.get('FREQ');
  if (freq !== 'DAILY' && freq !== 'WEEKLY' && freq !== 'MONTHLY' && freq !== 'YEARLY')
    return undefined;
  const interval = Math.max(1, Number.parseInt(parts.get('INTERVAL') ?? '1', 10) || 1);
  const countText = parts.get('COUNT');
  const count =
    countText === undefined ? undefined : Math.max(0, Number.parseInt(countText, 10) || 0);
  const untilText = parts.get('UNTIL');
  const until = untilText === undefined ? undefined : parseIcalTime(untilText);
  const byDay: ByDay[] = [];
  for (const token of (parts.get('BYDAY') ?? '').split(',').filter(Boolean)) {
    const match = /^([+-]?\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/.exec(token);
    if (!match) continue;
    const weekday = WEEKDAYS.indexOf(match[2] as (typeof WEEKDAYS)[number]);
    byDay.push(match[1] === undefined ? { weekday } : { weekday, ordinal: Number(match[1]) });
  }
  const numbers = (name: string): number[] =>
    (parts.get(name) ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number)
      .filter((value) => Number.isInteger(value) && value !== 0);
  const weekStartIndex = WEEKDAYS.indexOf((parts.get('WKST') ?? 'MO') as (typeof WEEKDAYS)[number]);
  return {
    freq,
    interval,
    count,
    until:
      until === undefined
        ? undefined
        : until.utc
          ? until.ms
          : until.ms + (until.dateOnly ? DAY_MS - 1 : 0),
    untilIsWall: until !== undefined && !until.utc,
    byDay,
    byMonthDay: numbers('BYMONTHDAY'),
    byMonth: numbers('BYMONTH'),
    weekStart: weekStartIndex < 0 ? 1 : weekStartIndex,
  };
}

/** `20260310T090000Z` / `20260310T090000` / `20260310` -> ms (UTC form or wall-clock). */
function parseIcalTime(value: string): { ms: number; utc: boolean; dateOnly: boolean } | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, z] = match;
  const ms = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h ?? 0),
    Number(mi ?? 0),
    Number(s ?? 0),
  );
  return { ms, utc: z === 'Z', dateOnly: h === undefined };
}

/** EXDATE / RDATE values of the recurrence, as wall-clock values in the series' zone. */
function dateList(
  lines: readonly string[],
  property: 'EXDATE' | 'RDATE',
  series: SeriesStart,
): number[] {
  const walls: number[] = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const head = line.slice(0, colon).toUpperCase();
    if (head !== property && !head.startsWith(`${property};`)) continue;
    const tzid = /TZID=([^;]+)/i.exec(line.slice(0, colon))?.[1];
    for (const token of line.slice(colon + 1).split(',')) {
      const parsed = parseIcalTime(token);
      if (!parsed) continue;
      if (parsed.dateOnly) walls.push(parsed.ms + (series.allDay ? 0 : timeOfDay(series.wall)));
      else if (parsed.utc) walls.push(instantToWall(parsed.ms, series.timeZone));
      else if (tzid && tzid !== series.timeZone)
        walls.push(instantToWall(wallToInstant(parsed.ms, tzid), series.timeZone));
      else walls.push(parsed.ms);
    }
  }
  return walls;
}

const timeOfDay = (wall: number): number => ((wall % DAY_MS) + DAY_MS) % DAY_MS;
const dayOf = (wall: number): number => wall - timeOfDay(wall);
const weekdayOf = (day: number): number => new Date(day).getUTCDay();

/**
 * Wall-clock starts of every occurrence whose start is before `horizon` (an instant),
 * in order, with EXDATEs removed and RDATEs added. Without an RRULE: just the first.
 */
export function expandSeries(
  recurrence: readonly string[],
  series: SeriesStart,
  horizon: number | undefined,
): number[] {
  const rule = parseRule(recurrence);
  const openEnd = instantOf(series.wall, series) + OPEN_SERIES_YEARS * 366 * DAY_MS;
  const bounded = rule?.count !== undefined || rule?.until !== undefined;
  const limit = horizon ?? (bounded ? Number.POSITIVE_INFINITY : openEnd);
  const starts = rule ? ruleOccurrences(rule, series, limit) : [series.wall];
  const excluded = new Set(dateList(recurrence, 'EXDATE', series));
  const merged = new Set(starts.filter((wall) => !excluded.has(wall)));
  for (const wall of dateList(recurrence, 'RDATE', series))
    if (instantOf(wall, series) < limit && !excluded.has(wall)) merged.add(wall);
  return [...merged].sort((a, b) => a - b);
}

function instantOf(wall: number, series: SeriesStart): number {
  return wallToInstant(wall, series.timeZone);
}

function ruleOccurrences(rule: RecurrenceRule, series: SeriesStart, limit: number): number[] {
  const out: number[] = [];
  const clock = series.allDay ? 0 : timeOfDay(series.wall);
  const firstDay = dayOf(series.wall);
  let produced = 0;
  for (let period = 0; period < MAX_PERIODS; period += 1) {
    const days = candidateDays(rule, firstDay, period);
    if (days === undefined) break;
    for (const day of days) {
      const wall = day + clock;
      if (wall < series.wall) continue;
      if (
        rule.until !== undefined &&
        (rule.untilIsWall ? wall > rule.until : instantOf(wall, series) > rule.until)
      )
        return out;
      if (rule.count !== undefined && produced >= rule.count) return out;
      if (instantOf(wall, series) >= limit) return out;
      produced += 1;
      out.push(wall);
    }
  }
  return out;
}

/** Candidate days (midnight wall values, ascending) of one period of the rule. */
function candidateDays(
  rule: RecurrenceRule,
  firstDay: number,
  period: number,
): number[] | undefined {
  const first = new Date(firstDay);
  const keepMonth = (day: number): boolean =>
    rule.byMonth.length === 0 || rule.byMonth.includes(new Date(day).getUTCMonth() + 1);
  switch (rule.freq) {
    case 'DAILY': {
      const day = firstDay + period * rule.interval * DAY_MS;
      const weekdays = rule.byDay.map((entry) => entry.weekday);
      return weekdays.length === 0 || weekdays.includes(weekdayOf(day))
        ? [day].filter(keepMonth)
        : [];
    }
    case 'WEEKLY': {
      const back = (weekdayOf(firstDay) - rule.weekStart + 7) % 7;
      const weekStart = firstDay - back * DAY_MS + period * rule.interval * 7 * DAY_MS;
      const weekdays =
        rule.byDay.length > 0 ? rule.byDay.map((entry) => entry.weekday) : [weekdayOf(firstDay)];
      const days: number[] = [];
      for (let offset = 0; offset < 7; offset += 1) {
        const day = weekStart + offset * DAY_MS;
        if (weekdays.includes(weekdayOf(day))) days.push(day);
      }
      return days.filter(keepMonth);
    }
    case 'MONTHLY': {
      const monthIndex = first.getUTCMonth() + period * rule.interval;
      return monthDays(rule, first.getUTCFullYear(), monthIndex, first.getUTCDate()).filter(
        keepMonth,
      );
    }
    case 'YEARLY': {
      const year = first.getUTCFullYear() + period * rule.interval;
      const day = Date.UTC(year, first.getUTCMonth(), first.getUTCDate());
      return new Date(day).getUTCDate() === first.getUTCDate() ? [day] : [];
    }
  }
}

function monthDays(
  rule: RecurrenceRule,
  year: number,
  monthIndex: number,
  defaultDate: number,
): number[] {
  const start = Date.UTC(year, monthIndex, 1);
  const length = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  const days = new Set<number>();
  if (rule.byDay.length > 0) {
    for (const entry of rule.byDay) {
      const matching: number[] = [];
      for (let date = 0; date < length; date += 1) {
        const day = start + date * DAY_MS;
        if (weekdayOf(day) === entry.weekday) matching.push(day);
      }
      if (entry.ordinal === undefined) for (const day of matching) days.add(day);
      else {
        const picked =
          entry.ordinal > 0
            ? matching[entry.ordinal - 1]
            : matching[matching.length + entry.ordinal];
        if (picked !== undefined) days.add(picked);
      }
    }
  } else {
    const dates = rule.byMonthDay.length > 0 ? rule.byMonthDay : [defaultDate];
    for (const date of dates) {
      const resolved = date > 0 ? date : length + date + 1;
      if (resolved >= 1 && resolved <= length) days.add(start + (resolved - 1) * DAY_MS);
    }
  }
  return [...days].sort((a, b) => a - b);
}
