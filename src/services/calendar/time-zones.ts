// Wall-clock arithmetic in IANA time zones (Intl, no tz database of our own). Recurring
// events repeat at the same local time across DST changes, so expansion needs both ways.

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatter(timeZone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(timeZone)) {
    try {
      formatters.set(
        timeZone,
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        }),
      );
    } catch {
      formatters.set(timeZone, null);
    }
  }
  return formatters.get(timeZone) ?? null;
}

export function isKnownTimeZone(timeZone: string): boolean {
  return formatter(timeZone) !== null;
}

// Zone offsets only change on quarter-hour boundaries, so one lookup serves each quarter hour.
const QUARTER_HOUR_MS = 900_000;
const offsetCache = new Map<string, Map<number, number>>();

/** Offset of the zone from UTC at an instant, in minutes (unknown zones count as UTC). */
export function offsetMinutes(utcMs: number, timeZone: string): number {
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  const bucket = Math.floor(utcMs / QUARTER_HOUR_MS);
  const cached = zone.get(bucket);
  if (cached !== undefined) return cached;
  const offset = computeOffset(utcMs, timeZone);
  if (zone.size > 100_000) zone.clear();
  zone.set(bucket, offset);
  return offset;
}

function computeOffset(utcMs: number, timeZone: string): number {
  const format = formatter(timeZone);
  if (!format) return 0;
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60000);
}

/** Wall-clock time (encoded as if it were UTC) in a zone -> the instant. */
export function wallToInstant(wallMs: number, timeZone: string): number {
  const first = wallMs - offsetMinutes(wallMs, timeZone) * 60000;
  return wallMs - offsetMinutes(first, timeZone) * 60000;
}

/** Instant -> wall-clock time in a zone (encoded as if it were UTC). */
export function instantToWall(utcMs: number, timeZone: string): number {
  return utcMs + offsetMinutes(utcMs, timeZone) * 60000;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `2026-03-10T09:00:00-05:00`, the way Google writes an event time in its zone. */
export function formatInZone(utcMs: number, timeZone: string): string {
  const offset = offsetMinutes(utcMs, timeZone);
  const wall = new Date(utcMs + offset * 60000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const suffix =
    offset === 0 && (timeZone === 'UTC' || timeZone === 'Etc/UTC')
      ? 'Z'
      : `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}${suffix}`;
}

/** `YYYY-MM-DD` of a wall-clock value. */
export function formatDate(wallMs: number): string {
  const date = new Date(wallMs);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?([zZ]|[+-]\d{2}:\d{2})$/;

/** An RFC 3339 timestamp with its mandatory offset, or undefined. */
export function parseRfc3339(value: string): number | undefined {
  if (!RFC3339.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** `YYYY-MM-DD` -> midnight of that date as a wall-clock value. */
export function parseDate(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Naive local `2018-05-12T20:00:00` -> wall-clock value. */
export function parseNaive(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?/.test(value)) return undefined;
  const ms = Date.parse(`${value.slice(0, 19)}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}
