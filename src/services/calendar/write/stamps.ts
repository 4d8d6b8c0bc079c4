import { charsFrom, type WriteEnvironment } from '../../write-model.js';

// Server-written values of Google Calendar, drawn from the call's deterministic clock and id
// stream (docs/replicas.md, Calendar write operations), so regenerating a pack is byte-identical.

/** Google's event id alphabet: base32hex, lowercase (RFC 2938 section 3.1.2, as events.insert documents). */
export const BASE32HEX = '0123456789abcdefghijklmnopqrstuv';

/** A new event id, 26 base32hex characters like the ones Google assigns. */
export function newEventId(env: WriteEnvironment): string {
  return charsFrom(env, BASE32HEX, 26);
}

/** A new etag in Google's quoted 16-digit form; every write draws a fresh one. */
export function newEtag(env: WriteEnvironment): string {
  return `"3${charsFrom(env, '0123456789', 15)}"`;
}

/** A secondary calendar's id as Google makes it: `c_<40 hex>@group.calendar.google.com`. */
export function newCalendarId(env: WriteEnvironment): string {
  return `c_${env.nextHex().slice(0, 40)}@group.calendar.google.com`;
}

/** Storage id of a calendar-list entry (Google keys entries by calendar; the seed keys rows by id). */
export function newListEntryId(env: WriteEnvironment): string {
  return `cle_${env.nextHex().slice(0, 16)}`;
}

/**
 * The call's time as the seed's bookkeeping columns store it: naive UTC (`2026-04-10T14:02:00`,
 * milliseconds only when the clock has them); the replica shows it as RFC 3339 (`...Z`).
 */
export function stamp(env: WriteEnvironment): string {
  const iso = env.now().toISOString();
  return iso.endsWith('.000Z') ? iso.slice(0, 19) : iso.slice(0, 23);
}

/** The link Google gives an event (`htmlLink`), stored in `html_link`. */
export const htmlLinkOf = (eventId: string): string =>
  `https://www.google.com/calendar/event?eid=${eventId}`;
