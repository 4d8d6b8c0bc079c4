import { describe, expect, it } from 'vitest';
import type { Row } from '../../../src/schema/json.js';
import {
  actorOf,
  allPages,
  calendarIdOf,
  errorReason,
  get,
  listBody,
  rowsOf,
} from './builtin-seed.js';

const ENGINEERING = calendarIdOf('Engineering');
const DESIGN = calendarIdOf('Design Team');
const CS = calendarIdOf('Customer Success');
const eventsPath = (calendarId: string): string =>
  `calendars/${encodeURIComponent(calendarId)}/events`;
const eventRows = (calendarId: string): Row[] =>
  rowsOf('calendar_events').filter((row) => row.calendar_id === calendarId);
const seriesNamed = (calendarId: string, summary: string): Row => {
  const found = eventRows(calendarId).filter(
    (row) => row.summary === summary && Array.isArray(row.recurrence),
  );
  expect(found).toHaveLength(1);
  return found[0]!;
};
const startMs = (row: Row): number => {
  const start = row.start as { dateTime?: string; date?: string };
  return Date.parse(start.dateTime ?? `${start.date}T00:00:00Z`);
};
const endMs = (row: Row): number => {
  const end = row.end as { dateTime?: string; date?: string };
  return Date.parse(end.dateTime ?? `${end.date}T00:00:00Z`);
};
const ids = (items: Array<Record<string, unknown>>): string[] =>
  items.map((item) => String(item.id)).sort();

describe('events.list without expansion', () => {
  it('returns every stored, non-cancelled event of the calendar (series once)', () => {
    const expected = eventRows(DESIGN)
      .filter((row) => row.status !== 'cancelled')
      .map((row) => String(row.id))
      .sort();
    expect(ids(allPages(eventsPath(DESIGN), {}).items)).toEqual(expected);
  });

  it('adds cancelled events with showDeleted', () => {
    const expected = eventRows(DESIGN)
      .map((row) => String(row.id))
      .sort();
    const listed = allPages(eventsPath(DESIGN), { showDeleted: true }).items;
    expect(ids(listed)).toEqual(expected);
    expect(listed.some((item) => item.status === 'cancelled')).toBe(true);
  });

  it('filters one-off events by overlap with [timeMin, timeMax)', () => {
    const timeMin = '2026-04-20T00:00:00-04:00';
    const timeMax = '2026-04-27T00:00:00-04:00';
    const listed = allPages(eventsPath(CS), { timeMin, timeMax }).items;
    const expected = eventRows(CS)
      .filter((row) => !Array.isArray(row.recurrence) && row.status !== 'cancelled')
      .filter((row) => endMs(row) > Date.parse(timeMin) && startMs(row) < Date.parse(timeMax))
      .map((row) => String(row.id))
      .sort();
    expect(expected.length).toBeGreaterThan(1);
    expect(ids(listed.filter((item) => item.recurrence === undefined))).toEqual(expected);
    // The weekly series has instances that week, so the series itself is listed.
    expect(listed.map((item) => item.id)).toContain(seriesNamed(CS, 'CS weekly').id);
  });

  it('matches every word of q against summary, description, location and guests', () => {
    const listed = allPages(eventsPath(CS), { q: 'ADVISORY board' }).items;
    const expected = eventRows(CS)
      .filter(
        (row) =>
          row.status !== 'cancelled' &&
          `${row.summary} ${row.description} ${row.location}`
            .toLowerCase()
            .includes('advisory board'),
      )
      .map((row) => String(row.id))
      .sort();
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(ids(listed)).toEqual(expected);
    const byGuest = allPages(eventsPath(CS), { q: 'Elise' }).items;
    const eliseEvents = rowsOf('calendar_event_attendees')
      .filter((row) => row.email === actorOf('elise').email)
      .map((row) => row.event_id);
    expect(byGuest.length).toBeGreaterThan(0);
    for (const item of byGuest) expect(eliseEvents).toContain(item.id);
  });

  it('filters by iCalUID and by updatedMin', () => {
    const target = eventRows(CS).find((row) => row.summary === 'Customer advisory board')!;
    expect(ids(listBody(get(eventsPath(CS), { iCalUID: String(target.ical_uid) })).items)).toEqual([
      String(target.id),
    ]);
    const updatedMin = '2026-04-01T00:00:00Z';
    const expected = eventRows(DESIGN)
      .filter((row) => Date.parse(`${row.updated_at}Z`) >= Date.parse(updatedMin))
      .map((row) => String(row.id))
      .sort();
    expect(ids(allPages(eventsPath(DESIGN), { updatedMin }).items)).toEqual(expected);
  });

  it('orders by last update when asked', () => {
    const listed = allPages(eventsPath(CS), { orderBy: 'updated' }).items;
    const updated = listed.map((item) => String(item.updated));
    expect(updated).toEqual([...updated].sort());
  });
});

