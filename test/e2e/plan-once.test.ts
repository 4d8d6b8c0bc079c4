import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCliFromSource, runVitest, tempDir } from './support/run-vitest.js';

const PRELOAD = path.join(import.meta.dirname, 'support', 'count-pack-loads.mjs');

describe('one plan per process', () => {
  it('reads the pack in the main process only: the workers of two chunk files and the reporter reuse the plan', async () => {
    const dir = tempDir('plan-once');
    const log = path.join(dir, 'loads.log');
    const output = path.join(dir, 'report.json');
    const run = await runVitest('starter-correct', ['--maxWorkers=2'], {
      APB_LOAD_LOG: log,
      APB_OUTPUT: output,
      NODE_OPTIONS: `--import ${PRELOAD}`,
    });
    expect(run.exitCode, run.output).toBe(0);
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    const processes = new Set(
      lines.filter((line) => line.startsWith('start ')).map((line) => line.split(' ')[1]),
    );
    const loads = lines
      .filter((line) => line.startsWith('load '))
      .map((line) => line.split(' ')[1]);
    // The main process and one worker per chunk file (two tasks, two workers) all started.
    expect(processes.size, lines.join('\n')).toBeGreaterThanOrEqual(3);
    // Only the main process reads the pack (to hash it for the plan cache, and to load it
    // when that is cold); no worker reads it at all.
    const main = lines.find((line) => line.startsWith('start ') && line.endsWith('vitest.mjs'));
    expect(loads.length, lines.join('\n')).toBeGreaterThanOrEqual(1);
    expect(new Set(loads), lines.join('\n')).toEqual(new Set([main?.split(' ')[1]]));
    // The run still evaluated every case of both tasks and built its report from the plan.
    const report = readReport(output);
    expect(report.tasks.map((task) => task.id).sort()).toEqual(['starter_1', 'starter_2']);
    expect(run.output).toMatch(/Test Files\s+2 passed/);
  });

  it('`agentproofbench run` plans once: it checks the set-up with the plan the project then runs', async () => {
    const dir = tempDir('plan-once-run');
    const log = path.join(dir, 'loads.log');
    const output = path.join(dir, 'report.json');
    const run = await runCliFromSource(
      [
        'run',
        '--pack',
        'starter',
        '--verifier',
        'fixtures/verifiers/starter/correct/{task}.ts',
        '--task',
        'starter_1',
        '--json',
        output,
      ],
      { APB_LOAD_LOG: log, NODE_OPTIONS: `--import ${PRELOAD}` },
    );
    expect(run.exitCode, run.output).toBe(0);
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    // One plan reads the pack's manifest once (to hash the pack, and to load it when the
    // plan cache is cold); a second plan, warm or cold, would read it again.
    expect(
      lines.filter((line) => line.startsWith('load ')),
      lines.join('\n'),
    ).toHaveLength(1);
    expect(readReport(output).tasks.map((task) => task.id)).toEqual(['starter_1']);
  });
});
