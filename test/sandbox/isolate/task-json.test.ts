import { describe, expect, it } from 'vitest';
import { toPublicTask } from '../../../src/contract/public-task.js';
import type { PublicTask } from '../../../src/contract/verifier.js';
import { taskJsonOf } from '../../../src/sandbox/isolate/task-json.js';

const task = (overrides: Partial<PublicTask> = {}, actor: Partial<PublicTask['actor']> = {}) =>
  ({
    id: 'box_1',
    service: 'box',
    instruction: 'Assign a review task.',
    actor: { id: 'u1', name: 'Priya', ...actor },
    docs: 'GET /folders/{id}/items ...',
    ...overrides,
  }) as PublicTask;

describe('taskJsonOf', () => {
  it('serialises a task exactly as JSON.stringify does, once per public task', () => {
    const view = toPublicTask(task());
    const first = taskJsonOf(view);
    expect(first).toBe(JSON.stringify(task()));
    expect(taskJsonOf(view)).toBe(first);
  });

  it.each([
    ['id', task({ id: 'box_2' })],
    ['service', task({ service: 'slack' })],
    ['instruction', task({ instruction: 'Something else.' })],
    ['docs', task({ docs: 'other docs' })],
    ['actor id', task({}, { id: 'u2' })],
    ['actor name', task({}, { name: 'Sam' })],
    ['actor email', task({}, { email: 'priya@example.com' })],
  ])('gives another task (its %s differs) its own text', (_field, changed) => {
    const view = toPublicTask(task());
    taskJsonOf(view);
    expect(JSON.parse(taskJsonOf(toPublicTask(changed)))).toEqual(changed);
    expect(JSON.parse(taskJsonOf(view))).toEqual(task());
  });

  it('keeps no text for an object that could change after it was serialised', () => {
    const plain = task();
    expect(JSON.parse(taskJsonOf(plain))).toEqual(task());
    plain.instruction = 'Changed since.';
    expect(JSON.parse(taskJsonOf(plain)).instruction).toBe('Changed since.');
  });
});
