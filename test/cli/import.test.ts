import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../support/cli.js';

const MINI_DIR = path.resolve(import.meta.dirname, '../../fixtures/agent-diff-mini');
const run = runCliCaptured;
const temporary: string[] = [];
afterAll(async () => {
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});
const freshDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'apb-cli-import-'));
  temporary.push(dir);
  return path.join(dir, 'pack');
};

/** `import agent-diff` of the mini data folder into `out`, with further arguments. */
const importMini = (out: string, ...rest: string[]) =>
  run('import', 'agent-diff', '--data', MINI_DIR, '--out', out, ...rest);
/** The import report the command wrote beside the pack. */
const importReport = async (out: string) =>
  JSON.parse(await readFile(path.join(out, 'import-report.json'), 'utf8'));

describe('agentproofbench import agent-diff', () => {
  it('imports every suite of the data folder with runs, then the pack validates', async () => {
    const out = await freshDir();
    const imported = await importMini(out, '--runs', path.join(MINI_DIR, 'runs'));
    expect(imported.err).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.out).toMatch(
      /^imported 7 tasks from 1 suite\(s\) \(4 tests\) into .* in \d+\.\d s$/m,
    );
    expect(imported.out).toContain('runs: journal.json: 4 journal run(s) on quill_busy');
    expect(imported.out).toContain(
      'tiers: 0 full task(s), 0 partial, 7 natural panel only (no complete outcome, faults, related condition or witness)',
    );
    expect(imported.out).toContain(
      'natural outcomes: 8 runs, 7 distinct endings; reference label = recorded Agent-Diff verdict on 8/8 runs',
    );
    expect(imported.out).toContain('unmatched runs (no test with that instruction): 1');
    // Each count of the lint line counts one kind of finding (from the written report).
    const report = (await importReport(out)) as {
      staleBindings: Array<{ task: string; namedInInstruction: boolean }>;
    };
    const unspelled = report.staleBindings.filter((finding) => !finding.namedInInstruction);
    const spelled = report.staleBindings.length - unspelled.length;
    expect(unspelled.length).toBeGreaterThan(0);
    expect(imported.out).toContain(
      `stale-binding lint: ${unspelled.length} assertion key(s) in ${new Set(unspelled.map((finding) => finding.task)).size} task(s) are literal ids of before-state rows that the instruction does not spell; ${spelled} more are ids the instruction spells`,
    );
    const validated = await run('validate', out);
    expect(validated.code).toBe(0);
    expect(validated.out).toContain('7/7 tasks qualified');
    // Qualified, but none of them is a full task: the output says so per task and in total.
    expect(validated.out).toContain(
      'tiers: 0 full task(s) (0 qualified), 0 partial, 7 natural panel only',
    );
    expect(validated.out).toMatch(
      /qualified \(\d+ outcomes labelled as declared; natural panel only: recorded endings labelled by the reference, not a full task; lacks complete outcome, faults of two categories, related condition, witness\)/,
    );
    const json = await run('validate', out, '--json');
    const parsed = JSON.parse(json.out) as {
      tiers: Record<string, number>;
      tasks: Array<{ tier: string; missing: string[] }>;
    };
    expect(parsed.tiers).toEqual({ full: 0, partial: 0, 'natural-only': 7, qualifiedFull: 0 });
    expect(parsed.tasks.every((task) => task.tier === 'natural-only')).toBe(true);
  });

  it('--construct builds the full tasks it can, qualifies them, and gives every other task a reason', async () => {
    const out = await freshDir();
    const imported = await importMini(out, '--construct');
    expect(imported.err).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.out).toContain(
      'constructed full tasks that qualify: 1 (linear 1/4); every other task is listed with its reason in construction-report.json',
    );
    const report = JSON.parse(
      await readFile(path.join(out, 'construction-report.json'), 'utf8'),
    ) as {
      tasks: Array<{
        task: string;
        tier: string;
        qualified?: boolean;
        reason?: string;
        packTier?: string;
        items: Array<{ id: string; category?: string; source: string }>;
      }>;
    };
    expect(report.tasks).toHaveLength(4);
    const full = report.tasks.filter((task) => task.tier === 'full');
    expect(full.map((task) => [task.task, task.qualified])).toEqual([['linear_901', true]]);
    const categories = new Set(
      full[0]!.items.flatMap((item) => (item.category ? [item.category] : [])),
    );
    expect(categories.size).toBeGreaterThanOrEqual(2);
    for (const item of full[0]!.items) expect(item.source, item.id).toMatch(/\S/);
    for (const task of report.tasks.filter((entry) => entry.tier !== 'full'))
      expect(task.reason, task.task).toMatch(/\S/);
    // Each task's tier as the pack holds it: constructed, or kept as imported (natural only).
    expect(report.tasks.map((task) => [task.task, task.packTier])).toEqual(
      report.tasks.map((task) => [task.task, task.qualified ? 'full' : 'natural-only']),
    );
    const validated = await run('validate', out, '--strict');
    expect(validated.code).toBe(0);
    expect(validated.out).toContain(
      'tiers: 1 full task(s) (1 qualified), 0 partial, 3 natural panel only',
    );
  });

  it('reads --plans only with --construct, and stops on a bad plan file naming it', async () => {
    const out = await freshDir();
    const plans = path.join(path.dirname(out), 'plans');
    await mkdir(plans);
    const withoutConstruct = await importMini(out, '--plans', plans);
    expect(withoutConstruct.code).toBe(2);
    expect(withoutConstruct.err).toContain('--plans is read by --construct only');
    const file = path.join(plans, 'linear_901.json');
    await writeFile(file, JSON.stringify({ task: 'linear_901', values: { '1': 'text' } }));
    const bad = await importMini(out, '--construct', '--plans', plans);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('APB_AGENT_DIFF_PLAN');
    expect(bad.err).toContain(`${file} at $.values.1: expected`);
  });

  it('counts lint findings whose id the instruction spells apart from the others', async () => {
    const out = await freshDir();
    const suite = JSON.parse(
      await readFile(path.join(MINI_DIR, 'testsuites/quill_bench.json'), 'utf8'),
    ) as { tests: Array<{ prompt: string }> };
    // test_2's assertion keys on the literal issue id i-1: now the instruction spells it.
    suite.tests[1]!.prompt =
      'Add a comment on issue i-1 saying the proofs are back from the printer.';
    const suiteFile = path.join(path.dirname(out), 'suite.json');
    await writeFile(suiteFile, JSON.stringify(suite));
    const imported = await importMini(out, '--suite', suiteFile);
    expect(imported.code).toBe(0);
    const report = (await importReport(out)) as {
      staleBindings: Array<{ task: string; namedInInstruction: boolean }>;
    };
    const spelled = report.staleBindings.filter((finding) => finding.namedInInstruction);
    const unspelled = report.staleBindings.filter((finding) => !finding.namedInInstruction);
    expect(spelled.map((finding) => finding.task)).toEqual(['quill-bench_test_2']);
    expect(imported.out).toMatch(
      new RegExp(
        `stale-binding lint: ${unspelled.length} assertion key\\(s\\) in \\d+ task\\(s\\) are literal ids .* does not spell; 1 more are ids the instruction spells`,
      ),
    );
  });

  it('takes a suite by name, and --json prints the import report', async () => {
    const out = await freshDir();
    const { code, out: text } = await importMini(out, '--suite', 'quill_bench', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(text);
    expect(report.tasks).toBe(4);
    expect(report.runs).toEqual([]);
    expect(await importReport(out)).toEqual(report);
  });

  it('exits 2 with the usage on a missing source or option, and 1 on an unusable input', async () => {
    const noSource = await run('import', '--data', MINI_DIR, '--out', 'x');
    expect(noSource.code).toBe(2);
    expect(noSource.err).toContain('missing import source; expected "agent-diff"');
    const noOut = await run('import', 'agent-diff', '--data', MINI_DIR);
    expect(noOut.code).toBe(2);
    expect(noOut.err).toContain('--data and --out are required');
    const badSuite = await importMini(await freshDir(), '--suite', 'nope');
    expect(badSuite.code).toBe(1);
    expect(badSuite.err).toMatch(
      /APB_AGENT_DIFF_SUITE: no suite file at .*nope and none named nope\.json in .*testsuites/,
    );
  });
});
