import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balancedAccuracyReport,
  panelBalancedAccuracy,
} from '../../src/metrics/balanced-accuracy.js';
import { collectResults } from '../../src/metrics/panels.js';
import { panel } from '../support/case-results.js';

const a1 = { task: 'task_a', family: 'fam_a', program: 'task_a.r1' };
const a2 = { task: 'task_a', family: 'fam_a', program: 'task_a.r2' };
const b1 = { task: 'task_b', family: 'fam_b', program: 'task_b.r1' };

function onlyPanel(...args: Parameters<typeof panel>) {
  const panels = collectResults(panel(...args)).panels;
  expect(panels).toHaveLength(1);
  return panels[0]!;
}

describe('panelBalancedAccuracy', () => {
  it('scores Unknown as zero while keeping it in the denominator', () => {
    // 2 valid (one pass, one Unknown), 2 faults (both fail): BA = ½·(1/2 + 2/2) = 0.75
    const p = onlyPanel(
      a1,
      'source',
      ['complete', 'pass'],
      ['alternative', 'unknown'],
      ['fault', 'fail'],
      ['fault', 'fail'],
    );
    expect(panelBalancedAccuracy(p.tally)).toEqual({
      ba: 0.75,
      basis: 'both',
      validRate: 0.5,
      invalidRate: 1,
    });
  });

  it('scores Error as zero on either label', () => {
    // valid: 1 pass of 1; invalid: 1 fail, 1 Error, 1 false acceptance of 3: BA = ½·(1 + 1/3) = 2/3
    const p = onlyPanel(
      a1,
      'source',
      ['complete', 'pass'],
      ['fault', 'fail'],
      ['fault', 'error:budget'],
      ['fault', 'pass'],
    );
    expect(panelBalancedAccuracy(p.tally).ba).toBeCloseTo((1 + 1 / 3) / 2, 12);
  });

  it('gives an all-Error panel BA 0', () => {
    const p = onlyPanel(a1, 'source', ['complete', 'error:crash'], ['fault', 'error:crash']);
    expect(panelBalancedAccuracy(p.tally).ba).toBe(0);
  });

  it('uses the one defined half, flagged, for a panel without valid outcomes', () => {
    // prefix panel: 3 invalid outcomes, 2 rejected: BA = 2/3 on the invalid half only
    const p = collectResults(
      panel(a1, 'source', ['prefix', 'fail'], ['prefix', 'fail'], ['prefix', 'pass']),
    ).panels[0]!;
    expect(panelBalancedAccuracy(p.tally)).toEqual({
      ba: 2 / 3,
      basis: 'invalid-only',
      validRate: null,
      invalidRate: 2 / 3,
    });
  });

  it('uses the valid half, flagged, for a panel without invalid outcomes', () => {
    const p = onlyPanel(a1, 'source', ['complete', 'pass'], ['alternative', 'fail']);
    expect(panelBalancedAccuracy(p.tally)).toMatchObject({
      ba: 0.5,
      basis: 'valid-only',
      invalidRate: null,
    });
  });

  it('refuses an empty tally with a message saying a panel needs an outcome', () => {
    const p = onlyPanel(a1, 'source', ['complete', 'pass']);
    const empty = { ...p.tally, valid: { total: 0, pass: 0, fail: 0, unknown: 0, error: 0 } };
    expect(() => panelBalancedAccuracy(empty)).toThrow(/at least one outcome/);
  });

  it('stays in [0, 1] for any mix of verdicts', () => {
    const verdict = fc.constantFrom('pass', 'fail', 'unknown', 'error:exception' as const);
    fc.assert(
      fc.property(
        fc.array(verdict, { maxLength: 6 }),
        fc.array(verdict, { maxLength: 6 }),
        (valid, invalid) => {
          fc.pre(valid.length + invalid.length > 0);
          const cases = panel(
            a1,
            'source',
            ...valid.map((v) => ['complete', v] as ['complete', typeof v]),
            ...invalid.map((v) => ['fault', v] as ['fault', typeof v]),
          );
          const { ba } = panelBalancedAccuracy(collectResults(cases).panels[0]!.tally);
          return ba >= 0 && ba <= 1;
        },
      ),
    );
  });
});

