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
});
