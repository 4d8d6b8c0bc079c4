import { describe, expect, it } from 'vitest';
import { openPack } from '../../src/pack/pack-handle.js';
import { builtinPackDir } from '../../src/pack/resolve.js';

describe('openPack', () => {
  it('gives task handles whose witness, outcomes and panels carry the states of the pack', async () => {
    const bench = await openPack(builtinPackDir('starter'));
    expect(bench.taskIds).toEqual(['starter_1', 'starter_2']);
    const task = bench.task('starter_1');
    expect(task.public.instruction).toBe(task.task.instruction);
    expect(Object.keys(task.public).sort()).toEqual([
      'actor',
      'docs',
      'id',
      'instruction',
      'service',
    ]);
    expect(task.conditions).toEqual(['source', 'background', 'related']);

    const replay = task.witness?.replay;
    expect(replay?.title).toBe(
      'starter_1 › witness › rejects the source decision replayed on related',
    );
    expect(replay?.case.before.get('issues', { id: 'iss-fac-1' })?.stateId).toBe('st-FAC-inreview');
    expect(replay?.case.after.get('issues', { id: 'iss-fac-1' })?.stateId).toBe('st-FAC-todo');

    const fault = task.outcome('related', 'status-moved');
    expect(fault.case).toMatchObject({ role: 'fault', label: 'invalid', fault: 'preservation' });
    expect(task.panel('source').cases.map((handle) => handle.case.outcome)).toEqual(
      task.task.outcomes.source?.map((outcome) => outcome.id),
    );
  });

  it('names what exists when a task, outcome or condition is not there', async () => {
    const bench = await openPack('starter');
    expect(() => bench.task('linear_52')).toThrow(
      'pack starter has no task "linear_52" (tasks: starter_1, starter_2)',
    );
    expect(() => bench.task('starter_2').outcome('related', 'nope')).toThrow(
      /no outcome "nope" under related \(outcomes: complete, two-steps/,
    );
  });
});
