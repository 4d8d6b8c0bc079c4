import { describe, expect, it } from 'vitest';
import { actorOf, dana, errorReason, get, listBody, rowsOf } from './builtin-seed.js';

describe('settings', () => {
  it("lists the actor's own settings, then every other documented one at its default", () => {
    const own = rowsOf('calendar_settings').filter((row) => row.user_id === dana.id);
    const listed = listBody(get('users/me/settings')).items.map((item) => [item.id, item.value]);
    expect(listed.slice(0, own.length)).toEqual(own.map((row) => [row.setting_id, row.value]));
    expect(listed).toHaveLength(12);
    expect(listed).toContainEqual(['hideWeekends', 'false']);
    expect(listed).toContainEqual(['showDeclinedEvents', 'true']);
    expect(new Set(listed.map(([id]) => id)).size).toBe(12);
    const yara = actorOf('yara');
    expect((get('users/me/settings/timezone', {}, yara).body as { value: string }).value).toBe(
      'Europe/Berlin',
    );
  });

  it('answers a documented setting never stored with its default', () => {
    const stored = new Set(
      rowsOf('calendar_settings')
        .filter((row) => row.user_id === dana.id)
        .map((row) => row.setting_id),
    );
    expect(stored.has('useKeyboardShortcuts')).toBe(false);
    const response = get('users/me/settings/useKeyboardShortcuts');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      kind: 'calendar#setting',
      id: 'useKeyboardShortcuts',
      value: 'true',
    });
  });

  it('404s an unknown setting', () => {
    expect(errorReason(get('users/me/settings/notASetting'))).toBe('notFound');
  });
});

describe('colors', () => {
  it('serves the palette that calendar-list colours refer to', () => {
    const colors = get('colors').body as { calendar: Record<string, { background: string }> };
    const entry = listBody(get('users/me/calendarList')).items[0]!;
    expect(colors.calendar[String(entry.colorId)]!.background).toBe(entry.backgroundColor);
  });
});
