import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importAgentDiff } from '../../../src/import/agent-diff/import-pack.js';
import { writeImportedPack } from '../../../src/import/agent-diff/write-pack.js';
import { loadPack } from '../../../src/pack/load.js';
import { qualifyPack } from '../../../src/pack/qualify.js';
import { evaluateLegacyDiff } from '../../../src/reference/legacy-diff/evaluate.js';
import { normalizeLegacyDiffSpec } from '../../../src/reference/legacy-diff/spec.js';
import { State } from '../../../src/state/state.js';
import { AGENT_DIFF_DIR, describeWithAgentDiff } from '../../support/shared.js';

const SUITES_DIR = path.join(AGENT_DIFF_DIR, 'testsuites');
const RUN_DIRS = [
  path.join(AGENT_DIFF_DIR, 'runs/linear'),
  path.join(AGENT_DIFF_DIR, 'seeds/box/filesystem/agent-diff-research'),
];
const jsonFiles = (dir: string) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.join(dir, file));
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Agent-Diff's strict failures name the changed fields of one update row. The snapshot
 * layout has one row per changed record; the journal layout can have several for one
 * record, which the recorded engine reported one by one and we (on the net change) once.
 * Substance: count failures verbatim, strict failures as the union of fields per assertion.
 */
function substance(failures: readonly string[]): string[] {
  const strict = new Map<string, Set<string>>();
  const others: string[] = [];
  for (const failure of failures) {
    const match =
      /^(assertion#\d+ \S+) changed fields \[(.*)\] not subset of expected \[(.*)\]$/.exec(failure);
    if (!match) {
      others.push(failure);
      continue;
    }
    const key = `${match[1]} strict; expected [${match[3]}]`;
    const fields = strict.get(key) ?? new Set<string>();
    for (const field of match[2]!.split(', ')) fields.add(field);
    strict.set(key, fields);
  }
  return [
    ...others,
    ...[...strict].map(([key, fields]) => `${key}; changed ${[...fields].sort().join(', ')}`),
  ].sort();
}

/** Import everything once; reads ../shared/agent-diff, so it runs only inside the guarded suite. */
async function importEverything() {
  const suites = jsonFiles(SUITES_DIR).sort();
  const started = performance.now();
  const pack = await importAgentDiff({ dataDir: AGENT_DIFF_DIR, suites, runs: RUN_DIRS });
  const seconds = (performance.now() - started) / 1000;

  // Counted from the files themselves, not through the importer.
  const recordedRuns = RUN_DIRS.flatMap(jsonFiles).reduce((sum, file) => {
    const data = readJson(file);
    return sum + (Array.isArray(data) ? data.length : Object.keys(data as object).length);
  }, 0);
  const suiteTests = suites.flatMap(
    (file) => (readJson(file) as { tests: Array<{ prompt: string }> }).tests,
  );

  const seeds = new Map(pack.seeds.map((seed) => [seed.name, State.fromSeed(seed)]));
  const tasks = new Map(pack.tasks.map((task) => [task.id, task]));
  const verdicts = pack.report.runs.map((run) => {
    const task = tasks.get(run.task)!;
    const before = seeds.get(task.seed)!;
    const outcome = task.outcomes.source.find((candidate) => candidate.id === run.outcome)!;
    const evaluation = evaluateLegacyDiff(
      normalizeLegacyDiffSpec((task.reference as { spec: unknown }).spec),
      before,
      before.apply(outcome.patch).state,
    );
    return { run, label: outcome.label, evaluation };
  });
  return { suites, pack, seconds, recordedRuns, suiteTests, tasks, verdicts };
}

describeWithAgentDiff('Agent-Diff import parity', () => {
  let imported: Awaited<ReturnType<typeof importEverything>>;
  const temporary: string[] = [];
  beforeAll(async () => {
    imported = await importEverything();
  }, 120_000);
  afterAll(async () => {
    for (const dir of temporary) await rm(dir, { recursive: true, force: true });
  });

  it('imports every run file and every test of all five suites, within seconds', () => {
    expect(imported.pack.report.suites).toHaveLength(imported.suites.length);
    expect(imported.pack.report.skippedTests).toEqual([]);
    expect(imported.pack.report.unmatchedRuns).toEqual([]);
    expect(imported.pack.report.replayProblems).toEqual([]);
    expect(imported.pack.report.runs).toHaveLength(imported.recordedRuns);
    const instructions = new Set(imported.pack.tasks.map((task) => task.instruction));
    expect(imported.suiteTests.filter((test) => !instructions.has(test.prompt))).toEqual([]);
    expect(imported.seconds).toBeLessThan(30);
  });

  it('names tasks by their dataset ids (linear_52 style) where the datasets know them', () => {
    const datasetIds = readdirSync(path.join(AGENT_DIFF_DIR, 'datasets'))
      .filter((file) => file.endsWith('.jsonl'))
      .flatMap((file) =>
        readFileSync(path.join(AGENT_DIFF_DIR, 'datasets', file), 'utf8')
          .split('\n')
          .filter(Boolean),
      )
      .map((line) => (JSON.parse(line) as { test_id: string }).test_id);
    expect(datasetIds.filter((id) => !imported.tasks.has(id))).toEqual([]);
  });

  it('the imported reference gives every recorded run exactly its recorded `passed` verdict', () => {
    const disagreements = imported.verdicts.filter(
      ({ run, label }) => (label === 'valid') !== run.recordedPassed,
    );
    console.info(
      `Agent-Diff parity: reference verdict = recorded verdict on ${imported.verdicts.length - disagreements.length}/${imported.verdicts.length} recorded runs`,
    );
    expect(disagreements.map(({ run }) => `${run.task} ${run.runId}`)).toEqual([]);
    // Both verdicts occur, so agreement is not the trivial all-pass or all-fail.
    expect(new Set(imported.verdicts.map(({ run }) => run.recordedPassed))).toEqual(
      new Set([true, false]),
    );
  });

  it('and the same failure messages in substance', () => {
    const different = imported.verdicts.filter(
      ({ run, evaluation }) =>
        JSON.stringify(substance(run.recordedFailures)) !==
        JSON.stringify(substance(evaluation.failures)),
    );
    expect(
      different.map(({ run, evaluation }) => ({
        run: run.runId,
        recorded: run.recordedFailures,
        ours: evaluation.failures,
      })),
    ).toEqual([]);
  });

  it('writes a pack in which all tasks load and qualify', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'apb-agent-diff-'));
    temporary.push(dir);
    await writeImportedPack(dir, imported.pack, { force: true });
    const loaded = await loadPack(dir);
    if (!loaded.ok)
      throw new Error(
        loaded.errors
          .slice(0, 5)
          .map((error) => `${error.file}: ${error.message}`)
          .join('\n'),
      );
    expect(
      qualifyPack(loaded.pack)
        .filter((result) => !result.qualified)
        .map((result) => result.task),
    ).toEqual([]);
  });
});
