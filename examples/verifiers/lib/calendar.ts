// Read helpers for Google Calendar verifiers: Google's error envelope checked, page tokens
// followed, calendars and events found by exact name. Runs inside the sandbox: no Node
// APIs, and only types from the project.
import type { QueryValue } from '../../../src/services/api.js';
import type { ApiClient } from '../../../src/services/client.js';
import { AmbiguousNameError, allPages } from './common.js';

export interface Attendee {
  email: string;
  displayName?: string;
  responseStatus?: string;
  resource?: boolean;
  organizer?: boolean;
}

export interface CalendarEvent {
  id: string;
  status?: string;
  summary?: string;
  description?: string;
  location?: string;
  visibility?: string;
  transparency?: string;
  start?: { dateTime?: string; date?: string; timeZone?: string };
  end?: { dateTime?: string; date?: string; timeZone?: string };
  organizer?: { email?: string; displayName?: string };
  attendees?: Attendee[];
  recurringEventId?: string;
}

/** Google answered with its error envelope; the verifier cannot judge without that read. */
export class CalendarReadError extends Error {
  readonly code: number;
  constructor(path: string, error: { code?: number; message?: string }) {
    super(`GET ${path} failed: ${error.code ?? '?'} ${error.message ?? ''}`.trim());
    this.name = 'CalendarReadError';
    this.code = Number(error.code ?? 0);
  }
}

const enc = encodeURIComponent;

/** A response body as read off the wire: a resource, a list page or Google's error envelope. */
export interface CalendarBody {
  error?: { code?: number; message?: string };
  items?: unknown[];
  nextPageToken?: unknown;
  [field: string]: unknown;
}

/** What verifiers read of a calendar-list entry. */
export interface CalendarListEntry {
  id: string;
  summary?: string;
  accessRole?: string;
  primary?: boolean;
}

export async function calendarGet(
  client: ApiClient,
  path: string,
  query?: Record<string, QueryValue>,
): Promise<CalendarBody> {
  const body = (await client.get(path, query)) as CalendarBody | null;
  if (!body || body.error) throw new CalendarReadError(path, body?.error ?? {});
  return body;
}

/** One event by id, or undefined when the calendar no longer has it (404). */
export async function eventOrMissing(
  client: ApiClient,
  calendarId: string,
  eventId: string,
): Promise<CalendarEvent | undefined> {
  const path = `calendars/${enc(calendarId)}/events/${enc(eventId)}`;
  const body = (await client.get(path)) as CalendarBody | null;
  if (body?.error?.code === 404) return undefined;
  if (!body || body.error) throw new CalendarReadError(path, body?.error ?? {});
  return body as unknown as CalendarEvent;
}

/** Every item of a list method, following nextPageToken. */
export async function listAll<T>(
  client: ApiClient,
  path: string,
  query: Record<string, QueryValue> = {},
): Promise<T[]> {
  return allPages<T, string>(undefined, async (pageToken) => {
    const page = await calendarGet(
      client,
      path,
      pageToken === undefined ? query : { ...query, pageToken },
    );
    return {
      items: (page.items ?? []) as T[],
      next: typeof page.nextPageToken === 'string' ? page.nextPageToken : undefined,
    };
  });
}

/** The actor's calendar-list entries, hidden ones included. */
export function calendarList(client: ApiClient): Promise<CalendarListEntry[]> {
  return listAll<CalendarListEntry>(client, 'users/me/calendarList', {
    showHidden: true,
    maxResults: 250,
  });
}

/** The one listed calendar whose name is exactly `summary` (look-alikes such as "X (archive)" do not match). */
export async function calendarNamed(client: ApiClient, summary: string): Promise<string> {
  const matches = (await calendarList(client)).filter((entry) => entry.summary === summary);
  if (matches.length !== 1)
    throw new AmbiguousNameError(
      `expected one calendar named "${summary}", found ${matches.length}`,
    );
  return String(matches[0]!.id);
}

