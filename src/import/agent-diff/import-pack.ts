import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { AgentProofBenchError } from '../../contract/error.js';
import { LEGACY_DIFF_KIND, legacyDiffKind } from '../../reference/legacy-diff/kind.js';
import { lintStaleBindings, type StaleBindingFinding } from '../../reference/legacy-diff/lint.js';
import {
  normalizeLegacyDiffSpec,
  validateLegacyDiffSpec,
} from '../../reference/legacy-diff/spec.js';
import type { Manifest } from '../../schema/manifest.js';
import type { Seed } from '../../schema/seed.js';
import type { Service } from '../../schema/service.js';
import type { Task } from '../../schema/task.js';
import { State } from '../../state/state.js';
import { actorFromSeed } from './actor.js';
import { type DatasetIds, datasetKey, readDatasetIds } from './dataset-ids.js';
import { runOutcomes } from './natural-outcomes.js';
import type { ReplayProblem } from './replay.js';
import { inferRunSeed, seedForRun } from './run-seed.js';
import { type RecordedRun, readRunFile } from './runs.js';
import { type LoadedSeed, loadAgentDiffSeed, seedNames } from './seed-files.js';
import { readSuite, type Suite, type SuiteTest } from './suite.js';

export interface AgentDiffImportOptions {
  /** The Agent-Diff data folder: `seeds/<service>/`, optionally `datasets/*.jsonl`. */
  dataDir: string;
  /** Suite files (`testsuites/*.json`). */
  suites: readonly string[];
  /** Run files, or folders whose `*.json` files are run files. */
  runs?: readonly string[];
  /** Pack name (default `agent-diff`). */
  name?: string;
}

/** One recorded run as imported: where it went and what Agent-Diff said about it. */
export interface ImportedRun {
  runId: string;
  file: string;
  model?: string;
  task: string;
  outcome: string;
  recordedPassed: boolean;
  recordedFailures: string[];
}

export interface ImportReport {
  suites: Array<{ file: string; id: string; service: Service; tests: number }>;
  tasks: number;
  runFiles: Array<{
    file: string;
    format: string;
    runs: number;
    /** The seed the before-images single out; null without a matching test or on a tie. */
    seed: string | null;
    /** `tie`: the before-images do not tell the seeds apart; each run went to its test's seed. */
    seedEvidence: 'before-images' | 'tie' | 'no matching test';
    seedScores: Record<string, number>;
  }>;
  runs: ImportedRun[];
  /** Runs whose instruction matches no imported test. */
  unmatchedRuns: Array<{ runId: string; file: string; prompt: string }>;
  /** Runs that did not replay cleanly onto their seed (not imported). */
  replayProblems: ReplayProblem[];
  /** Tests left out, with the reason (e.g. an assertion the DSL does not allow). */
  skippedTests: Array<{ suite: string; test: string; reason: string }>;
  staleBindings: Array<StaleBindingFinding & { task: string }>;
  seeds: Array<{ name: string; skippedTables: string[]; missingContent: string[] }>;
}

export interface ImportedPack {
  manifest: Manifest;
  seeds: Seed[];
  tasks: Task[];
  report: ImportReport;
}

// Task ids become file names and program-id prefixes (`<task>.<replica>`): no dots.
const ID_PATTERN = /[^A-Za-z0-9_-]/g;

async function runFilesOf(inputs: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const input of inputs) {
    if (!existsSync(input))
      throw new AgentProofBenchError('APB_AGENT_DIFF_RUNS', `no run file or folder at ${input}`, {
        fix: 'pass an existing run file or a folder of them to --runs',
      });
    if (statSync(input).isDirectory()) {
      const entries = (await readdir(input)).filter((file) => file.endsWith('.json')).sort();
      files.push(...entries.map((file) => path.join(input, file)));
    } else files.push(input);
  }
  return files;
}

interface TestEntry {
  suite: Suite;
  test: SuiteTest;
  id: string;
  family: string;
}

