import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../src/contract/case.js';
import { DEFAULT_BOOTSTRAP_SEED } from '../../src/metrics/bootstrap.js';
import { pairedContrasts } from '../../src/metrics/contrast.js';
import { MetricsInputError } from '../../src/metrics/metrics-input-error.js';
import { collectResults } from '../../src/metrics/panels.js';
import { seededPrng } from '../../src/metrics/prng.js';
import { summarize } from '../../src/metrics/summary.js';
import { panel, witness } from '../support/case-results.js';

const t1r1 = { task: 't1', family: 'f1', program: 't1.r1' };
const t1r2 = { task: 't1', family: 'f1', program: 't1.r2' };
const t2r1 = { task: 't2', family: 'f2', program: 't2.r1' };
const t3r1 = { task: 't3', family: 'f2', program: 't3.r1' };

/** Panel BAs in the comments; faults default to category `value`. */
const results: CaseResult[] = [
  ...panel(t1r1, 'source', ['complete', 'pass'], ['fault', 'fail']), // 1
  ...panel(t1r1, 'related', ['complete', 'pass'], ['fault', 'pass', 'preservation']), // 0.5
  ...witness(t1r1, 'pass', 'pass'),
  ...panel(
    t1r2,
    'source',
    ['complete', 'pass'],
    ['alternative', 'unknown'],
    ['fault', 'fail'],
    ['fault', 'fail'],
  ), // 0.75
  ...panel(t1r2, 'related', ['complete', 'pass'], ['fault', 'fail']), // 1
  ...witness(t1r2, 'pass', 'fail'),
  ...panel(t2r1, 'source', ['complete', 'fail'], ['fault', 'error:timeout']), // 0
  ...panel(t2r1, 'related', ['complete', 'error:timeout'], ['fault', 'fail']), // 0.5
  ...panel(t2r1, 'source', ['natural', 'pass', 'valid'], ['natural', 'fail', 'invalid']), // natural: 1
  ...panel(t3r1, 'source', ['complete', 'pass'], ['fault', 'fail']), // 1
  ...panel(t3r1, 'background', ['complete', 'pass'], ['fault', 'fail']), // 1
];

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const rng = seededPrng(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.nextBelow(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('summarize', () => {
  const summary = summarize(results, { resamples: 1000, worstTasks: 2 });
  const set = summary.sets[0]!;

  it('averages replicates, then conditions inside tasks, then tasks', () => {
    // t1: source (1 + 0.75)/2 = 0.875, related (0.5 + 1)/2 = 0.75 → 0.8125
    // t2: source 0, related 0.5 → 0.25;  t3: source 1, background 1 → 1
    expect(set.balancedAccuracy.overall).toMatchObject({
      estimate: (0.8125 + 0.25 + 1) / 3,
      tasks: 3,
      families: 2,
    });
    expect(set.balancedAccuracy.perCondition.source).toMatchObject({
      estimate: (0.875 + 0 + 1) / 3,
      tasks: 3,
    });
    expect(set.balancedAccuracy.perCondition.related).toMatchObject({
      estimate: (0.75 + 0.5) / 2,
      tasks: 2,
    });
    expect(set.balancedAccuracy.perCondition.background).toMatchObject({
      estimate: 1,
      tasks: 1,
      families: 1,
    });
    expect(set.worstTasks.map((t) => [t.task, t.ba])).toEqual([
      ['t2', 0.25],
      ['t1', 0.8125],
    ]);
  });

  it('counts units, verdicts and errors by kind over the primary panels', () => {
    expect(set).toMatchObject({ set: 'default', programs: 4, units: 4, tasks: 3, families: 2 });
    const { verdicts } = set.balancedAccuracy;
    expect(verdicts.valid).toEqual({ total: 9, pass: 6, fail: 1, unknown: 1, error: 1 });
    expect(verdicts.invalid).toEqual({ total: 9, pass: 1, fail: 7, unknown: 0, error: 1 });
    expect(verdicts).toMatchObject({ unknown: 1, error: 2 });
    expect(verdicts.errorsByKind.timeout).toBe(2);
    expect(set.acceptance.validAcceptance).toMatchObject({ count: 6, total: 9 });
    expect(set.acceptance.falseAcceptance).toMatchObject({ count: 1, total: 9 });
    expect(set.acceptance.byFault.preservation).toMatchObject({ count: 1, total: 1 });
  });

  it('reports panel, joint and transition counts with their denominators', () => {
    expect(set.panelCorrectness.perCondition.source).toMatchObject({ count: 2, total: 4 });
    expect(set.panelCorrectness.perCondition.related).toMatchObject({ count: 1, total: 3 });
    expect(set.panelCorrectness.sourceQualified).toMatchObject({ count: 2, total: 4 });
    expect(set.joint.jointlyCorrect).toMatchObject({ count: 1, total: 2 });
    expect(set.joint.notApplicable).toBe(2);
    expect(set.witness.right).toMatchObject({ count: 1, total: 2 });
    expect(set.transitions.sourceOnly).toMatchObject({ count: 1, total: 4 });
    expect(set.transitions.relatedOnly).toMatchObject({ count: 1, total: 4 });
    expect(set.transitions.neither).toMatchObject({ count: 1, total: 4 });
    expect(set.transitions.incomplete).toMatchObject({ count: 1, total: 4 });
  });

  it('summarises natural panels only when asked, apart from the primary numbers', () => {
    expect(set.secondary).toEqual({});
    const withNatural = summarize(results, {
      resamples: 100,
      secondaryPanels: ['natural', 'prefix'],
    }).sets[0]!;
    expect(withNatural.secondary.natural?.balancedAccuracy.overall).toMatchObject({
      estimate: 1,
      tasks: 1,
    });
    // natural: the valid ending passed (1/1), the invalid one was rejected (0/1 accepted)
    expect(withNatural.secondary.natural?.acceptance.validAcceptance).toMatchObject({
      count: 1,
      total: 1,
    });
    expect(withNatural.secondary.natural?.acceptance.falseAcceptance).toMatchObject({
      count: 0,
      total: 1,
    });
    expect(withNatural.secondary.prefix).toBeUndefined();
    expect(withNatural.balancedAccuracy.overall.estimate).toBe(
      set.balancedAccuracy.overall.estimate,
    );
  });

  it('is plain data: a JSON round trip changes nothing', () => {
    expect(JSON.parse(JSON.stringify(summary))).toEqual(summary);
  });

  it('is identical for the same seed whatever the input order, and uses the documented default seed', () => {
    expect(summarize(shuffled(results, 3), { resamples: 1000, worstTasks: 2 })).toEqual(summary);
    expect(summary.seed).toBe(DEFAULT_BOOTSTRAP_SEED);
    const otherSeed = summarize(results, { resamples: 1000, worstTasks: 2, seed: 99 });
    expect(otherSeed.sets[0]!.balancedAccuracy.overall.estimate).toBe(
      set.balancedAccuracy.overall.estimate,
    );
  });

  it('computes the declared contrasts together, Holm-adjusted, and the cost profile when given', () => {
    const twoSets = [
      ...results,
      ...panel({ ...t1r1, set: 'rebuild' }, 'related', ['complete', 'pass'], ['fault', 'fail']),
      ...panel({ ...t2r1, set: 'rebuild' }, 'related', ['complete', 'pass'], ['fault', 'fail']),
    ];
    const contrasts = [
      {
        name: 'reuse-rebuild',
        a: { set: 'default' },
        b: { set: 'rebuild' },
        condition: 'related' as const,
      },
      {
        name: 'rebuild-reuse',
        a: { set: 'rebuild' },
        b: { set: 'default' },
        condition: 'related' as const,
      },
    ];
    const options = {
      resamples: 500,
      contrasts,
      cost: { entries: [{ program: 'p', construction: 1, perUse: 0 }], alternativePerUse: 0.5 },
    };
    const withContrasts = summarize(twoSets, options);
    expect(withContrasts.sets.map((s) => s.set)).toEqual(['default', 'rebuild']);
    expect(withContrasts.contrasts).toEqual(
      pairedContrasts(collectResults(twoSets).panels, contrasts, options),
    );
    // related: reuse t1 0.75, t2 0.5; rebuild 1, 1 → Δ = mean(−0.25, −0.5)
    expect(withContrasts.contrasts[0]!.delta).toBe(-0.375);
    expect(withContrasts.cost?.programs[0]?.breakEvenUses).toBe(2);
    expect(summary.cost).toBeNull();
  });

  it('returns an empty summary for no results', () => {
    const empty = summarize([]);
    expect(empty).toMatchObject({ cases: 0, sets: [], contrasts: [] });
    expect(empty.crossCondition.cells.source.source).toEqual({ ba: null, tasks: 0, programs: 0 });
  });

  it('refuses bad options with a MetricsInputError naming what was expected', () => {
    expect(() => summarize(results, { worstTasks: -1 })).toThrow(
      /worstTasks must be an integer ≥ 0, got -1/,
    );
    const spec = { name: 'same', a: { set: 'default' }, b: { set: 'rebuild' } };
    const duplicate = () => summarize(results, { contrasts: [spec, spec] });
    expect(duplicate).toThrow(MetricsInputError);
    expect(duplicate).toThrow(/contrast names must be unique, got same twice/);
    const primaryAsSecondary = () =>
      summarize(results, { secondaryPanels: ['primary' as 'natural'] });
    expect(primaryAsSecondary).toThrow(
      /secondaryPanels may contain 'natural' and 'prefix', got "primary"/,
    );
  });
});

describe('summarize edge cases', () => {
  it('scores an all-Error run as BA 0 with a collapsed interval and every error counted by kind', () => {
    const crashed = [
      ...panel(t1r1, 'source', ['complete', 'error:crash'], ['fault', 'error:crash']),
      ...panel(t2r1, 'source', ['complete', 'error:memory'], ['fault', 'error:crash']),
    ];
    const set = summarize(crashed, { resamples: 200 }).sets[0]!;
    expect(set.balancedAccuracy.overall).toMatchObject({
      estimate: 0,
      lower: 0,
      upper: 0,
      families: 2,
    });
    expect(set.balancedAccuracy.verdicts).toMatchObject({ error: 4, unknown: 0 });
    expect(set.balancedAccuracy.verdicts.errorsByKind).toMatchObject({
      crash: 3,
      memory: 1,
      timeout: 0,
    });
    expect(set.acceptance.falseAcceptance).toMatchObject({ count: 0, total: 2, rate: 0 });
    expect(set.panelCorrectness.sourceQualified).toMatchObject({ count: 0, total: 2 });
  });
});

describe('summarize determinism', () => {
  it('gives the same summary for any order of the same results', () => {
    const verdict = fc.constantFrom('pass', 'fail', 'unknown', 'error:timeout' as const);
    const programResults = fc.record({
      task: fc.constantFrom('t1', 't2', 't3', 't4'),
      replicate: fc.constantFrom('r1', 'r2'),
      condition: fc.constantFrom('source', 'background', 'related' as const),
      verdicts: fc.tuple(verdict, verdict, verdict),
    });
    fc.assert(
      fc.property(
        fc.array(programResults, { minLength: 1, maxLength: 12 }),
        fc.nat(),
        (specs, seed) => {
          // One panel per (task, replicate, condition); later duplicates are dropped.
          const seen = new Set<string>();
          const cases = specs.flatMap(({ task, replicate, condition, verdicts }) => {
            const key = `${task}/${replicate}/${condition}`;
            if (seen.has(key)) return [];
            seen.add(key);
            const family = task === 't1' || task === 't2' ? 'fa' : 'fb';
            const program = { task, family, program: `${task}.${replicate}` };
            return panel(
              program,
              condition,
              ['complete', verdicts[0]],
              ['fault', verdicts[1]],
              ['fault', verdicts[2], 'set'],
            );
          });
          const options = { resamples: 60, seed: seed % 1000 };
          expect(summarize(shuffled(cases, seed), options)).toEqual(summarize(cases, options));
        },
      ),
      { numRuns: 40 },
    );
  });
});
