import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/schema/task.js';
import { baseState, call, marenActor, rowsOf, type SlackBody } from './builtin-seed.js';

// User objects are kept per workspace (one per state), caller and row; the user rows
// themselves are shared by every state of a seed, so these tests fail if the memo keyed on
// the row alone (or forgot the caller).

const other = rowsOf('users').find(
  (row) => row.user_id !== marenActor.id && row.is_bot !== true && row.deleted !== true,
)!;
const otherActor: Actor = { id: String(other.user_id), name: String(other.real_name) };
const member = (body: SlackBody, id: unknown): SlackBody =>
  (body.members as SlackBody[]).find((user) => user.id === id)!;

describe('user objects kept per state and caller', () => {
  it('answers the same state again with the same frozen object', () => {
    const first = member(call('users.list'), other.user_id);
    expect(member(call('users.list'), other.user_id)).toBe(first);
    expect(Object.isFrozen(first.profile)).toBe(true);
  });

  it("shows a derived state's new role although the user row is the same object", () => {
    const role = rowsOf('user_teams').find((row) => row.user_id === other.user_id)!;
    expect(role.role).not.toBe('owner');
    const { state: promoted, errors } = baseState.apply([
      {
        op: 'update',
        table: 'user_teams',
        key: { user_id: role.user_id!, team_id: role.team_id! },
        set: { role: 'owner' },
      },
    ]);
    expect(errors).toEqual([]);
    expect(promoted.rows('users')).toBe(baseState.rows('users'));
    expect(member(call('users.list'), other.user_id).is_owner).toBe(false);
    expect(member(call('users.list', {}, promoted), other.user_id)).toMatchObject({
      is_owner: true,
      is_admin: true,
    });
    expect(member(call('users.list'), other.user_id).is_owner).toBe(false);
  });

  it('tells each caller which user is its own', () => {
    const appUsers = (actor: Actor) =>
      (call('users.list', {}, baseState, actor).members as SlackBody[])
        .filter((user) => user.is_app_user === true)
        .map((user) => user.id);
    expect(appUsers(marenActor)).toEqual([marenActor.id]);
    expect(appUsers(otherActor)).toEqual([otherActor.id]);
  });
});
