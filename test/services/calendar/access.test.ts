import { describe, expect, it } from 'vitest';
import { actorOf, allPages, calendarIdOf, dana, get, rowsOf } from './builtin-seed.js';

const eventsPath = (calendarId: string): string =>
  `calendars/${encodeURIComponent(calendarId)}/events`;

describe('what an actor may see', () => {
  it('shows only free/busy fields on a calendar shared for free/busy', () => {
    const priya = actorOf('priya_r').email;
    const listed = allPages(eventsPath(priya), {});
    const stored = rowsOf('calendar_events').filter(
      (row) => row.calendar_id === priya && row.status !== 'cancelled',
    );
    expect(listed.items).toHaveLength(stored.length);
    for (const item of listed.items) {
      expect(item.summary).toBeUndefined();
      expect(item.attendees).toBeUndefined();
      expect(item.start).toBeDefined();
    }
    expect(allPages(eventsPath(priya), { q: String(stored[0]!.summary) }).items).toEqual([]);
  });

  it('hides the details of private events from readers but not from writers', () => {
    const boardroom = calendarIdOf('NYC-4 Boardroom (16)');
    const privateRows = rowsOf('calendar_events').filter(
      (row) => row.calendar_id === boardroom && row.visibility === 'private',
    );
    expect(privateRows.length).toBeGreaterThan(0);
    const listed = allPages(eventsPath(boardroom), {}).items;
    for (const row of privateRows) {
      const item = listed.find((candidate) => candidate.id === row.id)!;
      expect(item).toMatchObject({ visibility: 'private', start: row.start });
      expect(item.summary).toBeUndefined();
    }
    const elise = actorOf('elise').email;
    const elisePrivate = rowsOf('calendar_events').find(
      (row) => row.calendar_id === elise && row.visibility === 'private',
    )!;
    expect(
      (get(`${eventsPath(elise)}/${elisePrivate.id}`).body as { summary?: string }).summary,
    ).toBe(elisePrivate.summary);
  });

  it('keeps team calendars without a domain rule invisible to outsiders', () => {
    const hiring = calendarIdOf('Hiring');
    const wren = actorOf('wren');
    expect(get(eventsPath(hiring), {}, wren).status).toBe(404);
    expect(get(eventsPath(hiring), {}, dana).status).toBe(200);
  });

  it('reports the access role in the events envelope', () => {
    expect(get(eventsPath(calendarIdOf('Operations'))).body).toMatchObject({ accessRole: 'owner' });
    expect(get(eventsPath(calendarIdOf('Engineering'))).body).toMatchObject({
      accessRole: 'reader',
    });
    expect(get(eventsPath(actorOf('tobias').email)).body).toMatchObject({
      accessRole: 'freeBusyReader',
    });
  });
});