function taskIdsOf(suites: readonly Suite[], datasetIds: DatasetIds): TestEntry[] {
  const entries: TestEntry[] = [];
  const used = new Set<string>();
  for (const suite of suites) {
    for (const test of suite.tests) {
      const datasetId = datasetIds.get(datasetKey(suite.service, test.seed_template, test.prompt));
      const fallback = `${suite.id}_${test.id}`.replace(ID_PATTERN, '_');
      // When two suites hold the same dataset test, the later one keeps a suite-qualified id.
      const id = datasetId !== undefined && !used.has(datasetId) ? datasetId : fallback;
      used.add(id);
      entries.push({ suite, test, id, family: datasetId ?? fallback });
    }
  }
  return entries;
}

/**
 * Turn Agent-Diff suites (and optionally recorded runs) into a pack: every test becomes a
 * task with only a `source` condition and a `legacy-diff` reference. Its outcomes are
 * - `start` (role prefix): the before-state itself, the empty prefix of any run;
 * - `natural-N`: recorded runs replayed onto the seed they ran on, identical endings merged.
 * Every declared label is the reference's own label (there is no independent ground truth
 * to declare); the parity test compares those labels with Agent-Diff's recorded verdicts.
 * Runs recorded on another seed than the test's template become a task of their own,
 * `<id>-on-<seed>`, in the same family. Ids have no dots: program ids use `<task>.<replica>`.
 */