describe('balancedAccuracyReport', () => {
  it('averages replicates inside a task before averaging tasks', () => {
    const results = [
      ...panel(a1, 'source', ['complete', 'pass'], ['fault', 'fail']), // BA 1
      ...panel(a2, 'source', ['complete', 'pass'], ['fault', 'pass']), // BA ½·(1 + 0) = 0.5
      ...panel(b1, 'source', ['complete', 'fail'], ['fault', 'pass']), // BA 0
    ];
    const report = balancedAccuracyReport(collectResults(results).panels);
    expect(report.cells).toEqual([
      {
        task: 'task_a',
        family: 'fam_a',
        condition: 'source',
        ba: (1 + 0.5) / 2,
        programs: 2,
      },
      {
        task: 'task_b',
        family: 'fam_b',
        condition: 'source',
        ba: 0,
        programs: 1,
      },
    ]);
    // Task means first: (0.75 + 0) / 2, not the pooled (1 + 0.5 + 0) / 3.
    expect(report.overall).toEqual({ ba: 0.375, tasks: 2 });
    expect(report.perCondition.source).toEqual({ ba: 0.375, tasks: 2 });
  });

  it('averages conditions inside a task, and each condition over the tasks that have it', () => {
    const results = [
      ...panel(a1, 'source', ['complete', 'pass'], ['fault', 'fail']), // 1
      ...panel(a1, 'related', ['complete', 'pass'], ['fault', 'pass']), // 0.5
      ...panel(b1, 'source', ['complete', 'fail'], ['fault', 'fail']), // 0.5
    ];
    const report = balancedAccuracyReport(collectResults(results).panels);
    expect(report.tasks).toEqual([
      { task: 'task_a', family: 'fam_a', ba: (1 + 0.5) / 2, conditions: ['source', 'related'] },
      { task: 'task_b', family: 'fam_b', ba: 0.5, conditions: ['source'] },
    ]);
    expect(report.overall.ba).toBe((0.75 + 0.5) / 2);
    expect(report.perCondition.source).toEqual({ ba: (1 + 0.5) / 2, tasks: 2 });
    expect(report.perCondition.related).toEqual({ ba: 0.5, tasks: 1 });
    expect(report.perCondition.background).toEqual({ ba: null, tasks: 0 });
  });

  it('never mixes natural outcomes into the primary BA, and reports them on request', () => {
    const results = panel(
      a1,
      'source',
      ['complete', 'pass'],
      ['fault', 'fail'],
      ['natural', 'fail', 'valid'],
      ['natural', 'fail', 'invalid'],
    );
    const panels = collectResults(results).panels;
    expect(balancedAccuracyReport(panels).overall.ba).toBe(1);
    // natural: valid one rejected (0/1), invalid one rejected (1/1): ½·(0 + 1)
    expect(balancedAccuracyReport(panels, 'natural').overall.ba).toBe(0.5);
  });

  it('reports no BA over panels with one half only, and names each such panel', () => {
    const results = [
      ...panel(a1, 'source', ['prefix', 'fail']),
      ...panel(a2, 'source', ['prefix', 'pass']),
      ...panel(a1, 'related', ['natural', 'pass'], ['natural', 'fail', 'invalid']),
    ];
    const panels = collectResults(results).panels;
    const prefix = balancedAccuracyReport(panels, 'prefix');
    expect(prefix.cells).toEqual([]);
    expect(prefix.overall).toEqual({ ba: null, tasks: 0 });
    expect(prefix.unscored.map((p) => [p.program, p.condition, p.basis])).toEqual([
      [a1.program, 'source', 'invalid-only'],
      [a2.program, 'source', 'invalid-only'],
    ]);
    // A panel with both halves next to a one-half one: only the first is scored.
    const natural = balancedAccuracyReport(panels, 'natural');
    expect(natural.unscored).toEqual([]);
    expect(natural.cells.map((c) => c.condition)).toEqual(['related']);
  });

  it('reports null BA with no panels', () => {
    const report = balancedAccuracyReport([]);
    expect(report.overall).toEqual({ ba: null, tasks: 0 });
  });
});

describe('per-program panel counts', () => {
  it('names valid acceptance, false acceptance, false rejection, Unknown and Error by kind', () => {
    const results = panel(
      a1,
      'related',
      ['complete', 'fail'],
      ['alternative', 'pass'],
      ['fault', 'pass'],
      ['fault', 'unknown'],
      ['fault', 'error:budget'],
    );
    const [scored] = balancedAccuracyReport(collectResults(results).panels).panels;
    expect(scored).toMatchObject({ program: 'task_a.r1', condition: 'related', basis: 'both' });
    expect(scored!.counts).toMatchObject({
      valid: 2,
      invalid: 3,
      validAcceptance: 1,
      falseAcceptance: 1,
      falseRejection: 1,
      unknown: 1,
      error: 1,
    });
    expect(scored!.counts.errorsByKind.budget).toBe(1);
    // ½·(1/2 + 0/3): the Unknown and the Error fault count as not rejected
    expect(scored!.ba).toBe(0.25);
  });
});
