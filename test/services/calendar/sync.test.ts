import { describe, expect, it } from 'vitest';
import { allPages, dana, errorReason, get, listBody, rowsOf } from './builtin-seed.js';

const primary = dana.email;
const eventsPath = `calendars/${primary}/events`;

describe('incremental sync (nextSyncToken / syncToken)', () => {
  it('puts nextSyncToken on the last page only, never beside nextPageToken', () => {
    const first = listBody(get(eventsPath, { maxResults: 1 }));
    expect(first.nextPageToken).toBeDefined();
    expect(first.nextSyncToken).toBeUndefined();
    const whole = listBody(get(eventsPath, { maxResults: 2500 }));
    expect(whole.nextPageToken).toBeUndefined();
    expect(typeof whole.nextSyncToken).toBe('string');
    for (const path of ['users/me/calendarList', `calendars/${primary}/acl`, 'users/me/settings'])
      expect(typeof listBody(get(path, { maxResults: 250 })).nextSyncToken, path).toBe('string');
  });

  it('lists nothing changed since a token of the same state, and refuses it with filters', () => {
    const token = String(listBody(get(eventsPath, { maxResults: 2500 })).nextSyncToken);
    const since = listBody(get(eventsPath, { syncToken: token }));
    expect(since.items).toEqual([]);
    expect(since.nextSyncToken).toBe(token);
    const clash = get(eventsPath, { syncToken: token, q: 'standup' });
    expect(clash.status).toBe(400);
    const listToken = String(
      listBody(get('users/me/calendarList', { maxResults: 250 })).nextSyncToken,
    );
    expect(listBody(get('users/me/calendarList', { syncToken: listToken })).items).toEqual([]);
    expect(
      get('users/me/calendarList', { syncToken: listToken, minAccessRole: 'owner' }).status,
    ).toBe(400);
  });

  it('answers 410 fullSyncRequired for a token it did not issue or of another list', () => {
    const foreign = get(eventsPath, { syncToken: 'bm90LW91cnM' });
    expect(foreign.status).toBe(410);
    expect(errorReason(foreign)).toBe('fullSyncRequired');
    const aclToken = String(listBody(get(`calendars/${primary}/acl`)).nextSyncToken);
    expect(get(eventsPath, { syncToken: aclToken }).status).toBe(410);
  });

  it('a token taken before a change lists the changed events, deleted ones included', () => {
    // Every event updated after the earliest update: what a sync from that point returns.
    const rows = rowsOf('calendar_events').filter((row) => row.calendar_id === primary);
    const updates = rows.map((row) => Date.parse(String(row.updated_at))).sort((a, b) => a - b);
    const cut = updates[Math.floor(updates.length / 2)]!;
    const token = Buffer.from(JSON.stringify(['sync', `events:${primary}`, cut])).toString(
      'base64url',
    );
    const changed = allPages(eventsPath, { syncToken: token, maxResults: 50 }).items;
    expect(changed.map((item) => item.id).sort()).toEqual(
      rows
        .filter((row) => Date.parse(String(row.updated_at)) > cut)
        .map((row) => String(row.id))
        .sort(),
    );
  });
});

describe('timeZone on events.get and events.list', () => {
  it('writes the same instants in the requested zone, keeping the event zone', () => {
    const listed = listBody(get(eventsPath, { maxResults: 1 })).items[0]!;
    const path = `${eventsPath}/${String(listed.id)}`;
    const own = get(path).body as { start: { dateTime?: string; timeZone?: string } };
    const tokyo = get(path, { timeZone: 'Asia/Tokyo' }).body as typeof own;
    expect(own.start.dateTime).toBeDefined();
    expect(tokyo.start.dateTime).toMatch(/\+09:00$/);
    expect(Date.parse(String(tokyo.start.dateTime))).toBe(Date.parse(String(own.start.dateTime)));
    expect(tokyo.start.timeZone).toBe(own.start.timeZone);
    const list = listBody(get(eventsPath, { maxResults: 1, timeZone: 'Asia/Tokyo' }));
    expect(list.timeZone).toBe('Asia/Tokyo');
    expect(get(path, { timeZone: 'Mars/Olympus' }).status).toBe(400);
  });
});

describe('calendar-list entry fields', () => {
  it('carries conference properties, and notification settings on the primary entry only', () => {
    const entries = listBody(get('users/me/calendarList', { maxResults: 250 })).items;
    for (const entry of entries)
      expect(entry.conferenceProperties).toEqual({
        allowedConferenceSolutionTypes: ['hangoutsMeet'],
      });
    const withNotifications = entries.filter((entry) => entry.notificationSettings !== undefined);
    expect(withNotifications.map((entry) => entry.id)).toEqual([primary]);
  });
});