export async function importAgentDiff(options: AgentDiffImportOptions): Promise<ImportedPack> {
  if (options.suites.length === 0)
    throw new AgentProofBenchError('APB_AGENT_DIFF_SUITE', 'no suite file given', {
      fix: 'pass at least one Agent-Diff suite file',
    });
  const suites: Suite[] = [];
  for (const file of options.suites) suites.push(await readSuite(file));
  const datasetIds = await readDatasetIds(options.dataDir);

  const loadedSeeds = new Map<string, LoadedSeed>();
  const seedStates = new Map<string, State>();
  const seedState = async (service: Service, name: string): Promise<State> => {
    const cached = seedStates.get(name);
    // A pack holds seeds/<name>.json: one name cannot serve two services.
    if (cached && cached.seed.service !== service) {
      throw new AgentProofBenchError(
        'APB_AGENT_DIFF_SEED',
        `seed name "${name}" is used by both ${cached.seed.service} and ${service} tests`,
        { fix: 'rename one of the two seed templates' },
      );
    }
    if (cached) return cached;
    const loaded = await loadAgentDiffSeed(options.dataDir, service, name);
    loadedSeeds.set(name, loaded);
    const state = State.fromSeed(loaded.seed);
    seedStates.set(name, state);
    return state;
  };

  const report: ImportReport = {
    suites: suites.map((suite, index) => ({
      file: options.suites[index]!,
      id: suite.id,
      service: suite.service,
      tests: suite.tests.length,
    })),
    tasks: 0,
    runFiles: [],
    runs: [],
    unmatchedRuns: [],
    replayProblems: [],
    skippedTests: [],
    staleBindings: [],
    seeds: [],
  };

  const entries = taskIdsOf(suites, datasetIds).filter((entry) => {
    const spec = { assertions: entry.test.assertions, ignore_fields: entry.suite.ignore_fields };
    const problems = validateLegacyDiffSpec(spec);
    if (problems.length > 0) {
      report.skippedTests.push({
        suite: entry.suite.id,
        test: entry.test.id,
        reason: problems
          .map((problem) => `${problem.path.join('.')}: ${problem.message}`)
          .join('; '),
      });
      return false;
    }
    return true;
  });
  const byPrompt = new Map<string, TestEntry[]>();
  for (const entry of entries) {
    const key = entry.test.prompt.trim();
    byPrompt.set(key, [...(byPrompt.get(key) ?? []), entry]);
  }

  // Runs, grouped by (test entry, seed they ran on).
  const runsFor = new Map<string, { entry: TestEntry; seed: string; runs: RecordedRun[] }>();
  for (const file of await runFilesOf(options.runs ?? [])) {
    const runs = await readRunFile(file);
    const matched = runs.filter((run) => byPrompt.has(run.prompt.trim()));
    for (const run of runs)
      if (!byPrompt.has(run.prompt.trim()))
        report.unmatchedRuns.push({ runId: run.runId, file, prompt: run.prompt });
    const first = matched[0] ? byPrompt.get(matched[0].prompt.trim())![0]! : undefined;
    if (!first) {
      report.runFiles.push({
        file,
        format: runs[0]?.format ?? 'empty',
        runs: runs.length,
        seed: null,
        seedEvidence: 'no matching test',
        seedScores: {},
      });
      continue;
    }
    const service = first.suite.service;
    const candidates = new Map<string, State>();
    for (const name of await seedNames(options.dataDir, service))
      candidates.set(name, await seedState(service, name));
    const inference = inferRunSeed(matched, candidates);
    report.runFiles.push({
      file,
      format: runs[0]!.format,
      runs: runs.length,
      seed: inference.seed ?? null,
      seedEvidence: inference.seed === undefined ? 'tie' : 'before-images',
      seedScores: inference.scores,
    });
    for (const run of matched) {
      for (const entry of byPrompt.get(run.prompt.trim())!) {
        const seed = seedForRun(inference, entry.test.seed_template);
        const key = `${entry.id}\u0000${seed}`;
        const group = runsFor.get(key) ?? { entry, seed, runs: [] };
        group.runs.push(run);
        runsFor.set(key, group);
      }
    }
  }

  const tasks: Task[] = [];
  const buildTask = async (
    entry: TestEntry,
    seedName: string,
    runs: readonly RecordedRun[],
  ): Promise<Task> => {
    const { suite, test } = entry;
    const before = await seedState(suite.service, seedName);
    const id =
      seedName === test.seed_template
        ? entry.id
        : `${entry.id}-on-${seedName}`.replace(ID_PATTERN, '_');
    const reference = {
      kind: LEGACY_DIFF_KIND,
      version: 1,
      spec: { assertions: test.assertions, ignore_fields: suite.ignore_fields },
    };
    const labelOf = (after: State) => legacyDiffKind.evaluate(reference, before, after).label;

    const { outcomes, placed, problems } = runOutcomes(before, seedName, runs, labelOf);
    report.replayProblems.push(
      ...problems.map((problem) => ({ ...problem, message: `${id}: ${problem.message}` })),
    );
    for (const { run, outcome } of placed) {
      const imported: ImportedRun = {
        runId: run.runId,
        file: run.file,
        task: id,
        outcome,
        recordedPassed: run.passed,
        recordedFailures: run.failures,
      };
      if (run.model !== undefined) imported.model = run.model;
      report.runs.push(imported);
    }

    const spec = normalizeLegacyDiffSpec(reference.spec);
    for (const finding of lintStaleBindings(spec, before, test.prompt, test.impersonate_user_id))
      report.staleBindings.push({ task: id, ...finding });

    return {
      id,
      family: entry.family,
      service: suite.service,
      seed: seedName,
      actor: actorFromSeed(suite.service, before, test.impersonate_user_id),
      instruction: test.prompt,
      reference,
      conditions: { source: { description: `Agent-Diff seed template ${seedName}`, patch: [] } },
      outcomes: { source: outcomes },
    };
  };

  for (const entry of entries) {
    const own = runsFor.get(`${entry.id}\u0000${entry.test.seed_template}`)?.runs ?? [];
    tasks.push(await buildTask(entry, entry.test.seed_template, own));
  }
  for (const group of runsFor.values()) {
    if (group.seed === group.entry.test.seed_template) continue;
    tasks.push(await buildTask(group.entry, group.seed, group.runs));
  }

  const usedSeeds = [...new Set(tasks.map((task) => task.seed))].sort();
  report.tasks = tasks.length;
  report.seeds = usedSeeds.map((name) => ({
    name,
    skippedTables: loadedSeeds.get(name)!.skippedTables,
    missingContent: loadedSeeds.get(name)!.missingContent,
  }));
  const totalRuns = report.runs.length;
  return {
    manifest: {
      name: options.name ?? 'agent-diff',
      version: '1.0.0',
      referenceVersion: '1',
      description: `Imported from Agent-Diff suites ${suites.map((suite) => suite.id).join(', ')}: ${tasks.length} tasks, ${totalRuns} recorded runs as natural outcomes.`,
      seeds: usedSeeds,
      tasks: tasks.map((task) => task.id),
      timingPanel: [],
    },
    seeds: usedSeeds.map((name) => loadedSeeds.get(name)!.seed),
    tasks,
    report,
  };
}
