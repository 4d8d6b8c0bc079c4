import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPackOrThrow } from '../../src/pack/load.js';
import { Pack } from '../../src/pack/pack.js';
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

describe('qualifying with the states loading built', () => {
  // Loading applies every patch to check it and hands those states to the pack; a pack made
  // from the same validated files alone builds each state afresh from its seed.
  const afresh = (pack: Pack) =>
    new Pack(pack.dir, pack.manifest, structuredClone(pack.seeds), pack.tasks, pack.executions);

  it.each([
    'builtin',
    'starter',
    'broken/mislabelled',
    'broken/selector-cardinality',
    'broken/invisible-change',
  ])(
    'decides as a pack that builds every state afresh: %s',
    async (name) => {
      const loaded = await loadPackOrThrow(path.join(packs, name));
      const fresh = afresh(loaded);
      expect(fresh.before(fresh.tasks[0]!, 'source')).not.toBe(
        loaded.before(loaded.tasks[0]!, 'source'),
      );
      expect(qualifyPack(loaded)).toEqual(qualifyPack(fresh));
    },
    60_000,
  );
});
