// events.watch, acl.watch, calendarList.watch, settings.watch and channels.stop: the stored
// channel row, the Channel resource Google answers, who may watch, and stopping.
import { describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/schema/json.js';
import { CalendarTableKeys } from '../../../../src/services/calendar/tables.js';
import { State } from '../../../../src/state/state.js';
import {
  applied,
  DANA,
  googleErrorBody,
  miniState,
  PRIYA,
  ROWS,
  run,
  TEAM,
  WREN,
} from './mini-seed.js';

const DANA_SETTINGS_CHANNEL: Row = {
  id: 'chan_old',
  resource_id: 'res_old',
  resource_uri: '/users/u_dana/settings',
  type: 'web_hook',
  address: 'https://hooks.example/old',
  expiration: 1_776_000_000_000,
  token: null,
  params: null,
  payload: false,
  user_id: 'u_dana',
  created_at: '2026-03-01T09:00:00',
};

/** The mini seed with a channels table holding Dana's settings channel. */
const withChannels = State.fromSeed({
  name: 'mini-calendar-channels',
  service: 'calendar',
  tables: Object.fromEntries(
    Object.entries({ ...ROWS, calendar_channels: [DANA_SETTINGS_CHANNEL] }).map(([table, rows]) => [
      table,
      { key: [...(CalendarTableKeys[table] ?? ['id'])], rows },
    ]),
  ),
});

// The clock of mini-seed.ts: 2026-04-10T14:00:00Z.
const NOW_MS = Date.parse('2026-04-10T14:00:00Z');
const hook = { type: 'web_hook', address: 'https://hooks.example/team' };
const teamPath = (list: string) => `/calendars/${encodeURIComponent(TEAM)}/${list}`;

function refusal(result: ReturnType<typeof run>) {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.patch)}`);
  return result.refusal;
}

describe('events.watch', () => {
  it("stores the caller's channel and answers the Channel resource with the server's fields", () => {
    const result = run(
      DANA,
      {
        method: 'POST',
        path: `${teamPath('events')}/watch`,
        body: { id: 'ch-1', token: 'target=team', ...hook },
      },
      withChannels,
    );
    if (!result.ok) throw new Error(JSON.stringify(result.refusal));
    const response = result.response as Record<string, unknown>;
    expect(response).toEqual({
      kind: 'api#channel',
      id: 'ch-1',
      resourceId: expect.stringMatching(/^[0-9a-v]{14}$/),
      resourceUri: `https://www.googleapis.com/calendar/v3/calendars/${TEAM}/events`,
      token: 'target=team',
      // No ttl and no requested expiration: one week (604800 s) from the call.
      expiration: String(NOW_MS + 604_800_000),
    });
    expect(result.patch).toEqual([
      {
        op: 'insert',
        table: 'calendar_channels',
        row: {
          id: 'ch-1',
          resource_id: response.resourceId,
          resource_uri: `/calendars/${TEAM}/events`,
          type: 'web_hook',
          address: 'https://hooks.example/team',
          expiration: NOW_MS + 604_800_000,
          token: 'target=team',
          params: null,
          payload: false,
          user_id: 'u_dana',
          created_at: '2026-04-10T14:00:00',
        },
      },
    ]);
  });

  it('takes params.ttl in seconds, omits an absent token, and stores primary under its id', () => {
    const result = run(
      DANA,
      {
        method: 'POST',
        path: '/calendars/primary/events/watch',
        body: { id: 'ch-2', params: { ttl: '3600' }, ...hook },
      },
      withChannels,
    );
    if (!result.ok) throw new Error(JSON.stringify(result.refusal));
    expect(result.response).not.toHaveProperty('token');
    expect(result.response).toMatchObject({
      resourceUri: 'https://www.googleapis.com/calendar/v3/calendars/primary/events',
      expiration: String(NOW_MS + 3_600_000),
    });
    expect(result.patch[0]).toMatchObject({
      row: { resource_uri: '/calendars/dana@ex.example/events', params: { ttl: '3600' } },
    });
  });

  it('gives a second channel on the same resource the same resourceId, another resource another', () => {
    const first = run(
      DANA,
      { method: 'POST', path: `${teamPath('events')}/watch`, body: { id: 'a', ...hook } },
      withChannels,
    );
    const state = applied(first, withChannels);
    const second = run(
      DANA,
      { method: 'POST', path: `${teamPath('events')}/watch`, body: { id: 'b', ...hook } },
      state,
    );
    const other = run(
      DANA,
      { method: 'POST', path: '/calendars/primary/events/watch', body: { id: 'c', ...hook } },
      state,
    );
    const idOf = (result: ReturnType<typeof run>) =>
      result.ok ? (result.response as { resourceId: string }).resourceId : result.refusal.summary;
    expect(idOf(second)).toBe(idOf(first));
    expect(idOf(other)).not.toBe(idOf(first));
  });

  it('answers what events.list answers for a calendar the caller cannot see (404)', () => {
    const outsider = { id: 'u_zed', name: 'Zed', email: 'zed@ex.example' };
    expect(
      refusal(
        run(
          outsider,
          { method: 'POST', path: `${teamPath('events')}/watch`, body: { id: 'x', ...hook } },
          withChannels,
        ),
      ).status,
    ).toBe(404);
  });

  it('refuses a missing id or address, an unknown type and a channel id already in use', () => {
    const watch = (body: Record<string, unknown>) =>
      refusal(
        run(DANA, { method: 'POST', path: `${teamPath('events')}/watch`, body }, withChannels),
      );
    expect(watch({ ...hook }).body).toEqual(
      googleErrorBody(400, 'required', 'Missing channel id.'),
    );
    expect(watch({ id: 'x', type: 'web_hook' }).body).toEqual(
      googleErrorBody(400, 'required', 'Missing channel address.'),
    );
    expect(watch({ id: 'x', type: 'email', address: 'a' }).summary).toBe('400 invalid');
    expect(watch({ id: 'x', ...hook, params: { ttl: 'soon' } }).summary).toBe('400 invalid');
    expect(watch({ id: 'chan_old', ...hook }).summary).toBe('400 badRequest');
  });
});

