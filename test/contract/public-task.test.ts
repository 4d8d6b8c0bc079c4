import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchTask } from '../../fixtures/verifiers/chat-workspace.js';
import { publicTaskOf, toPublicTask } from '../../src/contract/public-task.js';
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
