import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { launchTask } from '../../fixtures/verifiers/chat-workspace.js';
import { publicTaskOf, toPublicTask, verifierTaskOf } from '../../src/contract/public-task.js';
import type { PublicTask } from '../../src/contract/verifier.js';
import { loadPackOrThrow } from '../../src/pack/load.js';
import { serviceDocs } from '../../src/services/registry.js';

describe('toPublicTask', () => {
  it('passes exactly the public fields and drops everything else a caller attached', () => {
    const full = {
      ...launchTask(),
      reference: { checks: ['secret'] },
      panels: { source: [] },
      actor: { id: 'U1', name: 'Mara Quint', email: 'mara@example.test', role: 'admin' },
    };
    const view = toPublicTask(full as unknown as PublicTask);
    expect(view).toEqual({
      ...launchTask(),
      actor: { id: 'U1', name: 'Mara Quint', email: 'mara@example.test' },
    });
    expect(Object.keys(view).sort()).toEqual(['actor', 'docs', 'id', 'instruction', 'service']);
  });

  it('shares no objects with the caller, and is frozen: one view serves every evaluation', () => {
    const task = launchTask();
    const view = toPublicTask(task);
    task.actor.name = 'someone else';
    expect(view.actor.name).toBe('Mara Quint');
    expect(() => {
      view.actor.name = 'someone else';
    }).toThrow(TypeError);
    expect(Object.isFrozen(view)).toBe(true);
    // A view made here is passed through, not copied again.
    expect(toPublicTask(view)).toBe(view);
  });

  it('names the field that is missing or of the wrong type', () => {
    expect(() =>
      toPublicTask({ ...launchTask(), instruction: 7 } as unknown as PublicTask),
    ).toThrow('task.instruction must be a string, got number');
    expect(() =>
      toPublicTask({ ...launchTask(), actor: { id: 'U1' } } as unknown as PublicTask),
    ).toThrow('task.actor must be an object {id, name, email?}');
  });
});

describe('publicTaskOf', () => {
  it('builds the public view of a pack task: its public fields and the service docs, nothing else', async () => {
    const pack = await loadPackOrThrow(
      path.resolve(import.meta.dirname, '../../fixtures/packs/starter'),
    );
    const task = pack.tasks[0]!;
    const view = publicTaskOf(task);
    expect(view).toEqual({
      id: task.id,
      service: task.service,
      instruction: task.instruction,
      actor: task.actor,
      docs: serviceDocs(task.service),
    });
    expect(view.actor).not.toBe(task.actor);
  });

  it('makes the view once per task: every case of a task gets the same frozen object', async () => {
    const pack = await loadPackOrThrow(
      path.resolve(import.meta.dirname, '../../fixtures/packs/starter'),
    );
    const [first, second] = pack.tasks;
    expect(publicTaskOf(first!)).toBe(publicTaskOf(first!));
    expect(publicTaskOf(second!)).not.toBe(publicTaskOf(first!));
    expect(publicTaskOf(second!).id).toBe(second!.id);
  });
});

describe('verifierTaskOf', () => {
  const task = (overrides: Partial<PublicTask> = {}, actor: Partial<PublicTask['actor']> = {}) =>
    ({
      id: 'box_1',
      service: 'box',
      instruction: 'Assign a review task.',
      actor: { id: 'u1', name: 'Priya', ...actor },
      docs: 'GET /folders/{id}/items ...',
      ...overrides,
    }) as PublicTask;

  it('gives the checked view with its text exactly as JSON.stringify makes it, serialised once per view', () => {
    const view = toPublicTask(task());
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const first = verifierTaskOf(view);
      const again = verifierTaskOf(view);
      expect(first.view).toBe(view);
      expect(again.view).toBe(view);
      expect(first.json).toBe(JSON.stringify(task()));
      expect(again.json).toBe(first.json);
      // The one call above is this test's own: the view's text was made with the view.
      expect(stringify).toHaveBeenCalledTimes(1);
    } finally {
      stringify.mockRestore();
    }
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
    expect(JSON.parse(verifierTaskOf(changed).json)).toEqual(changed);
    expect(JSON.parse(verifierTaskOf(view).json)).toEqual(task());
  });

  it('reads a plain object again at each call, so a change since is in the text', () => {
    const plain = task();
    expect(JSON.parse(verifierTaskOf(plain).json)).toEqual(task());
    plain.instruction = 'Changed since.';
    expect(JSON.parse(verifierTaskOf(plain).json).instruction).toBe('Changed since.');
  });

  it('drops the fields a verifier must not see from the text too', () => {
    const full = { ...task(), reference: { checks: ['secret'] } } as unknown as PublicTask;
    expect(verifierTaskOf(full).json).not.toContain('secret');
  });
});