describe('a seed without calendar_channels', () => {
  it('answers a backend error naming the missing table instead of losing the channel', () => {
    const result = refusal(
      run(
        DANA,
        { method: 'POST', path: '/users/me/settings/watch', body: { id: 'x', ...hook } },
        miniState,
      ),
    );
    expect(result.summary).toBe('500 backendError');
    expect(JSON.stringify(result.body)).toContain('calendar_channels');
  });
});

describe('acl.watch', () => {
  it("lets the owner and a writer watch a calendar's sharing rules and refuses a reader, as acl.list does", () => {
    const owner = run(
      PRIYA,
      { method: 'POST', path: `${teamPath('acl')}/watch`, body: { id: 'acl-1', ...hook } },
      withChannels,
    );
    expect(owner.ok && owner.patch[0]).toMatchObject({
      row: { resource_uri: `/calendars/${TEAM}/acl`, user_id: 'u_priya' },
    });
    const writer = run(
      DANA,
      { method: 'POST', path: `${teamPath('acl')}/watch`, body: { id: 'acl-2', ...hook } },
      withChannels,
    );
    expect(writer.ok && writer.patch[0]).toMatchObject({ row: { user_id: 'u_dana' } });
    const reader = refusal(
      run(
        WREN,
        { method: 'POST', path: `${teamPath('acl')}/watch`, body: { id: 'acl-3', ...hook } },
        withChannels,
      ),
    );
    expect(reader.status).toBe(403);
  });
});

describe('calendarList.watch and settings.watch', () => {
  it("store the caller's own list and settings as the Agent-Diff seed layout keeps them", () => {
    const list = run(
      WREN,
      { method: 'POST', path: '/users/me/calendarList/watch', body: { id: 'l', ...hook } },
      withChannels,
    );
    const settings = run(
      WREN,
      { method: 'POST', path: '/users/me/settings/watch', body: { id: 's', ...hook } },
      withChannels,
    );
    expect(list.ok && list.patch[0]).toMatchObject({
      row: { resource_uri: '/users/me/calendarList', user_id: 'u_wren' },
    });
    expect(list.ok && list.response).toMatchObject({
      resourceUri: 'https://www.googleapis.com/calendar/v3/users/me/calendarList',
    });
    expect(settings.ok && settings.patch[0]).toMatchObject({
      row: { resource_uri: '/users/u_wren/settings' },
    });
  });
});

describe('channels.stop', () => {
  const stop = (actor: typeof DANA, body: unknown) =>
    run(actor, { method: 'POST', path: '/channels/stop', body }, withChannels);

  it("removes the caller's channel named by id and resourceId and answers an empty body", () => {
    const result = stop(DANA, { id: 'chan_old', resourceId: 'res_old' });
    expect(result).toEqual({
      ok: true,
      patch: [{ op: 'delete', table: 'calendar_channels', key: { id: 'chan_old' } }],
      status: 204,
      response: '',
    });
    expect(applied(result, withChannels).rows('calendar_channels')).toEqual([]);
  });

  it("answers not found for a wrong resourceId, an unknown id or another user's channel", () => {
    const notFound = googleErrorBody(404, 'notFound', 'Not Found');
    expect(refusal(stop(DANA, { id: 'chan_old', resourceId: 'res_other' })).body).toEqual(notFound);
    expect(refusal(stop(DANA, { id: 'nope', resourceId: 'res_old' })).body).toEqual(notFound);
    expect(refusal(stop(PRIYA, { id: 'chan_old', resourceId: 'res_old' })).body).toEqual(notFound);
    expect(refusal(stop(DANA, { id: 'chan_old' })).summary).toBe('400 required');
  });

  it('stops a channel a watch made in the same run', () => {
    const watched = run(
      DANA,
      { method: 'POST', path: `${teamPath('events')}/watch`, body: { id: 'w', ...hook } },
      withChannels,
    );
    const state = applied(watched, withChannels);
    const resourceId = watched.ok ? (watched.response as { resourceId: string }).resourceId : '';
    const stopped = run(
      DANA,
      { method: 'POST', path: '/channels/stop', body: { id: 'w', resourceId } },
      state,
    );
    expect(
      applied(stopped, state)
        .rows('calendar_channels')
        .map((row) => row.id),
    ).toEqual(['chan_old']);
  });
});