describe('events.list with singleEvents', () => {
  const standup = seriesNamed(ENGINEERING, 'Eng standup');
  const cancelledStarts = eventRows(ENGINEERING)
    .filter((row) => row.recurring_event_id === standup.id && row.status === 'cancelled')
    .map((row) => Date.parse((row.original_start_time as { dateTime: string }).dateTime));

  it('expands a weekday series over a week and drops its cancelled instance', () => {
    const timeMin = '2026-03-30T00:00:00-04:00';
    const timeMax = '2026-04-04T00:00:00-04:00';
    const listed = allPages(eventsPath(ENGINEERING), {
      singleEvents: true,
      orderBy: 'startTime',
      timeMin,
      timeMax,
    }).items;
    const instances = listed.filter((item) => item.recurringEventId === standup.id);
    // Five weekdays at the series' local time, minus the cancelled ones in the window.
    const weekdays = ['2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03'].map(
      (date) => Date.parse(`${date}T${String(standup.start_datetime).slice(11, 19)}-04:00`),
    );
    const expected = weekdays.filter((ms) => !cancelledStarts.includes(ms));
    expect(
      cancelledStarts.some((ms) => ms >= Date.parse(timeMin) && ms < Date.parse(timeMax)),
    ).toBe(true);
    expect(
      instances.map((item) => Date.parse((item.start as { dateTime: string }).dateTime)),
    ).toEqual(expected);
    expect(listed.some((item) => item.id === standup.id)).toBe(false);
    const starts = listed.map((item) =>
      Date.parse(
        String(
          (item.start as { dateTime?: string; date?: string }).dateTime ??
            `${(item.start as { date: string }).date}T00:00:00-04:00`,
        ),
      ),
    );
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('shows the cancelled instance with showDeleted', () => {
    const listed = allPages(eventsPath(ENGINEERING), {
      singleEvents: true,
      showDeleted: true,
      timeMin: '2026-04-03T00:00:00-04:00',
      timeMax: '2026-04-04T00:00:00-04:00',
    }).items;
    const cancelled = listed.filter((item) => item.recurringEventId === standup.id);
    expect(cancelled.map((item) => item.status)).toEqual(['cancelled']);
  });

  it('replaces a moved instance with its exception and keeps local time across DST', () => {
    const sync = seriesNamed(DESIGN, 'Design sync');
    const moved = eventRows(DESIGN).find(
      (row) => row.recurring_event_id === sync.id && row.status !== 'cancelled',
    )!;
    const listed = allPages(eventsPath(DESIGN), { singleEvents: true }).items.filter(
      (item) => item.recurringEventId === sync.id,
    );
    const exceptionIds = eventRows(DESIGN)
      .filter((row) => row.recurring_event_id === sync.id)
      .map((row) => row.id);
    const count = (sync.recurrence as string[])[0]!.match(/COUNT=(\d+)/)![1];
    // Every occurrence of the COUNT, less the cancelled exception.
    expect(listed).toHaveLength(
      Number(count) -
        exceptionIds.filter(
          (id) => eventRows(DESIGN).find((row) => row.id === id)?.status === 'cancelled',
        ).length,
    );
    const shown = listed.find((item) => item.id === moved.id)!;
    expect(shown.start).toEqual(moved.start);
    expect(shown.originalStartTime).toEqual(moved.original_start_time);
    const offsets = listed.map((item) =>
      String((item.start as { dateTime: string }).dateTime).slice(-6),
    );
    expect(offsets[0]).toBe('-05:00');
    expect(offsets.at(-1)).toBe('-04:00');
    const localTimes = new Set(
      listed
        .filter((item) => item.id !== moved.id)
        .map((item) => String((item.start as { dateTime: string }).dateTime).slice(11, 16)),
    );
    expect(localTimes).toEqual(new Set([String(sync.start_datetime).slice(11, 16)]));
  });

  it('pages through expanded instances without loss or repetition', () => {
    const query = {
      singleEvents: true,
      orderBy: 'startTime',
      timeMin: '2026-03-01T00:00:00Z',
      timeMax: '2026-06-01T00:00:00Z',
    };
    const whole = listBody(get(eventsPath(ENGINEERING), { ...query, maxResults: 2500 })).items;
    const paged = allPages(eventsPath(ENGINEERING), { ...query, maxResults: 7 });
    expect(paged.pages).toBe(Math.ceil(whole.length / 7));
    expect(paged.items.map((item) => item.id)).toEqual(whole.map((item) => item.id));
  });
});

describe('events.list errors', () => {
  it('refuses orderBy=startTime without singleEvents', () => {
    const response = get(eventsPath(DESIGN), { orderBy: 'startTime' });
    expect(response.status).toBe(400);
    expect(errorReason(response)).toBe('badRequest');
  });

  it('refuses timestamps without an offset and empty ranges', () => {
    expect(errorReason(get(eventsPath(DESIGN), { timeMin: '2026-04-01T00:00:00' }))).toBe(
      'invalid',
    );
    expect(
      errorReason(
        get(eventsPath(DESIGN), {
          timeMin: '2026-04-02T00:00:00Z',
          timeMax: '2026-04-01T00:00:00Z',
        }),
      ),
    ).toBe('timeRangeEmpty');
  });

  it('refuses a page token of another list and a bad maxResults', () => {
    const token = listBody(get(eventsPath(DESIGN), { maxResults: 1 })).nextPageToken;
    expect(token).toBeDefined();
    expect(get(eventsPath(CS), { pageToken: token! }).status).toBe(400);
    expect(errorReason(get(eventsPath(CS), { maxResults: 0 }))).toBe('invalid');
  });
});

describe('events.get and events.instances', () => {
  const review = eventRows(DESIGN).find(
    (row) => row.summary === 'Design review' && String(row.start_datetime).startsWith('2026-04-14'),
  )!;

  it('returns a stored event in Google shape with guests and their responses', () => {
    const response = get(`${eventsPath(DESIGN)}/${review.id}`);
    expect(response.status).toBe(200);
    const body = response.body as Record<string, unknown>;
    expect(body).toMatchObject({
      kind: 'calendar#event',
      id: review.id,
      summary: 'Design review',
      start: review.start,
      end: review.end,
      iCalUID: review.ical_uid,
    });
    const guests = rowsOf('calendar_event_attendees').filter((row) => row.event_id === review.id);
    expect(
      (body.attendees as Array<{ email: string; responseStatus: string }>).map((a) => [
        a.email,
        a.responseStatus,
      ]),
    ).toEqual(guests.map((g) => [g.email, g.response_status]));
  });

  it('answers 404 for an unknown id and for an event asked on another calendar', () => {
    expect(get(`${eventsPath(DESIGN)}/nosuchevent`).status).toBe(404);
    expect(errorReason(get(`${eventsPath(CS)}/${review.id}`))).toBe('notFound');
  });

  it('lists instances of a series and resolves an instance id', () => {
    const sync = seriesNamed(DESIGN, 'Design sync');
    const listed = allPages(`${eventsPath(DESIGN)}/${sync.id}/instances`, {
      showDeleted: true,
    }).items;
    const count = Number((sync.recurrence as string[])[0]!.match(/COUNT=(\d+)/)![1]);
    expect(listed).toHaveLength(count);
    const plain = listed.find(
      (item) =>
        String(item.id).startsWith(`${sync.id}_`) &&
        !eventRows(DESIGN).some((row) => row.id === item.id),
    )!;
    const single = get(`${eventsPath(DESIGN)}/${plain.id}`);
    expect(single.status).toBe(200);
    expect((single.body as Record<string, unknown>).start).toEqual(plain.start);
    const original = String((plain.originalStartTime as { dateTime: string }).dateTime);
    expect(
      listBody(
        get(`${eventsPath(DESIGN)}/${sync.id}/instances`, { originalStart: original }),
      ).items.map((item) => item.id),
    ).toEqual([plain.id]);
  });
});
