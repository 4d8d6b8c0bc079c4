import { describe, expect, it } from 'vitest';
import { actorOf, dana, errorReason, get, listBody, rowsOf } from './builtin-seed.js';

describe('settings', () => {
  it("lists only the actor's own settings", () => {
    const own = rowsOf('calendar_settings').filter((row) => row.user_id === dana.id);
    expect(listBody(get('users/me/settings')).items.map((item) => [item.id, item.value])).toEqual(
      own.map((row) => [row.setting_id, row.value]),
    );
    const yara = actorOf('yara');
    expect((get('users/me/settings/timezone', {}, yara).body as { value: string }).value).toBe(
      'Europe/Berlin',
    );
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
