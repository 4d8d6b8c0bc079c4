// `apply` never throws for bad input: every malformed request is a refusal in Box's error shape.
import { describe, expect, it } from 'vitest';
import { BOX_WRITE_ROUTES } from '../../../../src/services/box/write/index.js';
import { write } from './helpers.js';

const BODIES: unknown[] = [
  undefined,
  {},
  { name: 5, parent: 'x', tags: 'a', description: 7 },
  { parent: { id: {} }, item: { type: 'file' }, message: [] },
  { attributes: { name: '', parent: { id: '' } }, content: 5, content_encoding: 'latin1' },
  { operations: {}, task: 'x', assign_to: 3, role: 'owner', status: 'maybe' },
  { item: { type: 'comment', id: '1' }, message: 'x', action: 'x', due_at: 'not a date' },
];

describe('Box write model on malformed requests', () => {
  it('refuses each with a Box client error and never throws', () => {
    for (const route of BOX_WRITE_ROUTES) {
      const [method, pattern] = route.split(' ') as [string, string];
      for (const id of ['1', '0', '9798917088']) {
        for (const body of BODIES) {
          const request = { method, path: pattern.replace(':id', id), body };
          const result = write(request);
          if (result.ok) continue; // a few bodies are valid for some routes (e.g. DELETE)
          expect(result.refusal.body, `${route} ${JSON.stringify(body)}`).toMatchObject({
            type: 'error',
            status: result.refusal.status,
          });
          expect(result.refusal.status).toBeGreaterThanOrEqual(400);
        }
      }
    }
  });

  it('refuses a path outside the model and a method it does not route', () => {
    expect(write({ method: 'PATCH', path: '/files/1' }).ok).toBe(false);
    expect(write({ method: 'POST', path: '/nowhere' }).ok).toBe(false);
    expect(write({ method: 'GET', path: '/files/9798917088' }).ok).toBe(false);
  });
});
