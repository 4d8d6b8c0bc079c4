import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPackOrThrow } from '../../src/pack/load.js';
import { qualifyPack } from '../../src/pack/qualify.js';

const packs = path.resolve(import.meta.dirname, '../../fixtures/packs');

describe('qualifyPack', () => {
  it('qualifies every starter task, with every label as declared', async () => {
    const results = qualifyPack(await loadPackOrThrow(path.join(packs, 'starter')));
    expect(results.map((result) => [result.task, result.qualified, result.problems])).toEqual([
      ['starter_1', true, []],
      ['starter_2', true, []],
    ]);
    expect(results[0]!.labels.every((label) => label.actual === label.declared)).toBe(true);
    expect(
      results[0]!.labels
        .filter((label) => label.condition === 'related')
        .map((label) => `${label.outcome}:${label.actual}`),
    ).toEqual([
      'complete:valid',
      'with-note:valid',
      'wrong-mateo:invalid',
      'status-moved:invalid',
      'parts-order-too:invalid',
      'not-yet:invalid',
    ]);
  });

  it('names the task, outcome and the reference check that disagrees with a mislabelled outcome', async () => {
    const [first, second] = qualifyPack(
      await loadPackOrThrow(path.join(packs, 'broken/mislabelled')),
    );
    expect(first!.qualified).toBe(true);
    expect(second!.qualified).toBe(false);
    expect(second!.problems[0]).toMatchObject({
      code: 'mislabelled',
      condition: 'source',
      outcome: 'facilities-state',
      checks: [{ name: 'status is Payments › In Progress', message: expect.any(String) }],
    });
  });

  it('reports a selector with the wrong cardinality once per condition and fails the witness', async () => {
    const [first] = qualifyPack(
      await loadPackOrThrow(path.join(packs, 'broken/selector-cardinality')),
    );
    expect(first!.problems.map((problem) => [problem.code, problem.condition ?? null])).toEqual([
      ['selector', 'source'],
      ['selector', 'background'],
      ['selector', 'related'],
      ['witness_source', null],
      ['witness_replay', null],
    ]);
    expect(first!.problems[0]!.message).toContain(
      'selector "mateo" on users {"name":{"startsWith":"Mateo"}} matched 2 row(s)',
    );
  });
});
