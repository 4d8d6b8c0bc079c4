import { describe, expect, it } from 'vitest';
import { call, collect, rowsOf, seed, userByName } from '../builtin-seed.js';

describe('users.list / users.info / users.lookupByEmail', () => {
  it('lists every user, bots included, across cursor pages', () => {
    const { items, pages } = collect('users.list', 'members', { limit: 15 });
    expect(items.map((user) => user.id)).toEqual(rowsOf('users').map((row) => row.user_id));
    expect(pages).toBe(Math.ceil(rowsOf('users').length / 15));
    const bots = rowsOf('users')
      .filter((row) => row.is_bot === true)
      .map((row) => row.user_id);
    expect(items.filter((user) => user.is_bot).map((user) => user.id)).toEqual(bots);
  });

  it('returns everything in one page when no limit is given', () => {
    const body = call('users.list');
    expect(body.members).toHaveLength(rowsOf('users').length);
    expect(body.response_metadata.next_cursor).toBe('');
  });

  it('shapes a user with profile fields and workspace role', () => {
    const priya = userByName('Priya Raman');
    const body = call('users.info', { user: priya.user_id as string });
    expect(body.ok).toBe(true);
    expect(body.user).toMatchObject({
      id: priya.user_id,
      name: priya.username,
      real_name: 'Priya Raman',
      tz: priya.timezone,
      is_bot: false,
      deleted: false,
      team_id: seed.tables.teams!.rows[0]!.team_id,
      profile: { display_name: priya.display_name, email: priya.email, title: priya.title },
    });
    const owner = rowsOf('user_teams').find((row) => row.role === 'owner')!;
    expect(call('users.info', { user: owner.user_id as string }).user).toMatchObject({
      is_owner: true,
      is_admin: true,
    });
  });

  it('keeps near-duplicate names apart', () => {
    const priyas = rowsOf('users').filter((row) => String(row.real_name).startsWith('Priya Raman'));
    expect(priyas.length).toBeGreaterThan(1);
    const ids = new Set(
      priyas.map((row) => call('users.info', { user: row.user_id as string }).user.id),
    );
    expect(ids.size).toBe(priyas.length);
  });

  it('looks users up by email regardless of case', () => {
    const dana = userByName('Dana Cho');
    const body = call('users.lookupByEmail', { email: String(dana.email).toUpperCase() });
    expect(body.user.id).toBe(dana.user_id);
    expect(call('users.lookupByEmail', { email: 'nobody@kestrelfreight.example' })).toEqual({
      ok: false,
      error: 'users_not_found',
    });
  });

  it('answers user_not_found and invalid_arguments like Slack', () => {
    expect(call('users.info', { user: 'U0NOBODY000' })).toEqual({
      ok: false,
      error: 'user_not_found',
    });
    expect(call('users.info', {}).error).toBe('invalid_arguments');
  });
});

describe('user fields without a column', () => {
  it('derive from the seed: zone label at the latest activity, first post, app user, owner', () => {
    const latest = Math.max(...rowsOf('messages').map((row) => Number(row.ts)));
    const priya = userByName('Priya Raman');
    const user = call('users.info', { user: priya.user_id as string }).user;
    const firstPost = Math.min(
      ...rowsOf('messages')
        .filter((row) => row.user_id === priya.user_id)
        .map((row) => Number(row.ts)),
    );
    expect(user.updated).toBe(Math.floor(firstPost));
    expect(user.color).toMatch(/^[0-9a-f]{6}$/);
    expect(user.is_app_user).toBe(false);
    const offset = new Date(latest * 1000).toLocaleString('en-US', {
      timeZone: String(priya.timezone),
      timeZoneName: 'long',
    });
    expect(offset).toContain(user.tz_label);
    expect(user.profile.image_48).toMatch(
      /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\.jpg\?s=48/,
    );
    expect(call('auth.test').user_id).toBe(
      call('users.list').members.find((member: { is_app_user: boolean }) => member.is_app_user).id,
    );
    const owners = rowsOf('user_teams').filter((row) => row.role === 'owner');
    const primary = call('users.list').members.filter(
      (member: { is_primary_owner: boolean }) => member.is_primary_owner,
    );
    expect(primary.map((member: { id: string }) => member.id)).toEqual(
      owners.length > 0 ? [owners[0]!.user_id] : [],
    );
  });
});
