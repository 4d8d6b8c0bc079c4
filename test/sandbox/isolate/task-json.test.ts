import { describe, expect, it } from 'vitest';
import type { PublicTask } from '../../../src/contract/verifier.js';
import { LastTaskJson } from '../../../src/sandbox/isolate/task-json.js';

const task = (overrides: Partial<PublicTask> = {}, actor: Partial<PublicTask['actor']> = {}) =>
  ({
    id: 'box_1',
    service: 'box',
    instruction: 'Assign a review task.',
    actor: { id: 'u1', name: 'Priya', ...actor },
    docs: 'GET /folders/{id}/items ...',
    ...overrides,
  }) as PublicTask;

describe('LastTaskJson', () => {
  it('serialises each task exactly as JSON.stringify does, reusing the text for an equal copy', () => {
    const last = new LastTaskJson();
    const first = last.of(task());
    expect(first).toBe(JSON.stringify(task()));
    // A new copy with the same fields gets the very same string back.
    expect(last.of(task())).toBe(first);
  });

  it.each([
    ['id', task({ id: 'box_2' })],
    ['service', task({ service: 'slack' })],
    ['instruction', task({ instruction: 'Something else.' })],
    ['docs', task({ docs: 'other docs' })],
    ['actor id', task({}, { id: 'u2' })],
    ['actor name', task({}, { name: 'Sam' })],
    ['actor email', task({}, { email: 'priya@example.com' })],
  ])('serialises again when the %s differs', (_field, changed) => {
    const last = new LastTaskJson();
    last.of(task());
    expect(JSON.parse(last.of(changed))).toEqual(changed);
    // And back: the earlier task is not served from a stale text either.
    expect(JSON.parse(last.of(task()))).toEqual(task());
  });
});