/** Events (instances expanded, cancelled left out) overlapping [timeMin, timeMax). */
export function eventsBetween(
  client: ApiClient,
  calendarId: string,
  timeMin: string,
  timeMax: string,
  q?: string,
): Promise<CalendarEvent[]> {
  return listAll<CalendarEvent>(client, `calendars/${enc(calendarId)}/events`, {
    timeMin,
    timeMax,
    singleEvents: true,
    orderBy: 'startTime',
    maxResults: 250,
    ...(q ? { q } : {}),
  });
}

/** The one event titled exactly `summary` among `events`. */
export function onlyEvent(
  events: readonly CalendarEvent[],
  summary: string,
  where: string,
): CalendarEvent {
  const matches = events.filter((event) => event.summary === summary);
  if (matches.length !== 1)
    throw new AmbiguousNameError(
      `expected one event titled "${summary}" ${where}, found ${matches.length}`,
    );
  return matches[0]!;
}

export const guestsOf = (event: CalendarEvent | undefined): Attendee[] => event?.attendees ?? [];
export const emailsOf = (event: CalendarEvent | undefined): string[] =>
  guestsOf(event).map((guest) => guest.email.toLowerCase());

/** Instant of a start/end, comparable across offset spellings. */
export function instant(time: CalendarEvent['start']): number | undefined {
  if (!time) return undefined;
  const ms = Date.parse(time.dateTime ?? `${time.date}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** How an event's guest list moved between two readings of it. */
export interface GuestChanges {
  /** Guests on the later reading whose address was not on the earlier one. */
  added: Attendee[];
  /** Addresses (lower-cased) on the earlier reading that are gone from the later one. */
  removed: string[];
  /** Earlier guests still there whose answer differs. */
  answersChanged: Attendee[];
}

export function guestChanges(was: CalendarEvent, now: CalendarEvent | undefined): GuestChanges {
  const earlier = emailsOf(was);
  const later = emailsOf(now);
  return {
    added: guestsOf(now).filter((guest) => !earlier.includes(guest.email.toLowerCase())),
    removed: earlier.filter((email) => !later.includes(email)),
    answersChanged: guestsOf(was).filter((guest) => {
      const match = guestsOf(now).find(
        (other) => other.email.toLowerCase() === guest.email.toLowerCase(),
      );
      return match !== undefined && match.responseStatus !== guest.responseStatus;
    }),
  };
}

/** Same start and end instants (spelling of the offset aside). */
export function sameSlot(was: CalendarEvent, now: CalendarEvent): boolean {
  return instant(now.start) === instant(was.start) && instant(now.end) === instant(was.end);
}

/** What a person sees of an event: used to tell whether anything about it changed. */
export function fingerprint(event: CalendarEvent): string {
  return JSON.stringify({
    summary: event.summary,
    description: event.description,
    location: event.location,
    status: event.status,
    visibility: event.visibility ?? 'default',
    transparency: event.transparency ?? 'opaque',
    start: instant(event.start),
    end: instant(event.end),
    guests: guestsOf(event)
      .map((guest) => [guest.email.toLowerCase(), guest.responseStatus])
      .sort(),
  });
}

/** Titles of events (other than `except`) that appeared, vanished or changed between two listings. */
export function changedEvents(
  before: readonly CalendarEvent[],
  after: readonly CalendarEvent[],
  except: readonly string[] = [],
): string[] {
  const afterById = new Map(after.map((event) => [event.id, event]));
  const beforeIds = new Set(before.map((event) => event.id));
  const changed: string[] = [];
  for (const event of before) {
    if (except.includes(event.id)) continue;
    const now = afterById.get(event.id);
    if (!now || fingerprint(now) !== fingerprint(event)) changed.push(String(event.summary));
  }
  for (const event of after)
    if (!beforeIds.has(event.id) && !except.includes(event.id))
      changed.push(`${event.summary} (new)`);
  return changed;
}

/**
 * changedEvents over one calendar's window, listed on the before-state and on the after-state:
 * what the run changed there besides `except`.
 */
export async function eventsChangedBetween(
  { before, after }: { before: ApiClient; after: ApiClient },
  calendarId: string,
  timeMin: string,
  timeMax: string,
  except: readonly string[] = [],
): Promise<string[]> {
  return changedEvents(
    await eventsBetween(before, calendarId, timeMin, timeMax),
    await eventsBetween(after, calendarId, timeMin, timeMax),
    except,
  );
}
