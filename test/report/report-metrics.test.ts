import { beforeAll, describe, expect, it } from 'vitest';
import type { CaseResult } from '../../src/contract/case.js';
import type { Pack } from '../../src/pack/pack.js';
import { buildReport, type ReportInput } from '../../src/report/aggregate.js';
import { costSection } from '../../src/report/report-metrics.js';
import { ReportSchema } from '../../src/report/report-schema.js';
import { resultsFromReport } from '../../src/report/results-from-report.js';
import {
  correctRule,
  loadStarter,
  options,
  simulate,
  staleRule,
  starterInput,
} from './support/starter-results.js';

describe('report sections beyond balanced accuracy', () => {
  let pack: Pack;
  let input: (results: CaseResult[], extra?: Partial<ReportInput>) => ReportInput;
  beforeAll(async () => {
    pack = await loadStarter();
    input = (results, extra = {}) => starterInput(pack, results, extra);
  });

  it('counts panelCorrect over the panels evaluated, not over programs × tasks', () => {
    // starter_2 has no background panel in this run: a correct verifier is 1/1 there, not 1/2.
    const results = simulate(pack, correctRule).filter(
      (r) => !(r.task === 'starter_2' && r.condition === 'background' && r.kind === 'panel'),
    );
    const report = buildReport(input(results));
    expect(report.summary.units).toBe(2);
    expect(report.summary.conditions.background.panelCorrect).toEqual({ count: 1, total: 1 });
    expect(report.summary.conditions.source.panelCorrect).toEqual({ count: 2, total: 2 });
  });

  it('leaves not-applicable units out of jointCorrect.total, so jointCorrect=all passes a perfect verifier', () => {
    const results = simulate(pack, correctRule).filter(
      (r) => !(r.task === 'starter_2' && r.kind !== 'panel'),
    );
    const report = buildReport(
      input(results, { options: options({ gates: { jointCorrect: 'all' } }) }),
    );
    expect(report.summary.jointCorrect).toEqual({ count: 1, total: 1, notApplicable: 1 });
    expect(report.gates[0]).toMatchObject({ gate: 'jointCorrect', passed: true });
  });

  it('counts Unknown and Error of witness cases in allCases and in the errors and unknown gates', () => {
    const results = simulate(pack, (entry) =>
      entry.kind === 'witness-replay'
        ? 'error'
        : entry.kind === 'witness-source'
          ? 'unknown'
          : correctRule(entry),
    );
    const report = buildReport(
      input(results, { options: options({ gates: { errors: 0, unknown: 0 } }) }),
    );
    expect(report.summary.errors.total).toBe(0);
    expect(report.summary.unknown).toBe(0);
    const tasks = pack.tasks.filter((task) => task.witness).length;
    expect(report.summary.allCases.byPanel.witness).toEqual({
      cases: 2 * tasks,
      unknown: tasks,
      errors: tasks,
    });
    expect(report.summary.allCases.errors).toMatchObject({ total: tasks });
    expect(report.summary.allCases.errors.byKind.exception).toBe(tasks);
    expect(report.summary.allCases.cases).toBe(results.length);
    expect(report.gates.map((gate) => [gate.gate, gate.actual, gate.passed])).toEqual([
      ['errors', tasks, false],
      ['unknown', tasks, false],
    ]);
  });

  it('names the panels that rest on one half, per panel and in the summary', () => {
    // Without its valid outcomes the related panel of starter_1 is invalid-only.
    const results = simulate(pack, correctRule).filter(
      (r) =>
        !(
          r.task === 'starter_1' &&
          r.condition === 'related' &&
          r.kind === 'panel' &&
          r.label === 'valid'
        ),
    );
    const report = buildReport(input(results));
    const { oneHalfPanels } = report.summary;
    expect(oneHalfPanels.panels.filter((entry) => entry.panel === 'primary')).toEqual([
      {
        task: 'starter_1',
        program: 'sim',
        condition: 'related',
        panel: 'primary',
        basis: 'invalid-only',
      },
    ]);
    // Prefix panels are invalid-only by design and are listed as such.
    const prefixes = oneHalfPanels.panels.filter((entry) => entry.panel === 'prefix');
    expect(prefixes.every((entry) => entry.basis === 'invalid-only')).toBe(true);
    expect(oneHalfPanels.invalidOnly).toBe(1 + prefixes.length);
    expect(oneHalfPanels.validOnly).toBe(0);
    const task = report.tasks.find((entry) => entry.id === 'starter_1')!;
    expect(task.conditions.related?.basis).toBe('invalid-only');
    // Half a panel has no balanced accuracy: none is reported for it.
    expect(task.conditions.related?.ba).toBeNull();
    expect(task.conditions.source?.ba).not.toBeNull();
    expect(task.conditions.source?.basis).toBe('both');
  });

  it('puts the transition table of each set into the summary', () => {
    const report = buildReport(input(simulate(pack, staleRule)));
    expect(report.summary.transitions).toEqual({
      sourceOnly: { count: 2, total: 2 },
      relatedOnly: { count: 0, total: 2 },
      both: { count: 0, total: 2 },
      neither: { count: 0, total: 2 },
      incomplete: { count: 0, total: 2 },
    });
  });

  it('fills the cross-condition matrix from builtOn declared per program set, and keeps it through the JSON', () => {
    const paired = options({
      verifier: undefined,
      programs: {
        reuse: { verifier: 'a/{task}.ts', builtOn: 'source' },
        rebuild: { verifier: 'b/{task}.ts', builtOn: 'related' },
      },
    });
    const results = [
      ...simulate(pack, staleRule, 'reuse', 'sim', 'source'),
      ...simulate(pack, correctRule, 'rebuild', 'sim', 'related'),
    ];
    const report = ReportSchema.parse(buildReport(input(results, { options: paired })));
    expect(report.run.programs.map((p) => [p.set, p.builtOn])).toEqual([
      ['reuse', 'source'],
      ['rebuild', 'related'],
    ]);
    const { cells } = report.crossCondition;
    expect(cells.source.source.ba).toBe(1);
    expect(cells.source.related.ba).toBeLessThan(1);
    expect(cells.related.related).toMatchObject({ ba: 1, tasks: 2, programs: 2 });
    expect(cells.background.source).toEqual({ ba: null, tasks: 0, programs: 0 });
    expect(report.crossCondition.panelsWithoutBuildCondition).toBe(0);
    // In-run reuse − rebuild Δ on related equals the difference of the two sets' related BA.
    const delta = report.contrasts.find((c) => c.name === 'reuse-rebuild (related)')!.delta!;
    expect(delta).toBeCloseTo(
      report.sets[0]!.conditions.related.ba.estimate! -
        report.sets[1]!.conditions.related.ba.estimate!,
      12,
    );
    // Restored from the JSON, the results carry builtOn again (compare and merge keep the matrix).
    const restored = resultsFromReport(JSON.parse(JSON.stringify(report)));
    const again = buildReport(input(restored, { options: paired }));
    expect(again.crossCondition).toEqual(report.crossCondition);
    expect(again.tasks).toEqual(report.tasks);
  });

  it("carries the verifier's checks and explanation in every outcome record, and back out of the JSON", () => {
    const results = simulate(pack, (entry) => ({
      verdict: entry.label === 'valid' ? 'pass' : 'fail',
      durationMs: 4,
      operations: 2,
      checks: [
        {
          name: `status of ${entry.outcome}`,
          ok: entry.label === 'valid',
          detail: 'read via issues',
        },
      ],
      explanation: `decided ${entry.outcome}`,
    }));
    const report = ReportSchema.parse(buildReport(input(results)));
    const outcome = report.tasks[0]!.conditions.related!.outcomes[0]!;
    expect(outcome.checks).toEqual([
      { name: `status of ${outcome.id}`, ok: outcome.label === 'valid', detail: 'read via issues' },
    ]);
    expect(outcome.explanation).toBe(`decided ${outcome.id}`);
    expect(report.tasks[0]!.witness?.replay?.explanation).toMatch(/^decided /);
    const restored = resultsFromReport(report);
    const match = restored.find(
      (r) =>
        r.kind === 'panel' &&
        r.outcome === outcome.id &&
        r.condition === 'related' &&
        r.task === report.tasks[0]!.id,
    )!;
    expect(match.record.checks).toEqual(outcome.checks);
    expect(match.record.explanation).toBe(outcome.explanation);
  });

  it('computes the cost profile from construction costs and measured usage', () => {
    // Every simulated evaluation of starter_1 takes `index` ms and 2 operations.
    const results = simulate(pack, correctRule, 'reuse', 'p1').filter(
      (r) => r.task === 'starter_1',
    );
    const durations = results.map((r) => r.record.durationMs);
    const operations = results.map((r) => r.record.operations);
    const perSecond = 0.5;
    const perOperation = 0.01;
    const c =
      durations.reduce(
        (sum, ms, i) => sum + (ms / 1000) * perSecond + operations[i]! * perOperation,
        0,
      ) / results.length;
    const section = costSection(results, [{ set: 'reuse', program: 'p1', constructionCost: 0.3 }], {
      perSecond,
      perOperation,
      alternativePerUse: 0.05,
      uses: [1, 10],
    })!;
    expect(section.programs).toHaveLength(1);
    const program = section.programs[0]!;
    expect(program.perUse).toBeCloseTo(c, 12);
    expect(program.amortised.map((a) => a.uses)).toEqual([1, 10]);
    expect(program.amortised[1]!.perUse).toBeCloseTo(c + 0.3 / 10, 12);
    expect(program.breakEvenUses).toBe(6);
    expect(program.netBreakEvenUses).toBe(Math.ceil(0.3 / (0.05 - c)));
    expect(section.sets).toEqual([
      { set: 'reuse', median: { construction: 0.3, perUse: program.perUse, breakEvenUses: 6 } },
    ]);
    expect(costSection(results, [], null)).toBeNull();
    // Without an alternative's price there is no break-even, but amortised costs remain.
    const noAlternative = costSection(
      results,
      [{ set: 'reuse', program: 'p1', constructionCost: 0.3 }],
      null,
    )!;
    expect(noAlternative.programs[0]!.breakEvenUses).toBeNull();
    expect(noAlternative.alternativePerUse).toBeNull();
    expect(noAlternative.withoutConstructionCost).toBe(0);
  });
});
