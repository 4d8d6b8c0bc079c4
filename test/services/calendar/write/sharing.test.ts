// acl.*, calendarList.* and calendars.*: who may call each, what the server writes, and the
// read replica reading the result back.
import { describe, expect, it } from 'vitest';
import {
  applied,
  BOARD,
  DANA,
  googleErrorBody,
  PRIYA,
  read,
  run,
  TEAM,
  WREN,
} from './mini-seed.js';

const NOW = '2026-04-10T14:00:00';
const ETAG = '"3629233557420528"';
const SECOND_ETAG = '"3855050210310324"';
const teamAcl = `/calendars/${encodeURIComponent(TEAM)}/acl`;
const OWNER_NEEDED = googleErrorBody(
  403,
  'requiredAccessLevel',
  'You need to have owner access to this calendar.',
  'calendar',
);

function refusal(result: ReturnType<typeof run>) {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.patch)}`);
  return result.refusal;
}

describe('acl.insert', () => {
  it('adds a rule with the scope id, and the new grantee can then see the calendar', () => {
    const result = run(PRIYA, {
      method: 'POST',
      path: `/calendars/${encodeURIComponent(BOARD)}/acl`,
      body: { role: 'reader', scope: { type: 'user', value: 'Wren@ex.example' } },
    });
    expect(result.ok && result.patch).toEqual([
      {
        op: 'insert',
        table: 'calendar_acl_rules',
        row: {
          id: 'user:wren@ex.example',
          calendar_id: BOARD,
          role: 'reader',
          scope_type: 'user',
          scope_value: 'wren@ex.example',
          etag: ETAG,
          created_at: NOW,
          updated_at: NOW,
        },
      },
    ]);
    expect(result.ok && result.response).toMatchObject({
      id: 'user:wren@ex.example',
      role: 'reader',
      etag: ETAG,
    });
    const state = applied(result);
    expect(read(state, `/calendars/${encodeURIComponent(BOARD)}/events`, WREN).status).toBe(200);
  });

  it("raises an existing rule's role and the grantee's calendar-list accessRole with it", () => {
    const result = run(PRIYA, {
      method: 'POST',
      path: teamAcl,
      body: { role: 'writer', scope: { type: 'user', value: 'wren@ex.example' } },
    });
    expect(result.ok && result.patch).toEqual([
      {
        op: 'update',
        table: 'calendar_acl_rules',
        key: { calendar_id: TEAM, id: 'user:wren@ex.example' },
        set: { role: 'writer', etag: ETAG, updated_at: NOW },
      },
      {
        op: 'update',
        table: 'calendar_list_entries',
        key: { id: 'le_wren_1' },
        set: { access_role: 'writer', etag: SECOND_ETAG, updated_at: NOW },
      },
    ]);
    const entry = read(applied(result), `/users/me/calendarList/${encodeURIComponent(TEAM)}`, WREN);
    expect(entry.body).toMatchObject({ accessRole: 'writer' });
  });

  it('refuses a writer (owner access needed) and a bad role or scope', () => {
    const body = { role: 'reader', scope: { type: 'user', value: 'x@ex.example' } };
    expect(refusal(run(DANA, { method: 'POST', path: teamAcl, body })).body).toEqual(OWNER_NEEDED);
    expect(
      refusal(run(PRIYA, { method: 'POST', path: teamAcl, body: { ...body, role: 'admin' } }))
        .summary,
    ).toBe('400 invalid');
    expect(
      refusal(run(PRIYA, { method: 'POST', path: teamAcl, body: { role: 'reader' } })).body,
    ).toEqual(googleErrorBody(400, 'required', 'Missing scope.'));
    expect(
      refusal(
        run(PRIYA, {
          method: 'POST',
          path: teamAcl,
          body: { role: 'reader', scope: { type: 'user' } },
        }),
      ).summary,
    ).toBe('400 required');
  });

  it('refuses an owner changing their own rule', () => {
    const own = { role: 'reader', scope: { type: 'user', value: 'priya@ex.example' } };
    expect(refusal(run(PRIYA, { method: 'POST', path: teamAcl, body: own })).summary).toBe(
      '403 cannotChangeOwnAcl',
    );
  });
});

describe('acl.update, acl.patch, acl.delete', () => {
  const wrenRule = `${teamAcl}/user%3Awren%40ex.example`;

  it('patch changes the role; update must keep the scope', () => {
    const patched = run(PRIYA, {
      method: 'PATCH',
      path: wrenRule,
      body: { role: 'freeBusyReader' },
    });
    expect(patched.ok && patched.patch).toEqual([
      {
        op: 'update',
        table: 'calendar_acl_rules',
        key: { calendar_id: TEAM, id: 'user:wren@ex.example' },
        set: { role: 'freeBusyReader', etag: ETAG, updated_at: NOW },
      },
      {
        op: 'update',
        table: 'calendar_list_entries',
        key: { id: 'le_wren_1' },
        set: { access_role: 'freeBusyReader', etag: SECOND_ETAG, updated_at: NOW },
      },
    ]);
    const updated = run(PRIYA, {
      method: 'PUT',
      path: wrenRule,
      body: { role: 'writer', scope: { type: 'user', value: 'wren@ex.example' } },
    });
    expect(updated.ok && updated.patch[0]).toMatchObject({ set: { role: 'writer' } });
    expect(
      refusal(
        run(PRIYA, {
          method: 'PUT',
          path: wrenRule,
          body: { role: 'writer', scope: { type: 'domain', value: 'ex.example' } },
        }),
      ).summary,
    ).toBe('400 invalid');
    expect(refusal(run(PRIYA, { method: 'PUT', path: wrenRule, body: {} })).summary).toBe(
      '400 required',
    );
  });

  it('refuses a non-owner and an unknown rule', () => {
    expect(
      refusal(run(DANA, { method: 'PATCH', path: wrenRule, body: { role: 'writer' } })).body,
    ).toEqual(OWNER_NEEDED);
    expect(
      refusal(
        run(PRIYA, { method: 'PATCH', path: `${teamAcl}/user%3Anobody%40ex.example`, body: {} }),
      ).summary,
    ).toBe('404 notFound');
  });

  it("delete keeps the rule as role none and takes the calendar out of the grantee's list", () => {
    const result = run(PRIYA, { method: 'DELETE', path: wrenRule });
    expect(result.ok && result.status).toBe(204);
    expect(result.ok && result.patch).toEqual([
      {
        op: 'update',
        table: 'calendar_acl_rules',
        key: { calendar_id: TEAM, id: 'user:wren@ex.example' },
        set: { role: 'none', etag: ETAG, updated_at: NOW },
      },
      {
        op: 'update',
        table: 'calendar_list_entries',
        key: { id: 'le_wren_1' },
        set: { access_role: 'none', deleted: true, etag: SECOND_ETAG, updated_at: NOW },
      },
    ]);
    const state = applied(result);
    expect(read(state, `/calendars/${encodeURIComponent(TEAM)}/events`, WREN).status).toBe(404);
    const listed = read(state, teamAcl, PRIYA, { showDeleted: 'true' }).body as {
      items: { id: string; role: string }[];
    };
    expect(listed.items).toContainEqual(
      expect.objectContaining({ id: 'user:wren@ex.example', role: 'none' }),
    );
    expect(refusal(run(PRIYA, { method: 'DELETE', path: wrenRule }, state)).summary).toBe(
      '404 notFound',
    );
    expect(refusal(run(DANA, { method: 'DELETE', path: wrenRule })).body).toEqual(OWNER_NEEDED);
  });
});

describe("calendarList: the caller's own list only", () => {
  const teamEntry = `/users/me/calendarList/${encodeURIComponent(TEAM)}`;

  it('insert adds a visible calendar with the role the caller holds on it', () => {
    const result = run(WREN, {
      method: 'POST',
      path: '/users/me/calendarList',
      body: { id: 'dana@ex.example' },
    });
    // Wren holds nothing on Dana's calendar: it is invisible, so 404.
    expect(refusal(result).summary).toBe('404 notFound');
    const own = applied(
      run(PRIYA, {
        method: 'POST',
        path: `/calendars/${encodeURIComponent(BOARD)}/acl`,
        body: { role: 'reader', scope: { type: 'user', value: 'wren@ex.example' } },
      }),
    );
    const added = run(
      WREN,
      { method: 'POST', path: '/users/me/calendarList', body: { id: BOARD, colorId: '3' } },
      own,
    );
    expect(added.ok && added.patch).toEqual([
      {
        op: 'insert',
        table: 'calendar_list_entries',
        row: {
          id: 'cle_4cac3bde49b7e1eb',
          user_id: 'u_wren',
          calendar_id: BOARD,
          access_role: 'reader',
          primary: false,
          selected: true,
          hidden: false,
          deleted: false,
          color_id: '3',
          summary_override: null,
          etag: SECOND_ETAG,
          created_at: NOW,
          updated_at: NOW,
        },
      },
    ]);
    expect(
      read(applied(added, own), `/users/me/calendarList/${encodeURIComponent(BOARD)}`, WREN).body,
    ).toMatchObject({
      accessRole: 'reader',
      colorId: '3',
    });
  });

  it('insert refuses a missing id and a bad colorId', () => {
    expect(
      refusal(run(DANA, { method: 'POST', path: '/users/me/calendarList', body: {} })).summary,
    ).toBe('400 required');
    expect(
      refusal(
        run(DANA, {
          method: 'POST',
          path: '/users/me/calendarList',
          body: { id: TEAM, colorId: '99' },
        }),
      ).summary,
    ).toBe('400 invalid');
  });

  it('patch and update change only the caller’s own entry', () => {
    const patched = run(DANA, {
      method: 'PATCH',
      path: teamEntry,
      body: { colorId: '3', summaryOverride: 'My team' },
    });
    expect(patched.ok && patched.patch).toEqual([
      {
        op: 'update',
        table: 'calendar_list_entries',
        key: { id: 'le_dana_2' },
        set: { color_id: '3', summary_override: 'My team', etag: ETAG, updated_at: NOW },
      },
    ]);
    expect(read(applied(patched), teamEntry).body).toMatchObject({
      summaryOverride: 'My team',
      colorId: '3',
    });
    const updated = run(DANA, { method: 'PUT', path: teamEntry, body: { hidden: true } });
    expect(updated.ok && updated.patch[0]).toMatchObject({
      set: { hidden: true, selected: false, summary_override: null },
    });
    expect(
      refusal(run(DANA, { method: 'PATCH', path: teamEntry, body: { hidden: 'yes' } })).summary,
    ).toBe('400 invalid');
  });

  it("refuses writing another user's list: no such route (404), and no entry of the caller (404)", () => {
    const other = run(DANA, {
      method: 'PATCH',
      path: `/users/wren%40ex.example/calendarList/${encodeURIComponent(TEAM)}`,
      body: { hidden: true },
    });
    expect(refusal(other).body).toEqual(googleErrorBody(404, 'notFound', 'Not Found'));
    const notListed = run(WREN, {
      method: 'DELETE',
      path: `/users/me/calendarList/${encodeURIComponent(BOARD)}`,
    });
    expect(refusal(notListed).summary).toBe('404 notFound');
  });

  it('delete marks the entry deleted; the own primary calendar cannot leave', () => {
    const result = run(DANA, { method: 'DELETE', path: teamEntry });
    expect(result.ok && result.patch).toEqual([
      {
        op: 'update',
        table: 'calendar_list_entries',
        key: { id: 'le_dana_2' },
        set: { deleted: true, etag: ETAG, updated_at: NOW },
      },
    ]);
    expect(read(applied(result), teamEntry).status).toBe(404);
    expect(
      refusal(run(DANA, { method: 'DELETE', path: '/users/me/calendarList/primary' })).summary,
    ).toBe('403 cannotChangeOwnPrimarySubscription');
  });
});

describe('calendars', () => {
  it('insert creates the calendar, its owner entry and the owner rule', () => {
    const result = run(DANA, { method: 'POST', path: '/calendars', body: { summary: 'Trips' } });
    const id = 'c_4cac3bde49b7e1ebd9a48e0a2d5c1c8417c282e5@group.calendar.google.com';
    expect(result.ok && result.patch).toEqual([
      {
        op: 'insert',
        table: 'calendars',
        row: {
          id,
          summary: 'Trips',
          description: null,
          location: null,
          owner_id: 'u_dana',
          time_zone: 'America/New_York',
          etag: SECOND_ETAG,
          created_at: NOW,
          updated_at: NOW,
        },
      },
      {
        op: 'insert',
        table: 'calendar_list_entries',
        row: {
          id: 'cle_07cc179d219ac5cd',
          user_id: 'u_dana',
          calendar_id: id,
          access_role: 'owner',
          primary: false,
          selected: true,
          hidden: false,
          deleted: false,
          color_id: '14',
          summary_override: null,
          etag: '"3102832414205609"',
          created_at: NOW,
          updated_at: NOW,
        },
      },
      {
        op: 'insert',
        table: 'calendar_acl_rules',
        row: {
          id: 'user:dana@ex.example',
          calendar_id: id,
          role: 'owner',
          scope_type: 'user',
          scope_value: 'dana@ex.example',
          etag: '"3659485982721172"',
          created_at: NOW,
          updated_at: NOW,
        },
      },
    ]);
    expect(result.ok && result.response).toMatchObject({
      id,
      summary: 'Trips',
      timeZone: 'America/New_York',
    });
    expect(
      read(applied(result), `/users/me/calendarList/${encodeURIComponent(id)}`).body,
    ).toMatchObject({
      accessRole: 'owner',
    });
  });

  it('insert refuses a missing title and an unknown time zone', () => {
    expect(refusal(run(DANA, { method: 'POST', path: '/calendars', body: {} })).body).toEqual(
      googleErrorBody(400, 'required', 'Missing title.'),
    );
    expect(
      refusal(
        run(DANA, {
          method: 'POST',
          path: '/calendars',
          body: { summary: 'x', timeZone: 'Mars/Base' },
        }),
      ).summary,
    ).toBe('400 invalid');
  });

  it('patch and update are for owners only', () => {
    const team = `/calendars/${encodeURIComponent(TEAM)}`;
    const patched = run(PRIYA, {
      method: 'PATCH',
      path: team,
      body: { description: 'Team plans' },
    });
    expect(patched.ok && patched.patch).toEqual([
      {
        op: 'update',
        table: 'calendars',
        key: { id: TEAM },
        set: { description: 'Team plans', etag: ETAG, updated_at: NOW },
      },
    ]);
    expect(read(applied(patched), team).body).toMatchObject({ description: 'Team plans' });
    expect(
      refusal(run(DANA, { method: 'PATCH', path: team, body: { description: 'x' } })).body,
    ).toEqual(OWNER_NEEDED);
    expect(
      refusal(run(PRIYA, { method: 'PUT', path: team, body: { description: 'x' } })).summary,
    ).toBe('400 required');
    const updated = run(PRIYA, {
      method: 'PUT',
      path: team,
      body: { summary: 'Team', timeZone: 'Europe/Berlin' },
    });
    expect(updated.ok && updated.patch[0]).toMatchObject({
      set: { summary: 'Team', time_zone: 'Europe/Berlin', description: null, location: null },
    });
  });

  it('delete removes a secondary calendar with its events and rules; a primary one cannot go', () => {
    const board = `/calendars/${encodeURIComponent(BOARD)}`;
    const result = run(PRIYA, { method: 'DELETE', path: board });
    expect(result.ok && result.patch).toEqual([
      {
        op: 'delete',
        table: 'calendar_acl_rules',
        key: { calendar_id: BOARD, id: 'user:priya@ex.example' },
      },
      {
        op: 'delete',
        table: 'calendar_acl_rules',
        key: { calendar_id: BOARD, id: 'user:dana@ex.example' },
      },
      {
        op: 'update',
        table: 'calendar_list_entries',
        key: { id: 'le_dana_3' },
        set: { deleted: true, etag: ETAG, updated_at: NOW },
      },
      { op: 'delete', table: 'calendars', key: { id: BOARD } },
    ]);
    expect(read(applied(result), board, PRIYA).status).toBe(404);
    expect(refusal(run(PRIYA, { method: 'DELETE', path: '/calendars/primary' })).summary).toBe(
      '400 cannotDeletePrimaryCalendar',
    );
    expect(refusal(run(DANA, { method: 'DELETE', path: board })).body).toEqual(OWNER_NEEDED);
  });

  it('clear cancels every event of a primary calendar, keeping the records', () => {
    const result = run(PRIYA, { method: 'POST', path: '/calendars/primary/clear' });
    expect(result.ok && result.patch).toEqual([
      {
        op: 'update',
        table: 'calendar_events',
        key: { id: 'evlunch001' },
        set: { status: 'cancelled', sequence: 1, etag: ETAG, updated_at: NOW },
      },
    ]);
    expect(
      refusal(run(PRIYA, { method: 'POST', path: `/calendars/${encodeURIComponent(TEAM)}/clear` }))
        .summary,
    ).toBe('400 invalid');
    expect(
      refusal(run(DANA, { method: 'POST', path: '/calendars/priya%40ex.example/clear' })).body,
    ).toEqual(OWNER_NEEDED);
  });
});
