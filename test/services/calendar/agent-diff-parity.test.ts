import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { seedFromAgentDiff } from '../../../src/import/agent-diff/seed.js';
import type { Row } from '../../../src/schema/json.js';
import type { Actor } from '../../../src/schema/task.js';
import { CalendarTableKeys, createCalendarReplica } from '../../../src/services/calendar/index.js';
import { State } from '../../../src/state/state.js';
import { AGENT_DIFF_DIR, describeWithAgentDiff } from '../../support/shared.js';

describeWithAgentDiff('calendar replica on the Agent-Diff calendar seed', () => {
  const load = () => {
    const json = JSON.parse(
      readFileSync(path.join(AGENT_DIFF_DIR, 'seeds/calendar/calendar_default.json'), 'utf8'),
    ) as Record<string, Row[]>;
    const { seed, skippedTables } = seedFromAgentDiff(
      'calendar_default',
      'calendar',
      json,
      CalendarTableKeys,
    );
    return { json, seed, skippedTables, state: State.fromSeed(seed) };
  };
  // The actor of the Agent-Diff suite is the user flagged `self`.
  const actorFrom = (json: Record<string, Row[]>): Actor => {
    const self = json.calendar_users!.find((row) => row.self === true)!;
    return { id: String(self.id), name: String(self.display_name), email: String(self.email) };
  };
  const pages = (
    replica: ReturnType<typeof createCalendarReplica>,
    pathName: string,
    query: Record<string, string | number | boolean>,
  ) => {
    const items: Array<Record<string, unknown>> = [];
    let token: string | undefined;
    do {
      const response = replica.handle({
        method: 'GET',
        path: pathName,
        query: token ? { ...query, pageToken: token } : query,
      });
      expect(response.status).toBe(200);
      const body = response.body as {
        items: Array<Record<string, unknown>>;
        nextPageToken?: string;
      };
      items.push(...body.items);
      token = body.nextPageToken;
    } while (token);
    return items;
  };

  it('loads every table with its key and every row', () => {
    const { json, seed, skippedTables, state } = load();
    expect(skippedTables).toEqual([]);
    for (const [table, rows] of Object.entries(json)) {
      expect(seed.tables[table]?.key).toEqual(CalendarTableKeys[table]);
      expect(state.rows(table)).toHaveLength(rows.length);
    }
  });

  it("lists the actor's calendar list as the seed holds it", () => {
    const { json, state } = load();
    const actor = actorFrom(json);
    const expected = json
      .calendar_list_entries!.filter(
        (row) => row.user_id === actor.id && !row.deleted && !row.hidden,
      )
      .map((row) => row.calendar_id);
    const listed = pages(createCalendarReplica(state, actor), 'users/me/calendarList', {
      maxResults: 7,
    });
    expect(listed.map((item) => item.id).sort()).toEqual([...expected].sort());
  });

  it('returns every one-off event of the busiest owned calendar in a week, across pages', () => {
    const { json, state } = load();
    const actor = actorFrom(json);
    const owned = new Set(
      json.calendars!.filter((row) => row.owner_id === actor.id).map((row) => row.id),
    );
    const counts = new Map<unknown, number>();
    for (const row of json.calendar_events!)
      if (owned.has(row.calendar_id))
        counts.set(row.calendar_id, (counts.get(row.calendar_id) ?? 0) + 1);
    const [calendarId] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const oneOff = json.calendar_events!.filter(
      (row) => row.calendar_id === calendarId && !row.recurrence && row.status !== 'cancelled',
    );
    // The week that holds the calendar's earliest one-off event.
    const first = Math.min(
      ...oneOff.map((row) => Date.parse((row.start as { dateTime: string }).dateTime)),
    );
    const monday = new Date(first - ((new Date(first).getUTCDay() + 6) % 7) * 86_400_000);
    const timeMin = `${monday.toISOString().slice(0, 10)}T00:00:00Z`;
    const timeMax = new Date(Date.parse(timeMin) + 7 * 86_400_000).toISOString();
    const expected = oneOff
      .filter(
        (row) =>
          Date.parse((row.end as { dateTime: string }).dateTime) > Date.parse(timeMin) &&
          Date.parse((row.start as { dateTime: string }).dateTime) < Date.parse(timeMax),
      )
      .map((row) => row.id);
    expect(expected.length).toBeGreaterThan(0);
    const listed = pages(
      createCalendarReplica(state, actor),
      `calendars/${encodeURIComponent(String(calendarId))}/events`,
      { timeMin, timeMax, singleEvents: true, maxResults: 2 },
    );
    expect(
      listed
        .filter((item) => item.recurringEventId === undefined)
        .map((item) => item.id)
        .sort(),
    ).toEqual([...expected].sort());
  });

  it('expands a weekly series of the seed into one instance per week', () => {
    const { json, state } = load();
    const actor = actorFrom(json);
    const series = json.calendar_events!.find(
      (row) =>
        Array.isArray(row.recurrence) &&
        /FREQ=WEEKLY;BYDAY=[A-Z]{2}$/.test(String((row.recurrence as string[])[0])),
    )!;
    const start = Date.parse((series.start as { dateTime: string }).dateTime);
    const replica = createCalendarReplica(state, actor);
    const response = replica.handle({
      method: 'GET',
      path: `calendars/${encodeURIComponent(String(series.calendar_id))}/events/${series.id}/instances`,
      query: {
        timeMin: new Date(start).toISOString(),
        timeMax: new Date(start + 28 * 86_400_000).toISOString(),
      },
    });
    const items = (response.body as { items: Array<{ start: { dateTime: string } }> }).items;
    expect(items.map((item) => Date.parse(item.start.dateTime) - start)).toEqual(
      [0, 1, 2, 3].map((week) => week * 7 * 86_400_000),
    );
  });

  it('returns every ACL rule of each calendar the actor owns', () => {
    const { json, state } = load();
    const actor = actorFrom(json);
    const replica = createCalendarReplica(state, actor);
    const owned = json.calendars!.filter((row) => row.owner_id === actor.id).slice(0, 10);
    for (const calendar of owned) {
      const expected = json
        .calendar_acl_rules!.filter((row) => row.calendar_id === calendar.id && row.role !== 'none')
        .map((row) => row.id);
      const listed = pages(replica, `calendars/${encodeURIComponent(String(calendar.id))}/acl`, {
        maxResults: 3,
      });
      expect(listed.map((item) => item.id)).toEqual(expected);
    }
  });

  it('hides calendars the actor has no list entry, ACL rule or ownership for', () => {
    const { json, state } = load();
    const actor = actorFrom(json);
    const visible = new Set([
      ...json
        .calendar_list_entries!.filter((row) => row.user_id === actor.id)
        .map((row) => row.calendar_id),
      ...json
        .calendar_acl_rules!.filter((row) => row.scope_value === actor.email)
        .map((row) => row.calendar_id),
      ...json.calendars!.filter((row) => row.owner_id === actor.id).map((row) => row.id),
    ]);
    const hidden = json.calendars!.filter((row) => !visible.has(row.id));
    expect(hidden.length).toBeGreaterThan(0);
    const replica = createCalendarReplica(state, actor);
    for (const calendar of hidden)
      expect(
        replica.handle({
          method: 'GET',
          path: `calendars/${encodeURIComponent(String(calendar.id))}`,
        }).status,
      ).toBe(404);
  });
});
