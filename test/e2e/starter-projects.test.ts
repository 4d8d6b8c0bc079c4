import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPackOrThrow } from '../../src/pack/load.js';
import { qualifyPack } from '../../src/pack/qualify.js';
import { builtinPackDir } from '../../src/pack/resolve.js';
import type { Report } from '../../src/report/report-schema.js';
import { readReport, runVitest, tempDir } from './support/run-vitest.js';

const qualifiedStarterTasks = async () =>
  qualifyPack(await loadPackOrThrow(builtinPackDir('starter')))
    .filter((task) => task.qualified)
    .map((task) => task.task)
    .sort();

describe('a correct verifier on the starter pack (real Vitest run)', () => {
  let report: Report;
  let exitCode: number;
  let output: string;
  beforeAll(async () => {
    const file = path.join(tempDir('correct'), 'report.json');
    // Passing gates must leave the exit code at 0.
    ({ exitCode, output } = await runVitest('starter-correct', [], {
      APB_OUTPUT: file,
      APB_GATES: JSON.stringify({ ba: { related: 0.95 }, jointCorrect: 'all', errors: 0 }),
    }));
    report = readReport(file);
  });

  it('is jointly correct on every qualified task and exits 0 with its gates passed', async () => {
    const qualified = await qualifiedStarterTasks();
    expect(exitCode, output).toBe(0);
    expect(report.tasks.map((task) => task.id).sort()).toEqual(qualified);
    expect(report.tasks.every((task) => task.jointCorrect === true)).toBe(true);
    expect(report.summary.jointCorrect).toMatchObject({
      count: qualified.length,
      total: qualified.length,
    });
    expect(report.gates.map((gate) => [gate.gate, gate.passed])).toEqual([
      ['ba.related', true],
      ['jointCorrect', true],
      ['errors', true],
      ['allRecorded', true],
    ]);
    expect(report.run.cases).toMatchObject({ recorded: report.run.cases?.planned, missing: [] });
  });

  it('records run metadata: pack, reference version, runtime isolation, versions and seed', () => {
    expect(report.run.pack).toEqual({ name: 'starter', version: '1.0.0', referenceVersion: '1' });
    expect(report.run.runtime.name).toBe('isolate');
    expect(report.run.runtime.isolation?.level).toBe('isolate');
    expect(report.run.versions.vitest).toBe('4.1.12');
    expect(report.run.versions.node).toBe(process.version);
    expect(report.run.seed).toBe(20260101);
  });
});

