import { describe, expect, it } from 'vitest';
import { taskTier, tierCounts } from '../../src/pack/task-tier.js';
import type { Outcome, Task } from '../../src/schema/task.js';

const outcome = (id: string, role: Outcome['role'], fault?: Outcome['fault']): Outcome => ({
  id,
  role,
  label: role === 'complete' || role === 'natural' ? 'valid' : 'invalid',
  description: id,
  patch: [],
  ...(fault ? { fault } : {}),
});

type Parts = Pick<Task, 'outcomes' | 'conditions' | 'witness'>;
const full: Parts = {
  conditions: {
    source: { description: '', patch: [] },
    related: { description: '', change: 'binding', patch: [] },
  },
  outcomes: {
    source: [
      outcome('complete', 'complete'),
      outcome('f1', 'fault', 'value'),
      outcome('f2', 'fault', 'identity'),
    ],
  },
  witness: { decision: 'complete' },
};

describe('taskTier', () => {
  it('calls a task with every part full', () => {
    expect(taskTier(full)).toEqual({ tier: 'full', missing: [] });
  });

  it('needs two distinct fault categories, not two faults', () => {
    const sameCategory: Parts = {
      ...full,
      outcomes: {
        source: [
          outcome('complete', 'complete'),
          outcome('f1', 'fault', 'value'),
          outcome('f2', 'fault', 'value'),
        ],
      },
    };
    expect(taskTier(sameCategory)).toEqual({
      tier: 'partial',
      missing: ['faults of two categories'],
    });
  });

  it('names a task of recorded endings only natural-only, with every missing part', () => {
    const natural: Parts = {
      conditions: { source: { description: '', patch: [] } },
      outcomes: { source: [outcome('start', 'prefix'), outcome('natural-1', 'natural')] },
    };
    expect(taskTier(natural)).toEqual({
      tier: 'natural-only',
      missing: ['complete outcome', 'faults of two categories', 'related condition', 'witness'],
    });
    const { witness: _dropped, ...noWitness } = full;
    expect(tierCounts([full, natural, noWitness])).toEqual({
      full: 1,
      partial: 1,
      'natural-only': 1,
    });
  });
});
