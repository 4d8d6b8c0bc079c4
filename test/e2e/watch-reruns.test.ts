import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from './support/run-vitest.js';

const VITEST_BIN = path.join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const VERIFIERS = path.join(REPO_ROOT, 'fixtures/verifiers/starter');

/** How long the output must stay unchanged, after a run ended, to count as settled. */
const QUIET_MS = 5_000;

/**
 * Resolves with the output written after `from` once it shows a rerun that reached the report,
 * the report holds `expectedTasks` (when given), and the watcher has been quiet for
 * `QUIET_MS` after its last run; rejects after `ms`. Not tied to Vitest's RERUN label: Vitest
 * labels a rerun with the last change that scheduled it, and on a loaded machine a late event
 * (a generated chunk file, the second write of a copy) relabels it or schedules one more rerun;
 * waiting until quiet puts every run a change caused in this step's output, and none in the next.
 */
function settledRerun(
  watcher: { read: () => string; lastOutputAt: () => number },
  from: number,
  tasks: () => string[],
  expectedTasks: string[] | undefined,
  ms: number,
) {
  const started = Date.now();
  return new Promise<string>((resolve, reject) => {
    const poll = setInterval(() => {
      const output = watcher.read().slice(from);
      const lastRun = Math.max(output.lastIndexOf('RERUN'), 0);
      const ended =
        /RERUN/.test(output) &&
        /report written[\s\S]*(Waiting|Watching) for file changes/.test(output.slice(lastRun));
      const reported = expectedTasks === undefined || sameTasks(tasks(), expectedTasks);
      if (ended && reported && Date.now() - watcher.lastOutputAt() > QUIET_MS) {
        clearInterval(poll);
        resolve(output);
      } else if (Date.now() - started > ms) {
        clearInterval(poll);
        reject(
          new Error(
            `no settled rerun reporting ${expectedTasks ?? 'its tasks'} within ${ms} ms:\n${output}`,
          ),
        );
      }
    }, 250);
  });
}

function sameTasks(actual: string[], expected: string[]): boolean {
  return actual.length === expected.length && actual.every((task, i) => task === expected[i]);
}

/** The output written after `from`, starting where `pattern` matches, once it does. */
function outputFrom(read: () => string, from: number, pattern: RegExp, ms: number) {
  const started = Date.now();
  return new Promise<string>((resolve, reject) => {
    const poll = setInterval(() => {
      const output = read().slice(from);
      const match = pattern.exec(output);
      if (match) {
        clearInterval(poll);
        resolve(output.slice(match.index));
      } else if (Date.now() - started > ms) {
        clearInterval(poll);
        reject(new Error(`${pattern} did not appear within ${ms} ms:\n${read().slice(from)}`));
      }
    }, 250);
  });
}

