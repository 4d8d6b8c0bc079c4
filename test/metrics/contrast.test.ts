import { describe, expect, it } from 'vitest';
import { bootstrapDistribution, familyTotals } from '../../src/metrics/bootstrap.js';
import { pairedContrast, pairedContrasts } from '../../src/metrics/contrast.js';
import { holmAdjust } from '../../src/metrics/holm.js';
import { collectResults } from '../../src/metrics/panels.js';
import { panel } from '../support/case-results.js';

const correct = [
  ['complete', 'pass'],
  ['fault', 'fail'],
] as const;
const halfRight = [
  ['complete', 'pass'],
  ['fault', 'pass'],
] as const;
const wrong = [
  ['complete', 'fail'],
  ['fault', 'pass'],
] as const;

function program(task: string, family: string, id: string, set: string) {
  return { task, family, program: id, set };
}

/**
 * t1 (f1): reuse r1 = 1, r2 = 0.5 → 0.75; rebuild = 0.5 → d = 0.25
 * t2 (f2): reuse 0.5; rebuild 0.5 → d = 0
 * t3 (f3): reuse only (unpaired)
 */
const results = [
  ...panel(program('t1', 'f1', 't1.r1', 'reuse'), 'related', ...correct),
  ...panel(program('t1', 'f1', 't1.r2', 'reuse'), 'related', ...halfRight),
  ...panel(program('t1', 'f1', 't1.r1', 'rebuild'), 'related', ...halfRight),
  ...panel(program('t2', 'f2', 't2.r1', 'reuse'), 'related', ...halfRight),
  ...panel(program('t2', 'f2', 't2.r1', 'rebuild'), 'related', ...halfRight),
  ...panel(program('t3', 'f3', 't3.r1', 'reuse'), 'related', ...wrong),
  // A source panel that the `related` contrast must ignore.
  ...panel(program('t2', 'f2', 't2.r1', 'rebuild'), 'source', ...wrong),
];
const { panels } = collectResults(results);
const spec = {
  name: 'reuse-rebuild',
  a: { set: 'reuse' },
  b: { set: 'rebuild' },
  condition: 'related' as const,
};

describe('pairedContrast', () => {
  it('takes the mean over paired tasks of replicate-averaged BA differences', () => {
    const result = pairedContrast(panels, spec, { resamples: 2000, seed: 4 });
    // Δ = mean(0.25, 0) = 0.125
    expect(result.delta).toBe(0.125);
    expect(result.tasks).toBe(2);
    expect(result.onlyA).toEqual(['t3']);
    expect(result.onlyB).toEqual([]);
    expect(result.condition).toBe('related');
    expect(result.interval).toMatchObject({ estimate: 0.125, families: 2 });
    // Resamples of two families give 0 ({f2, f2}), 0.125 (mixed) or 0.25 ({f1, f1}).
    expect(result.interval.lower).toBeGreaterThanOrEqual(0);
    expect(result.interval.upper).toBeLessThanOrEqual(0.25);
  });

  it('computes the centred two-sided p-value (1 + #{|Δ* − Δ| ≥ |Δ|}) / (B + 1)', () => {
    const resamples = 2000;
    const result = pairedContrast(panels, spec, { resamples, seed: 4 });
    const distribution = bootstrapDistribution(
      familyTotals([
        { family: 'f1', numerator: 0.25, denominator: 1 },
        { family: 'f2', numerator: 0, denominator: 1 },
      ]),
      resamples,
      4,
    );
    const extreme = distribution.filter((d) => Math.abs(d - 0.125) >= 0.125).length;
    expect(result.pValue).toBe((1 + extreme) / (resamples + 1));
    // Only same-family draws ({f1, f1} or {f2, f2}) are as extreme: probability ½.
    expect(result.pValue).toBeGreaterThan(0.45);
    expect(result.pValue).toBeLessThan(0.55);
  });

  it('compares all conditions when none is given', () => {
    const result = pairedContrast(panels, { ...spec, condition: undefined }, { resamples: 100 });
    // t2 rebuild now averages source 0 and related 0.5 → 0.25, so d(t2) = 0.5 − 0.25
    expect(result.condition).toBe('all');
    expect(result.delta).toBe((0.25 + 0.25) / 2);
  });

  it('narrows a side by build condition', () => {
    const built = collectResults([
      ...panel(
        { task: 't1', family: 'f1', program: 'p.src', builtOn: 'source' },
        'related',
        ...correct,
      ),
      ...panel(
        { task: 't1', family: 'f1', program: 'p.rel', builtOn: 'related' },
        'related',
        ...wrong,
      ),
    ]).panels;
    const result = pairedContrast(
      built,
      {
        name: 'reuse-rebuild',
        a: { set: 'default', builtOn: 'source' },
        b: { set: 'default', builtOn: 'related' },
      },
      { resamples: 100 },
    );
    expect(result.delta).toBe(1 - 0);
  });

  it('leaves the p-value null for a single family, where the bootstrap cannot vary', () => {
    const single = collectResults([
      ...panel(program('t1', 'f1', 't1.r1', 'reuse'), 'related', ...correct),
      ...panel(program('t1', 'f1', 't1.r1', 'rebuild'), 'related', ...wrong),
    ]).panels;
    const result = pairedContrast(single, spec, { resamples: 100 });
    expect(result.delta).toBe(1);
    expect(result.interval).toMatchObject({ lower: 1, upper: 1, families: 1 });
    expect(result.pValue).toBeNull();
  });

  it('reports nulls without paired tasks', () => {
    const result = pairedContrast(panels, { ...spec, b: { set: 'nobody' } }, { resamples: 100 });
    expect(result).toMatchObject({
      delta: null,
      pValue: null,
      tasks: 0,
      onlyA: ['t1', 't2', 't3'],
    });
    expect(result.interval).toMatchObject({ estimate: null, lower: null, upper: null });
  });
});

describe('pairedContrasts', () => {
  it('Holm-adjusts the p-values of all contrasts declared together, skipping untestable ones', () => {
    const specs = [
      spec,
      { ...spec, name: 'all-conditions', condition: undefined },
      { ...spec, name: 'untestable', b: { set: 'nobody' } },
    ];
    const contrasts = pairedContrasts(panels, specs, { resamples: 1000, seed: 8 });
    const raw = contrasts.slice(0, 2).map((c) => c.pValue!);
    expect(contrasts.slice(0, 2).map((c) => c.pHolm)).toEqual(holmAdjust(raw));
    expect(contrasts[2]!.pHolm).toBeNull();
  });
});
