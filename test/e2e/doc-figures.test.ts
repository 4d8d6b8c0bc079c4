// The execution-study figures that README.md and docs/benchmark.md quote come from one run of
// the command docs/benchmark.md shows. The test reads each figure from the docs text and
// compares it with what the command prints: when the built-in pack changes, regenerating
// the sentence is the only update.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { undefinedTerms } from '../support/terminal-terms.js';
import { REPO_ROOT, readReport } from './support/run-vitest.js';
import { sharedCliRun } from './support/shared-run.js';

const doc = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8').replace(/\s+/g, ' ');

/** The first match of `pattern` in `text`, or a failure that quotes what was looked for. */
function figures(text: string, pattern: RegExp, where: string): string[] {
  const match = pattern.exec(text);
  if (!match) throw new Error(`${where}: the sentence ${pattern} is no longer there`);
  return match.slice(1);
}

let output: string;
let report: ReturnType<typeof readReport>;

/** A policy's rows of the execution tables: its `all` deliveries (`47/48`) and its regressions. */
function policy(name: string): { all: string; regressions: number } {
  const rows = output.split('\n').filter((entry) => entry.startsWith(`${name} `));
  // The deliveries table (natural, checkpoint, all: `n/N pct [lo, hi]`), then the behaviour
  // table: withheld (valid), unresolved, repairs, regressions, stages, checks.
  const deliveries = rows.find((row) => row.includes('%'));
  const behaviour = rows.find((row) => !row.includes('%'));
  if (!deliveries || !behaviour) throw new Error(`no rows "${name}" in:\n${output}`);
  const fractions = [...deliveries.matchAll(/(\d+\/\d+) [\d.]+% \[/g)].map((match) => match[1]);
  return { all: fractions[2]!, regressions: Number(behaviour.trim().split(/\s+/).at(-3)) };
}

function diagnostic(label: string) {
  const match = new RegExp(
    `${label} +(\\d+/\\d+) [\\d.]+% \\[[^\\]]+\\]; gate errors (\\d+)/(\\d+) checks, regressions (\\d+)`,
  ).exec(output);
  if (!match) throw new Error(`no diagnostic line "${label}" in:\n${output}`);
  return { delivered: match[1]!, errors: match[2]!, checks: match[3]!, regressions: match[4]! };
}

describe('the execution-study figures quoted in the docs', () => {
  beforeAll(async () => {
    // The command of docs/benchmark.md, "Over the built-in pack … with both example sets".
    const command = figures(
      doc('docs/benchmark.md'),
      /npx agentproofbench run (--pack builtin (?:\\ )?--programs '[^']+' --programs '[^']+')/,
      'docs/benchmark.md',
    )[0]!;
    const args = command
      .split(' ')
      .filter((arg) => arg !== '\\')
      .map((arg) => arg.replace(/^'|'$/g, ''));
    expect(args).toEqual([
      '--pack',
      'builtin',
      '--programs',
      'correct=examples/verifiers/{task}.ts',
      '--programs',
      'stale=examples/verifiers/stale/{task}.ts',
    ]);
    // The same run as html-report.test.ts's full-pack report: made once (support/shared-run.ts).
    const run = await sharedCliRun(['run', ...args]);
    expect(run.exitCode, run.output).toBe(0);
    output = run.output;
    report = readReport(run.json);
  }, 900_000);

  it('docs/benchmark.md quotes the diagnostic, the gate checks and the policies as printed', () => {
    const [correctN, correctOf, staleN, staleOf, errors, checks, regressions, diff, lo, hi] =
      figures(
        doc('docs/benchmark.md'),
        /in (\d+) of (\d+) assignments; the stale ones \(related panels with errors\) in (\d+) of (\d+), with (\d+) of (\d+) gate checks against the reference and (\d+) regressions; the difference is ([\d.]+) points \[([\d.]+), ([\d.]+)\]/,
        'docs/benchmark.md',
      );
    const correct = diagnostic('related panel correct');
    const stale = diagnostic('related panel with errors');
    expect(`${correctN}/${correctOf}`).toBe(correct.delivered);
    expect(`${staleN}/${staleOf}`).toBe(stale.delivered);
    expect(`${errors}/${checks}`).toBe(`${stale.errors}/${stale.checks}`);
    expect(regressions).toBe(stale.regressions);
    expect(output).toContain(`difference +${diff} points [+${lo}, +${hi}]`);
    const [fixed, reference] = figures(
      doc('docs/benchmark.md'),
      /Fixed continuation delivers (\d+\/\d+), the reference gate (\d+\/\d+)/,
      'docs/benchmark.md',
    );
    expect(fixed).toBe(policy('fixed continuation').all);
    expect(reference).toBe(policy('reference gate (ideal)').all);
  });

  it('README.md quotes each example set and the diagnostic as printed', () => {
    const readme = doc('README.md');
    // Each program set's gate row is the row a run with that verifier alone prints.
    const [delivered, of, correctRegressions, staleDelivered, staleRegressions] = figures(
      readme,
      /The first delivers (\d+) of (\d+) start points under its gate with (no|\d+) regressions?; the stale one delivers (none|\d+) and causes (\d+) regressions/,
      'README.md',
    );
    const correct = policy('program gate (correct)');
    const stale = policy('program gate (stale)');
    expect(`${delivered}/${of}`).toBe(correct.all);
    expect(correctRegressions === 'no' ? 0 : Number(correctRegressions)).toBe(correct.regressions);
    expect(`${staleDelivered === 'none' ? 0 : staleDelivered}/${of}`).toBe(stale.all);
    expect(Number(staleRegressions)).toBe(stale.regressions);
    const [panelCorrect, panelErrors, diff, lo, hi] = figures(
      readme,
      /delivered correctly in (\d+\/\d+) assignments with a correct related panel, (\d+\/\d+) with panel errors, a difference of ([\d.]+) points \[([\d.]+), ([\d.]+)\]/,
      'README.md',
    );
    expect(panelCorrect).toBe(diagnostic('related panel correct').delivered);
    expect(panelErrors).toBe(diagnostic('related panel with errors').delivered);
    expect(output).toContain(`difference +${diff} points [+${lo}, +${hi}]`);
  });

  it('prints a terminal report that fits 120 columns, names its isolation mode and defines its terms', () => {
    const lines = output.split('\n');
    const start = lines.findIndex((line) => line.startsWith('AgentProofBench — '));
    const end = lines.findIndex((line, index) => index > start && /Test Files/.test(line));
    expect(start).toBeGreaterThanOrEqual(0);
    const terminal = lines.slice(start, end).join('\n');
    expect(terminal).toContain('Execution study');
    expect(lines[start]).toMatch(/, runtime isolate, pooled isolation, gate mode$/);
    expect(terminal.split('\n').filter((line) => [...line].length > 120)).toEqual([]);
    const names = { tasks: report.tasks.map((task) => task.id), sets: ['correct', 'stale'] };
    expect(undefinedTerms(terminal, names)).toEqual([]);
  });
});
