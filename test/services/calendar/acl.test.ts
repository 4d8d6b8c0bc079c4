import { describe, expect, it } from 'vitest';
import { allPages, calendarIdOf, errorReason, get, rowsOf } from './builtin-seed.js';

const aclPath = (summary: string): string =>
  `calendars/${encodeURIComponent(calendarIdOf(summary))}/acl`;

describe('acl', () => {
  it("lists every rule of a calendar the actor owns, in Google's shape", () => {
    const rules = rowsOf('calendar_acl_rules').filter(
      (row) => row.calendar_id === calendarIdOf('Operations'),
    );
    const listed = allPages(aclPath('Operations'), { maxResults: 2 }).items;
    expect(listed.map((item) => [item.id, item.role, item.scope])).toEqual(
      rules.map((row) => [row.id, row.role, { type: row.scope_type, value: row.scope_value }]),
    );
    expect(listed.every((item) => item.kind === 'calendar#aclRule')).toBe(true);
  });

  it('gets one rule by id and 404s an unknown one', () => {
    const rule = rowsOf('calendar_acl_rules').find(
      (row) => row.calendar_id === calendarIdOf('Offsite 2026') && row.role === 'writer',
    )!;
    expect(
      get(`${aclPath('Offsite 2026')}/${encodeURIComponent(String(rule.id))}`).body,
    ).toMatchObject({ id: rule.id, role: 'writer' });
    expect(errorReason(get(`${aclPath('Offsite 2026')}/user:nobody@example.com`))).toBe('notFound');
  });

  it("lets a writer read the rules (Google's writer role reads the ACL), refuses a reader with 403 and hides invisible calendars with 404", () => {
    const rules = rowsOf('calendar_acl_rules').filter(
      (row) => row.calendar_id === calendarIdOf('Design Team') && row.role !== 'none',
    );
    expect(rules.length).toBeGreaterThan(0);
    expect(allPages(aclPath('Design Team'), {}).items.map((item) => item.id)).toEqual(
      rules.map((row) => row.id),
    );
    expect(errorReason(get(aclPath('Design Team (archive)')))).toBe('forbidden');
    expect(errorReason(get(aclPath('Finance Close')))).toBe('notFound');
  });
});
