import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateCase } from '../../src/evaluation/evaluate-case.js';
import { casesOfTask, type PackCase } from '../../src/pack/cases.js';
import { loadPackOrThrow } from '../../src/pack/load.js';
import type { Pack } from '../../src/pack/pack.js';
import { builtinPackDir } from '../../src/pack/resolve.js';
import type { Runtime } from '../../src/sandbox/runtime.js';

/** A runtime whose `evaluate` breaks its own promise of one record (a harness bug). */
const brokenRuntime: Runtime = {
  name: 'inline',
  isolation: { level: 'none', measures: [], missing: [] },
  evaluate: () => Promise.reject(new RangeError('Maximum call stack size exceeded')),
  close: async () => undefined,
};

describe('evaluateCase', () => {
  let pack: Pack;
  let entry: PackCase;
  beforeAll(async () => {
    pack = await loadPackOrThrow(builtinPackDir('starter'));
    entry = casesOfTask(pack, pack.tasks[0]!)[0]!;
  });

  it('yields one crash record, with its case, even when the runtime throws', async () => {
    const result = await evaluateCase({
      runtime: brokenRuntime,
      task: pack.tasks[0]!,
      case: entry,
      program: { id: 'p', set: 'default' },
      module: '/nowhere/verifier.ts',
    });
    expect(result).toMatchObject({
      task: entry.task,
      outcome: entry.outcome,
      program: { id: 'p' },
    });
    expect(result.record).toEqual({
      verdict: 'error',
      kind: 'crash',
      message:
        'the evaluation failed outside the sandbox: RangeError: Maximum call stack size exceeded',
      durationMs: 0,
      operations: 0,
      checks: [],
    });
  });
});
