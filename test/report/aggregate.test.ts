import { beforeAll, describe, expect, it } from 'vitest';
import { summarize } from '../../src/metrics/index.js';
import type { Pack } from '../../src/pack/pack.js';
import { outcomesOf } from '../../src/pack/pack.js';
import { buildReport, type ReportInput } from '../../src/report/aggregate.js';
import { ReportSchema } from '../../src/report/report-schema.js';
import {
  correctRule,
  loadStarter,
  options,
  simulate,
  staleRule,
  starterInput,
  starterQualifications,
} from './support/starter-results.js';

describe('buildReport', () => {
  let pack: Pack;
  let input: (results: ReportInput['results'], extra?: Partial<ReportInput>) => ReportInput;
  beforeAll(async () => {
    pack = await loadStarter();
    input = (results, extra = {}) =>
      starterInput(pack, results, {
        isolation: { level: 'isolate', measures: ['fresh-v8-isolate'], missing: [] },
        ...extra,
      });
  });

  it('reports a correct program as jointly correct on every task, with every outcome listed and right', () => {
    const report = ReportSchema.parse(buildReport(input(simulate(pack, correctRule))));
    expect(report.summary.ba.estimate).toBe(1);
    expect(report.summary.jointCorrect).toEqual({
      count: pack.tasks.length,
      total: pack.tasks.length,
      notApplicable: 0,
    });
    for (const task of report.tasks) {
      const declared = pack.task(task.id);
      for (const condition of ['source', 'background', 'related'] as const) {
        expect(task.conditions[condition]?.outcomes.map((outcome) => outcome.id)).toEqual(
          outcomesOf(declared, condition).map((outcome) => outcome.id),
        );
        expect(task.conditions[condition]?.outcomes.every((outcome) => outcome.correct)).toBe(true);
      }
      expect(task.witness).toMatchObject({ decision: declared.witness?.decision, right: true });
      expect(task.jointCorrect).toBe(true);
    }
  });

  it('takes every number from summarize (the CLI and compare compute the same ones)', () => {
    const results = simulate(pack, staleRule);
    const report = buildReport(input(results));
    const set = summarize(results, { seed: report.run.seed, resamples: report.run.resamples })
      .sets[0]!;
    expect(report.summary.ba.estimate).toBe(set.balancedAccuracy.overall.estimate);
    expect(report.summary.conditions.related.ba.lower).toBe(
      set.balancedAccuracy.perCondition.related.lower,
    );
    expect(report.summary.falseAccept.count).toBe(set.acceptance.falseAcceptance.count);
    expect(report.summary.jointCorrect.count).toBe(set.joint.jointlyCorrect.count);
  });

  it('marks the stale program: source panel right, related panel and witness wrong', () => {
    const report = buildReport(input(simulate(pack, staleRule)));
    for (const task of report.tasks) {
      expect(task.conditions.source?.correct).toBe(true);
      expect(task.conditions.related?.correct).toBe(false);
      expect(task.witness?.right).toBe(false);
      expect(task.jointCorrect).toBe(false);
    }
    expect(report.summary.sourceQualified).toEqual({
      count: pack.tasks.length,
      total: pack.tasks.length,
    });
  });

  it('does not depend on the order of the records (merged shards arrive in any order)', () => {
    const results = simulate(pack, staleRule);
    const shuffled = [
      ...results.filter((_, i) => i % 2 === 1),
      ...results.filter((_, i) => i % 2 === 0).reverse(),
    ];
    expect(buildReport(input(shuffled))).toEqual(buildReport(input(results)));
  });

  it('lists unqualified tasks as excluded with their problems', () => {
    const qualifications = starterQualifications(pack).map((q) =>
      q.task === 'starter_2'
        ? {
            ...q,
            qualified: false,
            problems: [
              {
                code: 'mislabelled' as const,
                message: 'related/complete is labelled valid but the reference says invalid',
              },
            ],
          }
        : q,
    );
    const report = buildReport(
      input(
        simulate(pack, correctRule).filter((r) => r.task !== 'starter_2'),
        { qualifications },
      ),
    );
    expect(report.excluded).toEqual([
      {
        id: 'starter_2',
        family: pack.task('starter_2').family,
        problems: [
          {
            code: 'mislabelled',
            message: 'related/complete is labelled valid but the reference says invalid',
          },
        ],
      },
    ]);
    expect(report.tasks.map((task) => task.id)).toEqual(['starter_1']);
  });

  it('summarises each program set and contrasts the first with the others', () => {
    const paired = options({
      verifier: undefined,
      programs: { reuse: 'a/{task}.ts', rebuild: 'b/{task}.ts' },
    });
    const results = [
      ...simulate(pack, staleRule, 'reuse'),
      ...simulate(pack, correctRule, 'rebuild'),
    ];
    const report = buildReport(input(results, { options: paired }));
    expect(report.sets.map((set) => set.set)).toEqual(['reuse', 'rebuild']);
    expect(report.summary.set).toBe('reuse');
    const related = report.contrasts.find((contrast) => contrast.condition === 'related');
    const baReuse = report.sets[0]!.conditions.related.ba.estimate!;
    const baRebuild = report.sets[1]!.conditions.related.ba.estimate!;
    expect(related?.delta).toBeCloseTo(baReuse - baRebuild, 12);
    expect(report.run.programs).toEqual([
      { set: 'reuse', pattern: 'a/{task}.ts', builtOn: null },
      { set: 'rebuild', pattern: 'b/{task}.ts', builtOn: null },
    ]);
  });

  it('applies the gates to the first set and records whether the run passed', () => {
    const gated = options({ gates: { ba: { related: 0.95 }, jointCorrect: 'all' } });
    const report = buildReport(input(simulate(pack, staleRule), { options: gated }));
    expect(report.passed).toBe(false);
    expect(report.gates.map((gate) => [gate.gate, gate.passed])).toEqual([
      ['ba.related', false],
      ['jointCorrect', false],
    ]);
  });

  it('reports a run without records as empty, and gates on it fail for want of a value', () => {
    const report = buildReport(
      input([], { options: options({ gates: { ba: 0.5 } }), isolation: null }),
    );
    expect(report.summary.cases).toBe(0);
    expect(report.summary.ba.estimate).toBeNull();
    expect(report.gates[0]).toMatchObject({ gate: 'ba.overall', passed: false, actual: null });
  });
});
