import { describe, expect, it } from 'vitest';
import { ERROR_KINDS } from '../../src/contract/record.js';
import {
  type CiThresholdSummary,
  checkCiThresholds,
} from '../../src/report/ci-threshold-checks.js';
import type { ExecutionCiThresholdSection } from '../../src/report/execution-ci-threshold-actuals.js';
import { parseCiThreshold } from '../../src/run/ci-thresholds.js';

// A report summary the summary gates would pass; the execution gates read the section only.
const interval = { estimate: 1, lower: 1, upper: 1, confidence: 0.95, families: 1, tasks: 1 };
const rate = (value: number) => ({ count: 1, total: 1, rate: value, lower: null, upper: null });
const panelCorrect = { count: 1, total: 1 };
const summary: CiThresholdSummary = {
  ba: interval,
  conditions: {
    source: { ba: interval, panelCorrect },
    background: { ba: interval, panelCorrect },
    related: { ba: interval, panelCorrect },
  },
  falseAccept: rate(0),
  validAccept: rate(1),
  jointCorrect: { count: 1, total: 1, notApplicable: 0 },
  allCases: {
    cases: 8,
    unknown: 0,
    errors: {
      total: 0,
      byKind: Object.fromEntries(
        ERROR_KINDS.map((kind) => [kind, 0]),
      ) as CiThresholdSummary['allCases']['errors']['byKind'],
    },
    byPanel: {
      primary: { cases: 8, unknown: 0, errors: 0 },
      witness: { cases: 0, unknown: 0, errors: 0 },
      natural: { cases: 0, unknown: 0, errors: 0 },
      prefix: { cases: 0, unknown: 0, errors: 0 },
    },
  },
};

// The smallest execution section the gates read: the program gate's `all` row and its gate behaviour.
const section = (regressions: number, rate: number, disagreements: number) =>
  ({
    policies: [
      {
        policy: 'program-gate',
        set: 'default',
        cohort: 'all',
        regressions,
        correct: { count: 0, total: 0, rate, lower: null, upper: null },
      },
    ],
    gates: { program: { disagreements } },
  }) as unknown as ExecutionCiThresholdSection;

describe('execution gates', () => {
  it('passes and fails on the program gate of the first set', () => {
    const gates = parseCiThreshold(
      'execution.correctDelivery>=0.8',
      parseCiThreshold('execution.regressions<=0'),
    );
    const passing = checkCiThresholds(gates, summary, { execution: section(0, 0.9, 1) });
    expect(passing.map((gate) => gate.passed)).toEqual([true, true]);
    const failing = checkCiThresholds(gates, summary, { execution: section(3, 0.5, 9) });
    expect(failing.map((gate) => gate.message)).toEqual([
      'execution.regressions 3 > 0 (over by 3)',
      'execution.correctDelivery 0.5 < 0.8 (short by 0.3)',
    ]);
  });

  it('fails when the run has no execution study to judge', () => {
    const [gate] = checkCiThresholds(parseCiThreshold('execution.regressions<=0'), summary, {
      execution: null,
    });
    expect(gate).toMatchObject({ passed: false, actual: null });
    expect(gate!.message).toBe('execution.regressions: no value in this run (needs <= 0)');
  });
});
