import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importAgentDiff } from '../../../src/import/agent-diff/import-pack.js';
import {
  IMPORT_REPORT_FILE,
  writeImportedPack,
} from '../../../src/import/agent-diff/write-pack.js';
import { loadPack } from '../../../src/pack/load.js';
import { qualifyPack } from '../../../src/pack/qualify.js';
import { MINI_DIR } from './support/mini.js';

const imported = await importAgentDiff({
  dataDir: MINI_DIR,
  suites: [path.join(MINI_DIR, 'testsuites/quill_bench.json')],
  runs: [path.join(MINI_DIR, 'runs')],
  name: 'quill',
});
const task = (id: string) => {
  const found = imported.tasks.find((candidate) => candidate.id === id);
  if (!found)
    throw new Error(
      `no task ${id} among ${imported.tasks.map((candidate) => candidate.id).join(', ')}`,
    );
  return found;
};
const outcomes = (id: string) =>
  task(id).outcomes.source.map((outcome) => [outcome.id, outcome.role, outcome.label]);

const temporary: string[] = [];
afterAll(async () => {
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

describe('importAgentDiff', () => {
  it('makes one task per test (dataset id when known) plus one per other seed that runs used', () => {
    expect(imported.tasks.map((candidate) => candidate.id)).toEqual([
      'linear_901',
      'quill-bench_test_2',
      'quill-bench_test_3',
      'quill-bench_test_4',
      'quill-bench_test_3-on-quill_busy',
      'quill-bench_test_4-on-quill_busy',
      'linear_901-on-quill_busy',
    ]);
    expect(task('linear_901-on-quill_busy')).toMatchObject({
      family: 'linear_901',
      seed: 'quill_busy',
    });
    expect(imported.manifest).toMatchObject({ name: 'quill', seeds: ['quill_base', 'quill_busy'] });
  });

  it('keeps the instruction, the impersonated actor and the assertions as a legacy-diff reference on a source condition', () => {
    const first = task('linear_901');
    expect(first.instruction).toBe(
      "Assign 'Order paper stock' to Cyrus Lindqvist and move it to In Progress.",
    );
    expect(first.actor).toEqual({
      id: 'u-ada',
      name: 'Ada Brannigan',
      email: 'ada@quillmere.example',
    });
    expect(first.reference).toMatchObject({
      kind: 'legacy-diff',
      version: 1,
      spec: { ignore_fields: { global: ['createdAt', 'updatedAt'] } },
    });
    expect(Object.keys(first.conditions)).toEqual(['source']);
  });

  it('adds the no-write start as a prefix outcome and each distinct run ending as a natural outcome, labelled by the reference', () => {
    expect(outcomes('linear_901')).toEqual([
      ['start', 'prefix', 'invalid'],
      ['natural-1', 'natural', 'valid'],
      ['natural-2', 'natural', 'invalid'],
    ]);
    // A recorded run that wrote nothing is the start state: no separate prefix outcome.
    expect(outcomes('quill-bench_test_2')).toEqual([
      ['natural-1', 'natural', 'valid'],
      ['natural-2', 'natural', 'invalid'],
    ]);
    expect(outcomes('quill-bench_test_3')).toEqual([['start', 'prefix', 'invalid']]);
  });

  it('merges runs with identical endings into one outcome and names both in its description', () => {
    expect(outcomes('quill-bench_test_3-on-quill_busy')).toEqual([
      ['start', 'prefix', 'invalid'],
      ['natural-1', 'natural', 'valid'],
    ]);
    const merged = task('quill-bench_test_3-on-quill_busy').outcomes.source[1]!;
    expect(merged.description).toContain('jr-1 (demo/model-a): Agent-Diff passed');
    expect(merged.description).toContain('jr-2 (demo/model-b): Agent-Diff passed');
    expect(
      imported.report.runs
        .filter((run) => run.task === 'quill-bench_test_3-on-quill_busy')
        .map((run) => run.outcome),
    ).toEqual(['natural-1', 'natural-1']);
  });

  it('reports every run with its recorded verdict, which the reference reproduces; and the unmatched run', () => {
    const labels = new Map(
      imported.tasks.flatMap((t) =>
        t.outcomes.source.map((outcome) => [`${t.id}/${outcome.id}`, outcome.label]),
      ),
    );
    expect(imported.report.runs).toHaveLength(8);
    for (const run of imported.report.runs)
      expect(labels.get(`${run.task}/${run.outcome}`) === 'valid', run.runId).toBe(
        run.recordedPassed,
      );
    expect(imported.report.unmatchedRuns.map((run) => run.runId)).toEqual(['snap-4']);
    expect(
      imported.report.runFiles.map((file) => [path.basename(file.file), file.format, file.seed]),
    ).toEqual([
      ['journal.json', 'journal', 'quill_busy'],
      ['snapshot.json', 'snapshot', 'quill_base'],
    ]);
  });

  it('lints literal-id keys per task', () => {
    const first = imported.report.staleBindings.filter((finding) => finding.task === 'linear_901');
    expect(first.map((finding) => [finding.at, finding.value, finding.selector?.where])).toEqual([
      ['expected_changes.assigneeId.to', 'u-cyr', { name: 'Cyrus Lindqvist' }],
      ['expected_changes.stateId.from', 'ws-todo', { name: 'Todo' }],
      ['expected_changes.stateId.to', 'ws-prog', { name: 'In Progress' }],
    ]);
  });

  it('skips a test whose assertions are not valid DSL, saying why', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'apb-suite-'));
    temporary.push(dir);
    const suite = JSON.parse(
      await readFile(path.join(MINI_DIR, 'testsuites/quill_bench.json'), 'utf8'),
    );
    suite.tests[1].assertions[0].diff_type = 'edited';
    await writeFile(path.join(dir, 'suite.json'), JSON.stringify(suite));
    const result = await importAgentDiff({
      dataDir: MINI_DIR,
      suites: [path.join(dir, 'suite.json')],
    });
    expect(result.tasks.map((t) => t.id)).not.toContain('quill-bench_test_2');
    expect(result.report.skippedTests).toEqual([
      {
        suite: 'quill-bench',
        test: 'test_2',
        reason: expect.stringContaining('assertions.0.diff_type'),
      },
    ]);
  });

  it("lands runs whose diffs tie on seed inference on their own test's seed", async () => {
    // Two tests on different seeds; one run file whose runs change nothing: the before-images
    // cannot tell the seeds apart, so each run belongs where its test runs.
    const dir = await mkdtemp(path.join(tmpdir(), 'apb-tie-'));
    temporary.push(dir);
    const suite = JSON.parse(
      await readFile(path.join(MINI_DIR, 'testsuites/quill_bench.json'), 'utf8'),
    );
    suite.tests[0].seed_template = 'quill_busy';
    await writeFile(path.join(dir, 'suite.json'), JSON.stringify(suite));
    const emptyRun = (runId: string, prompt: string) => ({
      runId,
      prompt,
      passed: false,
      failures: [],
      score: { total: 1, passed: 0, percent: 0 },
      diff: { inserts: [], updates: [], deletes: [] },
      trace: {},
    });
    await writeFile(
      path.join(dir, 'runs.json'),
      JSON.stringify({
        'tie-1': emptyRun('tie-1', suite.tests[0].prompt),
        'tie-2': emptyRun('tie-2', suite.tests[1].prompt),
      }),
    );
    const result = await importAgentDiff({
      dataDir: MINI_DIR,
      suites: [path.join(dir, 'suite.json')],
      runs: [path.join(dir, 'runs.json')],
    });
    expect(result.report.runFiles).toMatchObject([
      { seed: null, seedEvidence: 'tie', seedScores: { quill_base: 0, quill_busy: 0 } },
    ]);
    const taskOf = (runId: string) => result.report.runs.find((run) => run.runId === runId)?.task;
    expect(taskOf('tie-1')).toBe('quill-bench_test_1');
    expect(result.tasks.find((t) => t.id === 'quill-bench_test_1')?.seed).toBe('quill_busy');
    expect(taskOf('tie-2')).toBe('quill-bench_test_2');
    expect(result.tasks.map((t) => t.id).filter((id) => id.includes('-on-'))).toEqual([]);
  });

  it('names a missing seed template and a wrong suite file', async () => {
    await expect(
      importAgentDiff({
        dataDir: path.join(MINI_DIR, 'seeds'),
        suites: [path.join(MINI_DIR, 'testsuites/quill_bench.json')],
      }),
    ).rejects.toThrow(
      /seed template "quill_base" not found: expected .*seeds\/linear\/quill_base\.json/,
    );
    await expect(
      importAgentDiff({ dataDir: MINI_DIR, suites: [path.join(MINI_DIR, 'runs/journal.json')] }),
    ).rejects.toThrow(/is not an Agent-Diff suite/);
  });
});

