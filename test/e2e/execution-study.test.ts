import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report-schema.js';
import { readReport, runVitest, tempDir } from './support/run-vitest.js';

const PROJECT = 'builtin-executions';
type Execution = NonNullable<Report['execution']>;

const row = (execution: Execution, policy: string, set: string | null, cohort: string) =>
  execution.policies.find(
    (entry) => entry.policy === policy && entry.set === set && entry.cohort === cohort,
  );

describe('the execution study in a real Vitest run (built-in executions, sharded and merged)', () => {
  const dir = tempDir('execution');
  let single: Report;
  let singleRun: { exitCode: number; output: string };
  beforeAll(async () => {
    singleRun = await runVitest(PROJECT, [], {
      APB_OUTPUT: path.join(dir, 'single.json'),
      APB_GATES: JSON.stringify({ execution: { regressions: 0, correctDelivery: 0.5 } }),
    });
    single = readReport(path.join(dir, 'single.json'));
  });

  it('replays every policy from 16 start points and prints the table and the diagnostic', () => {
    const execution = single.execution!;
    expect(execution.counts).toMatchObject({ tasks: 4, runs: 8, startPoints: 16, assignments: 16 });
    for (const policy of ['actor-stop', 'fixed-continuation', 'online-gate', 'reference-gate'])
      expect(row(execution, policy, null, 'all')?.startPoints, policy).toBe(16);
    expect(row(execution, 'program-gate', 'correct', 'all')?.startPoints).toBe(16);
    expect(row(execution, 'program-gate', 'stale', 'all')?.startPoints).toBe(16);
    expect(singleRun.output).toContain(
      'Execution study — 4 tasks, 8 recorded runs, 16 start points',
    );
    expect(singleRun.output).toMatch(/related panel correct {6}\d+\/8 /);
    expect(singleRun.output).toMatch(/difference [+-]\d+\.\d points \[/);
  });

  it('shows the pattern: stale gates (related panel errors) regress and deliver less', () => {
    const execution = single.execution!;
    const correct = execution.diagnostic.panelCorrect;
    const stale = execution.diagnostic.panelErrors;
    expect(correct.assignments).toBe(8);
    expect(stale.assignments).toBe(8);
    expect(stale.regressions).toBeGreaterThanOrEqual(3);
    expect(correct.regressions).toBe(0);
    expect(stale.gateErrors).toBeGreaterThan(correct.gateErrors);
    expect(correct.rate!).toBeGreaterThan(stale.rate!);
    expect(execution.diagnostic.difference.estimate).toBeCloseTo(correct.rate! - stale.rate!, 10);
    // The reference gate is the ideal: no verifier gate delivers more.
    const ideal = row(execution, 'reference-gate', null, 'all')!.correct.count;
    expect(row(execution, 'program-gate', 'correct', 'all')!.correct.count).toBeLessThanOrEqual(
      ideal,
    );
  });

  it('applies the execution gates to the first program set', () => {
    expect(single.gates.map((gate) => gate.gate)).toEqual(
      expect.arrayContaining(['execution.regressions', 'execution.correctDelivery', 'allRecorded']),
    );
    expect(single.gates.every((gate) => gate.passed)).toBe(true);
  });

  it('gives the same execution section after --shard 1/2 + 2/2 and --merge-reports', async () => {
    const blobs = path.join(dir, 'blobs');
    for (const shard of ['1/2', '2/2']) {
      const run = await runVitest(
        PROJECT,
        [
          `--shard=${shard}`,
          '--reporter=blob',
          `--outputFile=${path.join(blobs, `blob-${shard.replace('/', '-')}.json`)}`,
        ],
        { APB_OUTPUT: path.join(dir, 'never-written.json') },
      );
      expect(run.exitCode, run.output).toBe(0);
      expect(run.output).toMatch(/gate traces; metrics are computed after/);
    }
    const merged = await runVitest(PROJECT, [`--merge-reports=${blobs}`], {
      APB_OUTPUT: path.join(dir, 'merged.json'),
    });
    expect(merged.exitCode, merged.output).toBe(0);
    expect(readReport(path.join(dir, 'merged.json')).execution).toEqual(single.execution);
  });

  it('fails a TDD run where the stale gate decides unlike the reference, showing the chain', async () => {
    const run = await runVitest(
      PROJECT,
      ['-t', 'slack_2 › execution › run-b › natural › program gate'],
      {
        APB_OUTPUT: path.join(dir, 'tdd.json'),
        APB_MODE: 'tdd',
      },
    );
    expect(run.exitCode).toBe(1);
    expect(run.output).toContain('× slack_2 › execution › run-b › natural › program gate');
    expect(run.output).toContain('toGateLikeReference');
    expect(run.output).toContain('reference labels it valid (rejects a valid state)');
    expect(run.output).toMatch(/Delivery: incorrect \(rejected\.2\).*a regression/);
  });
});
