import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestModule, Vitest } from 'vitest/node';
import { AgentProofBenchReporter } from '../../reporters/agentproofbench-reporter.js';
import { loadPackOrThrow } from '../../src/pack/load.js';
import type { Pack } from '../../src/pack/pack.js';
import { ReportSchema } from '../../src/report/report-schema.js';
import type { CaseMeta } from '../../src/run/case-meta.js';
import { resolveOptions } from '../../src/run/options.js';
import {
  correctRule,
  loadStarter,
  simulate,
  staleRule,
} from '../report/support/starter-results.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Just the parts of Vitest's TestModule the adapter reads (the runner task for gate cases);
 * `failed` adds tests that threw before recording.
 */
function moduleOf(
  metas: CaseMeta[],
  {
    moduleId = 'chunk-0.test.ts',
    project = metas[0]?.project ?? 'agentproofbench',
    failed = [] as string[],
    errors = [] as string[],
  } = {},
): TestModule {
  const recorded = metas.map((meta) => ({
    meta: () => ({ agentproofbench: meta }),
    result: () => ({ state: 'passed', errors: [] }),
  }));
  const unrecorded = failed.map((message) => ({
    meta: () => ({}),
    result: () => ({ state: 'failed', errors: [{ message }] }),
  }));
  return {
    moduleId,
    project: { name: project },
    relativeModuleId: moduleId,
    task: { id: moduleId, name: moduleId, tasks: [], result: { state: 'pass' } },
    errors: () => errors.map((message) => ({ message })),
    children: { allTests: () => [...recorded, ...unrecorded][Symbol.iterator]() },
  } as unknown as TestModule;
}

function fakeVitest(shard?: { index: number; count: number }) {
  const lines: string[] = [];
  const errors: string[] = [];
  const vitest = {
    config: { shard },
    version: '4.1.12',
    logger: { log: (text: string) => lines.push(text), error: (text: string) => errors.push(text) },
  };
  return { vitest: vitest as unknown as Vitest, lines, errors };
}