describe('writeImportedPack', () => {
  it('writes a pack that loads and in which every task qualifies', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'apb-import-'));
    temporary.push(dir);
    await writeImportedPack(dir, imported, { force: true });
    const loaded = await loadPack(dir);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors, null, 2));
    expect(loaded.pack.tasks.map((t) => t.id)).toEqual(imported.tasks.map((t) => t.id));
    expect(qualifyPack(loaded.pack).filter((result) => !result.qualified)).toEqual([]);
    const report = JSON.parse(await readFile(path.join(dir, IMPORT_REPORT_FILE), 'utf8'));
    expect(report.runs).toHaveLength(imported.report.runs.length);
  });

  it('refuses a non-empty folder unless forced', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'apb-import-'));
    temporary.push(dir);
    await writeFile(path.join(dir, 'notes.txt'), 'keep me');
    await expect(writeImportedPack(dir, imported)).rejects.toThrow(
      /APB_IMPORT_TARGET_NOT_EMPTY: .* is not empty/,
    );
  });
});

describe('hostile Agent-Diff data (fixtures/agent-diff-hostile)', () => {
  const hostile = path.resolve(MINI_DIR, '../agent-diff-hostile');
  /** Import one hostile case into a fresh folder one level down; anything beside it escaped. */
  async function importInto(name: string, runs: string[] = []) {
    const base = await mkdtemp(path.join(tmpdir(), 'apb-import-hostile-'));
    temporary.push(base);
    const dataDir = path.join(hostile, name);
    const error = await importAgentDiff({
      dataDir,
      suites: [path.join(dataDir, 'testsuites', 'suite.json')],
      runs,
    })
      .then((pack) => writeImportedPack(path.join(base, 'a', 'pack'), pack))
      .then(
        () => undefined,
        (thrown: unknown) => thrown as { code?: string; message?: string },
      );
    return { error, base };
  }

  it('refuses a dataset test_id that is not a task id (../../escaped-task would write outside --out)', async () => {
    const { error, base } = await importInto('test-id');
    expect(error?.code).toBe('APB_AGENT_DIFF_DATASET');
    expect(error?.message).toMatch(/test\.jsonl line 1 has test_id "\.\.\/\.\.\/escaped-task"/);
    // Refused before anything was written, in --out or beside it.
    expect(await readdir(base, { recursive: true })).toEqual([]);
  });

  it('refuses a seed_template that is not one file name (.. would read outside --data)', async () => {
    const { error } = await importInto('seed-template');
    expect(error?.code).toBe('APB_AGENT_DIFF_SUITE');
    expect(error?.message).toMatch(/tests\.0\.seed_template: a seed template is one file name/);
  });

  it('refuses a recorded number JSON cannot write (1e309 would become null in the patch)', async () => {
    const runs = path.join(hostile, 'infinite-number', 'runs');
    const { error, base } = await importInto('infinite-number', [runs]);
    expect(error?.code).toBe('APB_AGENT_DIFF_VALUE');
    expect(error?.message).toContain(
      `${path.join(runs, 'snapshot.json')} at $["run-1"].diff.inserts[0].reactionCount holds a number JSON cannot write (Infinity`,
    );
    expect(await readdir(base, { recursive: true })).toEqual([]);
  });

  it('refuses a value nested 200,000 deep with a coded error, not a stack overflow', async () => {
    const runs = await mkdtemp(path.join(tmpdir(), 'apb-import-deep-'));
    temporary.push(runs);
    const depth = 200_000;
    const run = {
      prompt: 'Say hello in a comment.',
      passed: true,
      diff: {
        inserts: [{ __table__: 'comments', id: 'c-1', body: 'hello', note: '@' }],
        updates: [],
        deletes: [],
      },
    };
    const text = JSON.stringify({ 'run-1': run }).replace(
      '"@"',
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
    );
    await writeFile(path.join(runs, 'deep.json'), text);
    const { error } = await importInto('deep-value', [runs]);
    expect(error?.code).toBe('APB_AGENT_DIFF_VALUE');
    expect(error?.message).toMatch(
      /deep\.json at \$\["run-1"\]\.diff\.inserts\[0\]\.note(\[0\]){59} nests objects and arrays deeper than the 64 levels a pack file may hold/,
    );
  });
});