describe('a stale verifier on the starter pack (real Vitest runs, sharded and merged)', () => {
  const dir = tempDir('stale');
  let single: Report;
  let singleRun: { exitCode: number; output: string };
  beforeAll(async () => {
    singleRun = await runVitest('starter-stale', [], {
      APB_OUTPUT: path.join(dir, 'single.json'),
      APB_GATES: JSON.stringify({ ba: { related: 0.95 }, falseAccept: 0 }),
    });
    single = readReport(path.join(dir, 'single.json'));
  });

  it('passes its source panel but fails its related panel and the witness replay', () => {
    expect(single.tasks.length).toBeGreaterThan(0);
    for (const task of single.tasks) {
      expect(task.conditions.source?.correct, task.id).toBe(true);
      expect(task.conditions.related?.correct, task.id).toBe(false);
      expect(task.witness?.source?.verdict, task.id).toBe('pass');
      expect(task.witness?.replay?.verdict, task.id).toBe('pass');
      expect(task.jointCorrect, task.id).toBe(false);
    }
    expect(single.summary.jointCorrect.count).toBe(0);
  });

  it('fails the run when a gate fails, naming the gate and by how much', () => {
    expect(singleRun.exitCode).toBe(1);
    const related = single.summary.conditions.related.ba.estimate ?? 0;
    expect(singleRun.output).toContain(
      `ba.related ${Number(related.toFixed(4))} < 0.95 (short by ${Number((0.95 - related).toFixed(4))})`,
    );
    expect(singleRun.output).toMatch(/falseAccept .* > 0 \(over by/);
  });

  it('gives the same summary after --shard 1/2 + 2/2 and --merge-reports as in one run', async () => {
    const blobs = path.join(dir, 'blobs');
    for (const shard of ['1/2', '2/2']) {
      const run = await runVitest(
        'starter-stale',
        [
          `--shard=${shard}`,
          '--reporter=blob',
          `--outputFile=${path.join(blobs, `blob-${shard.replace('/', '-')}.json`)}`,
        ],
        {
          APB_OUTPUT: path.join(dir, 'never-written.json'),
        },
      );
      expect(run.exitCode, run.output).toBe(0);
      expect(run.output).toContain(`agentproofbench: shard ${shard}`);
    }
    const merged = await runVitest('starter-stale', [`--merge-reports=${blobs}`], {
      APB_OUTPUT: path.join(dir, 'merged.json'),
    });
    expect(merged.exitCode, merged.output).toBe(0);
    const report = readReport(path.join(dir, 'merged.json'));
    expect(report.summary).toEqual(single.summary);
    expect(report.tasks.map((task) => [task.id, task.jointCorrect])).toEqual(
      single.tasks.map((task) => [task.id, task.jointCorrect]),
    );
  });
});

describe('a hostile verifier on the starter pack (real Vitest run)', () => {
  it('yields Error records while the other cases still get verdicts', async () => {
    const file = path.join(tempDir('hostile'), 'report.json');
    const run = await runVitest('starter-hostile', [], { APB_OUTPUT: file });
    expect(run.exitCode, run.output).toBe(0);
    const report = readReport(file);
    const outcomes = report.tasks.flatMap((task) =>
      Object.values(task.conditions).flatMap((condition) => condition?.outcomes ?? []),
    );
    const kinds = new Set(
      outcomes.filter((outcome) => outcome.verdict === 'error').map((outcome) => outcome.errorKind),
    );
    expect(kinds).toEqual(new Set(['exception', 'budget']));
    expect(
      outcomes.some((outcome) => outcome.verdict === 'pass' || outcome.verdict === 'fail'),
    ).toBe(true);
    expect(report.summary.errors.byKind.exception).toBeGreaterThan(0);
    expect(report.summary.errors.byKind.budget).toBeGreaterThan(0);
    expect(report.summary.errors.total).toBe(
      Object.values(report.summary.errors.byKind).reduce((sum, n) => sum + n, 0),
    );
  });
});

describe('a harness failure on the starter pack (real Vitest run)', () => {
  it('fails every crashed case even in gate mode, naming the cause', async () => {
    const file = path.join(tempDir('crash'), 'report.json');
    const run = await runVitest('starter-hostile', [], {
      APB_OUTPUT: file,
      APB_RUNTIME: 'process',
    });
    expect(run.exitCode, run.output).toBe(1);
    expect(run.output).toContain('agentproofbench could not evaluate');
    expect(run.output).toContain('use the isolate runtime for a JS/TS module');
  });
});

describe('paired program sets on the starter pack (real Vitest run)', () => {
  it('summarises reuse and rebuild separately and reports their paired contrast', async () => {
    const file = path.join(tempDir('paired'), 'report.json');
    const run = await runVitest('starter-paired', [], { APB_OUTPUT: file });
    expect(run.exitCode, run.output).toBe(0);
    const report = readReport(file);
    expect(report.sets.map((set) => [set.set, set.jointCorrect.count])).toEqual([
      ['reuse', 0],
      ['rebuild', report.sets[1]?.units],
    ]);
    const related = report.contrasts.find((contrast) => contrast.condition === 'related');
    const [reuse, rebuild] = report.sets.map(
      (set) => set.conditions.related.ba.estimate ?? Number.NaN,
    );
    expect(related?.delta).toBeCloseTo(reuse! - rebuild!, 12);
    expect(related?.tasks).toBe(report.sets[0]?.tasks);
    expect(run.output).toContain('Δ reuse-rebuild (related)');
  });
});