describe('AgentProofBenchReporter', () => {
  let pack: Pack;
  const exitCode = process.exitCode;
  const stepSummary = process.env.GITHUB_STEP_SUMMARY;
  beforeAll(async () => {
    pack = await loadStarter();
  });
  afterEach(() => {
    process.exitCode = exitCode;
    if (stepSummary === undefined) delete process.env.GITHUB_STEP_SUMMARY;
    else process.env.GITHUB_STEP_SUMMARY = stepSummary;
  });

  const setup = (gates = {}) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apb-reporter-'));
    const options = resolveOptions(
      {
        pack: 'starter',
        verifier: 'fixtures/verifiers/starter/correct/{task}.ts',
        outputFile: path.join(dir, 'out', 'report.json'),
        resamples: 100,
        gates,
      },
      REPO,
    );
    // `verifiers/{task}.ts` plans one program per task, named as the task.
    const metas = (rule: typeof correctRule, project = options.name): CaseMeta[] =>
      simulate(pack, rule).map((result) => ({
        project,
        result: { ...result, program: { ...result.program, id: result.task } },
        runtime: { name: 'isolate', isolation: { level: 'isolate', measures: [], missing: [] } },
      }));
    return { dir, options, metas };
  };

  it('writes the JSON and Markdown reports from its own project only, and prints the table', async () => {
    const { options, metas, dir } = setup();
    const summaryFile = path.join(dir, 'step-summary.md');
    writeFileSync(summaryFile, '# earlier step\n');
    process.env.GITHUB_STEP_SUMMARY = summaryFile;
    const reporter = new AgentProofBenchReporter(options);
    const { vitest, lines } = fakeVitest();
    reporter.onInit(vitest);
    await reporter.onTestRunEnd([
      moduleOf(metas(correctRule)),
      moduleOf(metas(staleRule, 'someone-else')),
    ]);
    const report = ReportSchema.parse(JSON.parse(readFileSync(options.outputFile, 'utf8')));
    expect(report.summary.cases).toBe(metas(correctRule).length);
    expect(report.summary.ba.estimate).toBe(1);
    expect(reporter.lastReport).toEqual(report);
    expect(readFileSync(path.join(dir, 'out', 'report.md'), 'utf8')).toContain(
      '## AgentProofBench: starter 1.0.0',
    );
    expect(readFileSync(summaryFile, 'utf8')).toMatch(
      /^# earlier step\n## AgentProofBench: starter/,
    );
    expect(lines.join('\n')).toContain('jointly correct 2/2 programs × tasks');
    expect(process.exitCode).toBe(exitCode);
  });

  it('inside a shard only counts what it recorded and writes nothing', async () => {
    const { options, metas } = setup();
    const reporter = new AgentProofBenchReporter(options);
    const { vitest, lines } = fakeVitest({ index: 2, count: 3 });
    reporter.onInit(vitest);
    await reporter.onTestRunEnd([moduleOf(metas(correctRule).slice(0, 7))]);
    expect(lines).toEqual([
      'agentproofbench: shard 2/3 recorded 7 evaluations; metrics are computed after `vitest --merge-reports`',
    ]);
    expect(existsSync(options.outputFile)).toBe(false);
    expect(reporter.lastReport).toBeUndefined();
  });

  it('sets a failing exit code and names the failed gates', async () => {
    const { options, metas } = setup({ ba: { related: 0.95 }, errors: 0 });
    const reporter = new AgentProofBenchReporter(options);
    const { vitest, errors } = fakeVitest();
    reporter.onInit(vitest);
    await reporter.onTestRunEnd([moduleOf(metas(staleRule))]);
    expect(process.exitCode).toBe(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^agentproofbench: 1 gate\(s\) failed:\n {2}✗ ba\.related .* < 0\.95 \(short by /,
    );
  });

  it('adds each gate as a test case of its project’s last module, failed with the gate message', async () => {
    const { options, metas } = setup({ ba: { related: 0.95 }, falseAccept: 1 });
    const reporter = new AgentProofBenchReporter(options);
    const { vitest } = fakeVitest();
    reporter.onInit(vitest);
    const records = metas(staleRule);
    const first = moduleOf(records.slice(0, 10), { moduleId: 'a/chunk-0.test.ts' });
    const last = moduleOf(records.slice(10), { moduleId: 'a/chunk-1.test.ts' });
    const other = moduleOf(metas(correctRule, 'someone-else'), { moduleId: 'z/other.test.ts' });
    await reporter.onTestRunEnd([last, other, first]);
    type Task = { name: string; result: { state: string; errors?: Array<{ message: string }> } };
    const tasksOf = (module: TestModule) =>
      (module as unknown as { task: { tasks: Task[]; result: { state: string } } }).task;
    expect(tasksOf(first).tasks).toEqual([]);
    expect(tasksOf(other).tasks).toEqual([]);
    expect(tasksOf(last).tasks.map((task) => [task.name, task.result.state])).toEqual([
      ['agentproofbench gate: ba.related', 'fail'],
      ['agentproofbench gate: falseAccept', 'pass'],
      ['agentproofbench gate: allRecorded', 'pass'],
    ]);
    expect(tasksOf(last).tasks[0]!.result.errors![0]!.message).toMatch(
      /^ba\.related .* < 0\.95 \(short by /,
    );
    expect(tasksOf(last).result.state).toBe('fail');
  });

  it('reports tasks that fail qualification as excluded, with their problems', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apb-reporter-'));
    const options = resolveOptions(
      {
        pack: 'fixtures/packs/broken/mislabelled',
        verifier: 'fixtures/verifiers/starter/correct/{task}.ts',
        outputFile: path.join(dir, 'report.json'),
        resamples: 100,
      },
      REPO,
    );
    const broken = await loadPackOrThrow(path.join(REPO, 'fixtures/packs/broken/mislabelled'));
    // The chunk files never run an unqualified task, so only starter_1 has records.
    const metas: CaseMeta[] = simulate(broken, correctRule)
      .filter((result) => result.task === 'starter_1')
      .map((result) => ({
        project: options.name,
        result,
        runtime: { name: 'isolate', isolation: { level: 'isolate', measures: [], missing: [] } },
      }));
    const reporter = new AgentProofBenchReporter(options);
    reporter.onInit(fakeVitest().vitest);
    await reporter.onTestRunEnd([moduleOf(metas)]);
    const report = reporter.lastReport!;
    expect(
      report.excluded.map((task) => [task.id, task.problems.map((problem) => problem.code)]),
    ).toEqual([['starter_2', ['mislabelled', 'background_label']]]);
    expect(report.tasks.map((task) => task.id)).toEqual(['starter_1']);
  });

  it('carries planned against recorded cases and passes the allRecorded gate when every case has a record', async () => {
    const { options, metas } = setup();
    const reporter = new AgentProofBenchReporter(options);
    reporter.onInit(fakeVitest().vitest);
    await reporter.onTestRunEnd([moduleOf(metas(correctRule))]);
    const report = reporter.lastReport!;
    const planned = metas(correctRule).length;
    expect(report.run.cases).toEqual({ planned, recorded: planned, missing: [], causes: [] });
    expect(report.gates.find((gate) => gate.gate === 'allRecorded')).toMatchObject({
      passed: true,
      threshold: planned,
      actual: planned,
    });
    expect(report.passed).toBe(true);
  });

  it('refuses a report with cases that vanished, naming them and what the run said went wrong', async () => {
    const { options, metas } = setup();
    const all = metas(correctRule);
    const kept = all.filter((meta) => meta.result.task !== 'starter_2');
    const reporter = new AgentProofBenchReporter(options);
    const { vitest, errors } = fakeVitest();
    reporter.onInit(vitest);
    await reporter.onTestRunEnd([
      moduleOf(kept, {
        failed: ['RangeError: Maximum call stack size exceeded\n    at findNonJson'],
        errors: ['Worker exited unexpectedly'],
      }),
    ]);
    const report = reporter.lastReport!;
    const lost = all.length - kept.length;
    expect(lost).toBeGreaterThan(0);
    expect(report.run.cases).toMatchObject({ planned: all.length, recorded: kept.length });
    expect(report.run.cases?.missing).toHaveLength(lost);
    expect(report.run.cases?.missing[0]).toMatch(/^starter_2 › .* \(starter_2\)$/);
    expect(report.run.cases?.causes).toEqual([
      'chunk-0.test.ts: Worker exited unexpectedly',
      'RangeError: Maximum call stack size exceeded',
    ]);
    expect(report.passed).toBe(false);
    expect(process.exitCode).toBe(1);
    expect(errors[0]).toContain(
      `✗ allRecorded ${kept.length}/${all.length}: ${lost} planned case(s) have no record: chunk-0.test.ts: Worker exited unexpectedly; RangeError: Maximum call stack size exceeded`,
    );
  });

  it('scores a deliberately partial run when allRecorded is turned off', async () => {
    const { options, metas } = setup({ allRecorded: false });
    const kept = metas(correctRule).filter((meta) => meta.result.task !== 'starter_2');
    const reporter = new AgentProofBenchReporter(options);
    reporter.onInit(fakeVitest().vitest);
    await reporter.onTestRunEnd([moduleOf(kept)]);
    const report = reporter.lastReport!;
    expect(report.run.cases?.recorded).toBe(kept.length);
    expect(report.gates.map((gate) => gate.gate)).not.toContain('allRecorded');
    expect(report.passed).toBe(true);
  });
});
