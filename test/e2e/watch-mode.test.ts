import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from './support/run-vitest.js';

const VITEST_BIN = path.join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');

/** Resolves once `text` has appeared `times` times in the output, or rejects after `ms`. */
function waitFor(read: () => string, text: string, times: number, ms: number): Promise<void> {
  return waitForMatch(read, 0, (output) => output.split(text).length - 1 >= times, ms, text);
}

/**
 * Resolves once the output written after position `from` shows a rerun and then the report
 * written, and the report holds `tasks`, or rejects after `ms`. Not tied to the RERUN label:
 * Vitest labels a rerun with the last change that scheduled it, and a loaded machine can
 * deliver a late event (the generated chunk files, an earlier edit) that relabels it.
 */
function waitForReportOf(
  read: () => string,
  from: number,
  tasks: () => string[],
  expected: string[],
  ms: number,
) {
  return waitForMatch(
    read,
    from,
    (output) => /RERUN[\s\S]*report written/.test(output) && sameTasks(tasks(), expected),
    ms,
    `a rerun reporting tasks ${expected.join(', ')}`,
  );
}

function sameTasks(actual: string[], expected: string[]): boolean {
  return actual.length === expected.length && actual.every((task, i) => task === expected[i]);
}

function waitForMatch(
  read: () => string,
  from: number,
  done: (output: string) => boolean,
  ms: number,
  what: string,
): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      if (done(read().slice(from))) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() - started > ms) {
        clearInterval(poll);
        reject(new Error(`${what} did not appear within ${ms} ms:\n${read()}`));
      }
    }, 250);
  });
}

describe('watch mode', () => {
  // A throwaway project at the fixtures' depth, so its config imports the source like the others.
  const project = path.join(REPO_ROOT, 'fixtures', 'projects', `watch-${process.pid}`);
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('re-runs the generated cases when a verifier file changes, and picks up a new task’s verifier', async () => {
    mkdirSync(path.join(project, 'verifiers'), { recursive: true });
    cpSync(
      path.join(REPO_ROOT, 'fixtures/verifiers/starter/correct/starter_2.ts'),
      path.join(project, 'verifiers', 'starter_2.ts'),
    );
    cpSync(path.join(REPO_ROOT, 'fixtures/verifiers/starter/lib'), path.join(project, 'lib'), {
      recursive: true,
    });
    const report = path.join(tempDir('watch'), 'report.json');
    writeFileSync(
      path.join(project, 'vitest.config.ts'),
      `import { defineConfig } from 'vitest/config';
import { defineAgentProofBenchProject } from '../../../src/vitest/index.js';
export default defineConfig({ test: { projects: [defineAgentProofBenchProject({ pack: 'starter', verifier: 'verifiers/{task}.ts', outputFile: ${JSON.stringify(report)}, resamples: 100 })] } });
`,
    );
    // The copied verifier imports its helpers one folder up, as in fixtures/verifiers/starter.
    const verifier = path.join(project, 'verifiers', 'starter_2.ts');
    const child = execa(process.execPath, [VITEST_BIN, 'watch'], {
      cwd: project,
      all: true,
      reject: false,
      env: { NO_COLOR: '1', GITHUB_STEP_SUMMARY: '' },
    });
    let output = '';
    child.all?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    try {
      await waitFor(() => output, 'report written', 1, 120_000);
      // Polled while the reporter may be writing it: a partial file reads as no tasks yet.
      const tasksInReport = () => {
        try {
          const written = JSON.parse(readFileSync(report, 'utf8')) as {
            tasks: Array<{ id: string }>;
          };
          return written.tasks.map((task) => task.id);
        } catch {
          return [];
        }
      };
      let from = output.length;
      appendFileSync(verifier, '// edited\n');
      await waitForReportOf(() => output, from, tasksInReport, ['starter_2'], 120_000);

      // A verifier for another task appears while watching: its cases join the run.
      from = output.length;
      cpSync(
        path.join(REPO_ROOT, 'fixtures/verifiers/starter/correct/starter_1.ts'),
        path.join(project, 'verifiers', 'starter_1.ts'),
      );
      await waitForReportOf(() => output, from, tasksInReport, ['starter_1', 'starter_2'], 120_000);
      // Every rerun found the plan it was given, even one that overlapped a new planning.
      expect(output).not.toContain('ENOENT');
      expect(output).not.toContain('cannot run this project');
    } finally {
      child.kill();
      await child;
    }
  });
});