// One watching Vitest for the three steps, which build on each other (in this order): starting
// it costs more than each step. Issue #29 item 4: (1) a new task's file, (2) a deleted verifier,
// (3) an edit re-runs only its task.
describe('watch mode reruns', () => {
  const project = path.join(REPO_ROOT, 'fixtures', 'projects', `watch-reruns-${process.pid}`);
  const report = path.join(tempDir('watch-reruns'), 'report.json');
  let child: ReturnType<typeof execa> | undefined;
  let output = '';
  /** How many cases starter_2's verifier runs (the first run has only it). */
  let casesOfStarter2 = 0;
  const read = () => output;
  const chunkFiles = () =>
    readdirSync(path.join(project, '.agentproofbench', 'apb'))
      .filter((name) => name.endsWith('.test.mjs'))
      .sort();
  let lastOutputAt = Date.now();
  const watcher = { read, lastOutputAt: () => lastOutputAt };
  // Polled while the reporter may be writing it: a partial file reads as no tasks yet.
  const tasksInReport = () => {
    try {
      const written = JSON.parse(readFileSync(report, 'utf8')) as { tasks: Array<{ id: string }> };
      return written.tasks.map((task) => task.id);
    } catch {
      return [];
    }
  };
  /** Waits until the runs the step's change caused have ended; their output. */
  const rerunAfter = (from: number, expectedTasks?: string[]) =>
    settledRerun(watcher, from, tasksInReport, expectedTasks, 120_000);

  beforeAll(async () => {
    mkdirSync(path.join(project, 'verifiers'), { recursive: true });
    cpSync(
      path.join(VERIFIERS, 'correct/starter_2.ts'),
      path.join(project, 'verifiers/starter_2.ts'),
    );
    cpSync(path.join(VERIFIERS, 'lib'), path.join(project, 'lib'), { recursive: true });
    writeFileSync(
      path.join(project, 'vitest.config.ts'),
      `import { defineConfig } from 'vitest/config';
import { defineAgentProofBenchProject } from '../../../src/vitest/index.js';
export default defineConfig({ test: { projects: [defineAgentProofBenchProject({ name: 'apb', pack: 'starter', verifier: 'verifiers/{task}.ts', outputFile: ${JSON.stringify(report)}, resamples: 100 })] } });
`,
    );
    child = execa(process.execPath, [VITEST_BIN, 'watch'], {
      cwd: project,
      all: true,
      reject: false,
      // Watch mode is a terminal session: not in CI mode even when this suite runs in CI.
      env: { NO_COLOR: '1', GITHUB_STEP_SUMMARY: '', CI: '' },
    });
    child.all?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      lastOutputAt = Date.now();
    });
    const first = await outputFrom(
      read,
      0,
      /^(?=[\s\S]*report written)(?=[\s\S]*Tests\s+\d+ passed)/,
      120_000,
    );
    casesOfStarter2 = Number(/Tests\s+(\d+) passed/.exec(first)![1]);
    // The first run's own late events (its chunk file) have passed before the first step.
    // A rerun can print its header and then nothing for seconds while a worker starts on a
    // loaded machine: quiet counts only once the last run has ended.
    const lastRunEnded = () =>
      /(Waiting|Watching) for file changes/.test(
        output.slice(Math.max(output.lastIndexOf('RERUN'), 0)),
      );
    while (!lastRunEnded() || Date.now() - lastOutputAt <= QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  afterAll(async () => {
    child?.kill();
    await child;
    rmSync(project, { recursive: true, force: true });
  });

  it('gives a verifier of a task not yet planned a chunk file of its own, and runs only that', async () => {
    expect(chunkFiles()).toEqual(['starter_2.test.mjs']);
    const from = output.length;
    // The stale verifier fails some of its cases (tdd mode).
    cpSync(
      path.join(VERIFIERS, 'stale/starter_1.ts'),
      path.join(project, 'verifiers/starter_1.ts'),
    );
    const rerun = await rerunAfter(from, ['starter_1', 'starter_2']);
    expect(chunkFiles()).toEqual(['starter_1.test.mjs', 'starter_2.test.mjs']);
    expect(rerun).toMatch(/FAIL .*starter_1\.test\.mjs/);
    expect(rerun).not.toContain('starter_2.test.mjs');
    // The report still judges both tasks: the one not re-run keeps its results.
    expect(tasksInReport()).toEqual(['starter_1', 'starter_2']);
  });

  it('re-runs when a verifier is deleted, and its chunk file and failures are gone', async () => {
    const from = output.length;
    rmSync(path.join(project, 'verifiers/starter_1.ts'));
    const rerun = await rerunAfter(from, ['starter_2']);
    expect(existsSync(path.join(project, '.agentproofbench/apb/starter_1.test.mjs'))).toBe(false);
    expect(chunkFiles()).toEqual(['starter_2.test.mjs']);
    // Vitest's header lines (the rerun's trigger, "Test removed") may name the deleted file;
    // nothing else may.
    const body = rerun.split('\n').filter((line) => !/RERUN|Test removed/.test(line));
    expect(body.join('\n')).not.toContain('starter_1');
    expect(rerun).not.toMatch(/FAIL|failed/);
    expect(tasksInReport()).toEqual(['starter_2']);
  });

  it('re-runs only the chunk file of the task whose verifier was edited', async () => {
    // starter_1 again, passing this time: Vitest shows a file that failed before on every
    // rerun, re-run or not, so only a passing one shows whether it ran.
    let from = output.length;
    cpSync(
      path.join(VERIFIERS, 'correct/starter_1.ts'),
      path.join(project, 'verifiers/starter_1.ts'),
    );
    await rerunAfter(from, ['starter_1', 'starter_2']);
    expect(chunkFiles()).toEqual(['starter_1.test.mjs', 'starter_2.test.mjs']);
    from = output.length;
    appendFileSync(path.join(project, 'verifiers/starter_2.ts'), '// edited\n');
    const rerun = await rerunAfter(from);
    expect(rerun).toContain('starter_2.test.mjs');
    expect(rerun).not.toContain('starter_1.test.mjs');
    // Only starter_2's cases ran (all pass), none of starter_1's.
    expect(casesOfStarter2).toBeGreaterThan(0);
    expect(rerun).toMatch(
      new RegExp(`Tests\\s+${casesOfStarter2} passed \\(${casesOfStarter2}\\)`),
    );
    // The report still judges both tasks.
    expect(tasksInReport()).toEqual(['starter_1', 'starter_2']);
  });

  it('re-runs the tasks whose verifiers import a changed helper, and only those', async () => {
    // Both verifiers import lib/linear-issues.ts (outside the verifier folder).
    let from = output.length;
    appendFileSync(path.join(project, 'lib/linear-issues.ts'), '// edited\n');
    let rerun = await rerunAfter(from);
    expect(rerun).toContain('starter_1.test.mjs');
    expect(rerun).toContain('starter_2.test.mjs');
    // A helper only starter_2 imports.
    writeFileSync(path.join(project, 'lib/only-2.ts'), 'export const note = 1;\n');
    from = output.length;
    appendFileSync(
      path.join(project, 'verifiers/starter_2.ts'),
      "import { note } from '../lib/only-2.js';\nvoid note;\n",
    );
    await rerunAfter(from);
    from = output.length;
    appendFileSync(path.join(project, 'lib/only-2.ts'), '// edited\n');
    rerun = await rerunAfter(from);
    expect(rerun).toContain('starter_2.test.mjs');
    expect(rerun).not.toContain('starter_1.test.mjs');
  });
});
