import { describe, expect, it } from 'vitest';
import { get, rows, userNamed } from '../fixture.js';

describe('Box users', () => {
  it('answers /users/me with the actor', () => {
    const priya = userNamed('Priya Raman');
    const body = get('/users/me', undefined, { actor: priya }).body;
    expect(body).toMatchObject({
      type: 'user',
      id: priya.id,
      name: 'Priya Raman',
      login: priya.email,
      status: 'active',
    });
  });

  it('answers /users/{id} for every user of the enterprise and 404 otherwise', () => {
    for (const user of rows('box_users'))
      expect(get(`/users/${user.id}`).body.name).toBe(user.name);
    expect(get('/users/123').status).toBe(404);
  });

  it('lists the enterprise to an admin, filtered by the start of name or login', () => {
    const owen = userNamed('Owen Achterberg');
    const all = get('/users', undefined, { actor: owen }).body;
    expect(all.total_count).toBe(rows('box_users').length);
    const priyas = get('/users', { filter_term: 'priya' }, { actor: owen }).body.entries.map(
      (entry: { name: string }) => entry.name,
    );
    expect(priyas).toEqual(
      rows('box_users')
        .map((row) => String(row.name))
        .filter((name) => name.startsWith('Priya'))
        .sort(),
    );
  });

  it('refuses the enterprise list to other users with 403, without counting it as a write', () => {
    const response = get('/users');
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('access_denied_insufficient_permissions');
  });
});
