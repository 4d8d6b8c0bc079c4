import { describe, expect, it } from 'vitest';
import {
  actorOf,
  allPages,
  calendarIdOf,
  dana,
  errorReason,
  get,
  listBody,
  rowsOf,
} from './builtin-seed.js';

const entriesOf = (userId: string) =>
  rowsOf('calendar_list_entries').filter((row) => row.user_id === userId);
const sorted = (values: unknown[]): string[] => values.map(String).sort();

describe('calendarList.list', () => {
  it("lists the actor's visible entries; hidden and deleted ones only on request", () => {
    const entries = entriesOf(dana.id);
    const visible = entries.filter((row) => !row.hidden && !row.deleted);
    expect(entries.some((row) => row.hidden) && entries.some((row) => row.deleted)).toBe(true);
    expect(sorted(allPages('users/me/calendarList', {}).items.map((item) => item.id))).toEqual(
      sorted(visible.map((row) => row.calendar_id)),
    );
    expect(
      sorted(allPages('users/me/calendarList', { showHidden: true }).items.map((item) => item.id)),
    ).toEqual(sorted(entries.filter((row) => !row.deleted).map((row) => row.calendar_id)));
    const withDeleted = allPages('users/me/calendarList', {
      showHidden: true,
      showDeleted: true,
    }).items;
    expect(sorted(withDeleted.map((item) => item.id))).toEqual(
      sorted(entries.map((row) => row.calendar_id)),
    );
    expect(withDeleted.filter((item) => item.deleted === true)).toHaveLength(
      entries.filter((row) => row.deleted).length,
    );
  });

  it('filters by minAccessRole and pages with nextPageToken', () => {
    const owned = allPages('users/me/calendarList', { minAccessRole: 'owner' }).items;
    expect(sorted(owned.map((item) => item.id))).toEqual(
      sorted(
        entriesOf(dana.id)
          .filter((row) => row.access_role === 'owner' && !row.hidden && !row.deleted)
          .map((row) => row.calendar_id),
      ),
    );
    const paged = allPages('users/me/calendarList', { maxResults: 3 });
    expect(paged.pages).toBe(
      Math.ceil(entriesOf(dana.id).filter((row) => !row.hidden && !row.deleted).length / 3),
    );
    expect(errorReason(get('users/me/calendarList', { minAccessRole: 'admin' }))).toBe('invalid');
  });

  it('shows the calendar summary, zone, colour and the primary flag', () => {
    const primary = listBody(get('users/me/calendarList')).items.find(
      (item) => item.primary === true,
    )!;
    expect(primary).toMatchObject({
      kind: 'calendar#calendarListEntry',
      id: dana.email,
      accessRole: 'owner',
      timeZone: 'America/New_York',
    });
    expect(primary.backgroundColor).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("is each actor's own list", () => {
    const wren = actorOf('wren');
    expect(
      sorted(
        allPages('users/me/calendarList', { showHidden: true }, wren).items.map((item) => item.id),
      ),
    ).toEqual(sorted(entriesOf(wren.id).map((row) => row.calendar_id)));
  });
});

describe('calendarList.get and calendars.get', () => {
  it('resolves the primary alias in both', () => {
    expect((get('users/me/calendarList/primary').body as { id: string }).id).toBe(dana.email);
    expect(get('calendars/primary').body).toMatchObject({
      kind: 'calendar#calendar',
      id: dana.email,
      summary: dana.email,
    });
  });

  it('answers calendars.get for a calendar shared by ACL but not in the list', () => {
    const engineering = calendarIdOf('Engineering');
    expect(entriesOf(dana.id).some((row) => row.calendar_id === engineering)).toBe(false);
    expect(get(`calendars/${encodeURIComponent(engineering)}`).body).toMatchObject({
      id: engineering,
      summary: 'Engineering',
    });
    expect(errorReason(get(`users/me/calendarList/${encodeURIComponent(engineering)}`))).toBe(
      'notFound',
    );
  });

  it('hides calendars the actor has no access to behind the same 404 as unknown ones', () => {
    const finance = calendarIdOf('Finance Close');
    const hidden = get(`calendars/${encodeURIComponent(finance)}`);
    const unknown = get('calendars/no-such-calendar@group.calendar.google.com');
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(unknown.body);
    expect(get(`calendars/${encodeURIComponent(finance)}`, {}, actorOf('lena')).status).toBe(200);
  });
});
