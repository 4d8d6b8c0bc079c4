import type { CaseResult } from '../contract/case.js';
import { ERROR_KINDS, type EvaluationRecord } from '../contract/record.js';
import { relativeVerifierPattern } from '../evaluation/programs.js';
import {
  type AcceptanceRate,
  type BootstrapInterval,
  type ContrastResult,
  type ContrastSpec,
  collectResults,
  isPanelCorrect,
  type Panel,
  panelBalancedAccuracy,
  type SetSummary,
  summarize,
} from '../metrics/index.js';
import { usageProfile } from '../metrics/usage-profile.js';
import type { TaskQualification } from '../pack/qualify.js';
import type { ResolvedOptions } from '../run/options.js';
import type { IsolationReport } from '../sandbox/runtime.js';
import type { Manifest } from '../schema/manifest.js';
import { CATEGORIES } from '../schema/reference.js';
import { CONDITIONS, type ConditionName } from '../schema/task.js';
import { checkCiThresholds } from './ci-threshold-checks.js';
import type { RunCompleteness } from './completeness.js';
import { buildExecutionSection, type ExecutionInput } from './execution-section.js';
import {
  allCasesSection,
  costSection,
  crossConditionSection,
  oneHalfPanelsSection,
  type ProgramConstructionCost,
  transitionsSection,
} from './report-metrics.js';
import {
  REPORT_SCHEMA_VERSION,
  type Report,
  type ReportOutcome,
  type ReportSummary,
  type ReportTask,
} from './report-schema.js';
import { comparisonSection } from './verifier-comparison.js';
import { verifierSaid } from './verifier-said.js';

/** Everything a report is computed from: plain data, so the aggregate is a pure function. */
export interface ReportInput {
  results: readonly CaseResult[];
  options: ResolvedOptions;
  pack: Pick<Manifest, 'name' | 'version' | 'referenceVersion'>;
  /** Qualification of every task the run planned (unqualified ones become `excluded`). */
  qualifications: readonly TaskQualification[];
  /** Isolation actually in force, as the test workers reported it; null when no case ran. */
  isolation: IsolationReport | null;
  versions: { agentproofbench: string; vitest: string; node: string };
  /** Construction cost C of the programs that declare one (sidecar or set); default none. */
  constructionCosts?: readonly ProgramConstructionCost[];
  /** Recorded executions and the gate traces of the run; absent when the pack has none. */
  executions?: ExecutionInput;
  /** Planned against recorded evaluations (completeness.ts); enables the `allRecorded` gate. */
  cases?: RunCompleteness;
}

function interval(value: BootstrapInterval & { tasks: number }): ReportSummary['ba'] {
  return {
    estimate: value.estimate,
    lower: value.lower,
    upper: value.upper,
    confidence: value.confidence,
    families: value.families,
    tasks: value.tasks,
  };
}

function rate(value: AcceptanceRate): ReportSummary['validAccept'] {
  return {
    count: value.count,
    total: value.total,
    rate: value.rate,
    lower: value.interval.lower,
    upper: value.interval.upper,
  };
}

function summaryOf(set: SetSummary, results: readonly CaseResult[]): ReportSummary {
  const cases = results.length;
  const accuracy = set.balancedAccuracy;
  const verdicts = accuracy.verdicts;
  return {
    set: set.set,
    cases,
    programs: set.programs,
    units: set.units,
    tasks: set.tasks,
    families: set.families,
    ba: interval(accuracy.overall),
    conditions: Object.fromEntries(
      CONDITIONS.map((condition) => [
        condition,
        {
          ba: interval(accuracy.perCondition[condition]),
          panelCorrect: {
            count: set.panelCorrectness.perCondition[condition].count,
            total: set.panelCorrectness.perCondition[condition].total,
          },
        },
      ]),
    ) as ReportSummary['conditions'],
    validAccept: rate(set.acceptance.validAcceptance),
    falseAccept: rate(set.acceptance.falseAcceptance),
    falseAcceptByFault: Object.fromEntries(
      CATEGORIES.map((category) => [category, rate(set.acceptance.byFault[category])]),
    ) as ReportSummary['falseAcceptByFault'],
    unknown: verdicts.unknown,
    errors: { total: verdicts.error, byKind: { ...verdicts.errorsByKind } },
    allCases: allCasesSection(results),
    sourceQualified: { count: set.panelCorrectness.sourceQualified.count, total: set.units },
    witness: {
      sourceAccepted: {
        count: set.witness.sourceAccepted.count,
        total: set.witness.sourceAccepted.total,
      },
      replayRejected: {
        count: set.witness.replayRejected.count,
        total: set.witness.replayRejected.total,
      },
      right: { count: set.witness.right.count, total: set.witness.right.total },
    },
    jointCorrect: {
      count: set.joint.jointlyCorrect.count,
      total: set.joint.jointlyCorrect.total,
      notApplicable: set.joint.notApplicable,
    },
    transitions: transitionsSection(set.transitions),
    oneHalfPanels: oneHalfPanelsSection(collectResults(results).panels),
    worstTasks: set.worstTasks.map((task) => ({
      task: task.task,
      family: task.family,
      ba: task.ba,
    })),
    panels: Object.fromEntries(
      Object.entries(set.secondary).map(([kind, panel]) => [
        kind,
        {
          ba: interval(panel.balancedAccuracy.overall),
          validAccept: rate(panel.acceptance.validAcceptance),
          falseAccept: rate(panel.acceptance.falseAcceptance),
        },
      ]),
    ),
  };
}

const isRight = (label: 'valid' | 'invalid', record: EvaluationRecord) =>
  record.verdict === (label === 'valid' ? 'pass' : 'fail');

function recordFields(record: EvaluationRecord) {
  return {
    verdict: record.verdict,
    errorKind: record.verdict === 'error' ? record.kind : null,
    errorMessage: record.verdict === 'error' ? record.message : null,
    durationMs: record.durationMs,
    operations: record.operations,
    ...verifierSaid(record),
    usage: record.usage ?? null,
  };
}

const unitKey = (result: Pick<CaseResult, 'task'> & { program: { set: string; id: string } }) =>
  JSON.stringify([result.program.set, result.program.id, result.task]);

/** Per program × task: every outcome with its verdict, panel BA and correctness, witness, joint correctness. */
function taskEntries(
  results: readonly CaseResult[],
  sets: readonly SetSummary[],
  qualifications: readonly TaskQualification[],
): ReportTask[] {
  // Outcomes are listed in the pack's declared order (qualification lists every outcome in it), whatever order records arrive in.
  const declared = new Map<string, number>();
  for (const qualification of qualifications) {
    qualification.labels.forEach((label, index) => {
      declared.set(JSON.stringify([qualification.task, label.condition, label.outcome]), index);
    });
  }
  const position = (result: CaseResult) =>
    declared.get(JSON.stringify([result.task, result.condition, result.outcome])) ??
    Number.MAX_SAFE_INTEGER;
  const byUnit = new Map<string, CaseResult[]>();
  for (const result of results) {
    const key = unitKey(result);
    byUnit.set(key, [...(byUnit.get(key) ?? []), result]);
  }
  const failingJoint = new Set(
    sets.flatMap((set) =>
      set.joint.failing.map((unit) => JSON.stringify([set.set, unit.program, unit.task])),
    ),
  );
  // The primary panel of every program × task × condition, collected once for the whole run.
  const primaryPanels = new Map<string, Panel>();
  for (const panel of collectResults(results).panels) {
    if (panel.kind === 'primary')
      primaryPanels.set(
        JSON.stringify([panel.set, panel.program, panel.task, panel.condition]),
        panel,
      );
  }
  const entries: ReportTask[] = [];
  for (const [key, unitResults] of byUnit) {
    const first = unitResults[0]!;
    const conditions: ReportTask['conditions'] = {};
    for (const condition of CONDITIONS) {
      const inCondition = unitResults
        .filter((result) => result.kind === 'panel' && result.condition === condition)
        .sort(
          (a, b) =>
            position(a) - position(b) ||
            (a.outcome < b.outcome ? -1 : a.outcome > b.outcome ? 1 : 0),
        );
      if (inCondition.length === 0) continue;
      const primary = primaryPanels.get(
        JSON.stringify([first.program.set, first.program.id, first.task, condition]),
      );
      const accuracy = primary ? panelBalancedAccuracy(primary.tally) : null;
      conditions[condition] = {
        // A one-half panel has no balanced accuracy (docs/benchmark.md, Metrics): none is shown.
        ba: accuracy?.basis === 'both' ? accuracy.ba : null,
        basis: accuracy?.basis ?? null,
        correct: primary ? isPanelCorrect(primary.tally) : false,
        outcomes: inCondition.map(
          (result): ReportOutcome => ({
            id: result.outcome,
            role: result.role,
            label: result.label,
            fault: result.fault ?? null,
            description: result.description,
            ...recordFields(result.record),
            correct: isRight(result.label, result.record),
          }),
        ),
      };
    }
    const source = unitResults.find((result) => result.kind === 'witness-source');
    const replay = unitResults.find((result) => result.kind === 'witness-replay');
    const witnessCase = source ?? replay;
    const side = (result: CaseResult | undefined) =>
      result
        ? { ...recordFields(result.record), correct: isRight(result.label, result.record) }
        : null;
    const applicable =
      conditions.related !== undefined && source !== undefined && replay !== undefined;
    entries.push({
      id: first.task,
      family: first.family,
      set: first.program.set,
      program: first.program.id,
      builtOn: first.program.builtOn ?? null,
      conditions,
      witness: witnessCase
        ? {
            decision: witnessCase.outcome,
            role: witnessCase.role,
            description: source?.description ?? witnessCase.description,
            source: side(source),
            replay: side(replay),
            right: source?.record.verdict === 'pass' && replay?.record.verdict === 'fail',
          }
        : null,
      jointCorrect: applicable ? !failingJoint.has(key) : null,
    });
  }
  return entries.sort((a, b) =>
    a.set === b.set
      ? a.id === b.id
        ? a.program < b.program
          ? -1
          : 1
        : a.id < b.id
          ? -1
          : 1
      : a.set < b.set
        ? -1
        : 1,
  );
}

/** A computed contrast as the report lists it (and `compare --html` shows it). */
export function contrastEntry(contrast: ContrastResult): Report['contrasts'][number] {
  return {
    name: contrast.name,
    a: contrast.a.set,
    b: contrast.b.set,
    condition: contrast.condition,
    delta: contrast.delta,
    lower: contrast.interval.lower,
    upper: contrast.interval.upper,
    pValue: contrast.pValue,
    pHolm: contrast.pHolm,
    tasks: contrast.tasks,
  };
}

/** Contrasts declared by a paired run: the first set against each other set, on `related` and overall. */
export function declaredContrasts(setNames: readonly string[]): ContrastSpec[] {
  const [first, ...others] = setNames;
  if (first === undefined) return [];
  return others.flatMap((other) => [
    {
      name: `${first}-${other} (related)`,
      a: { set: first },
      b: { set: other },
      condition: 'related' as ConditionName,
    },
    { name: `${first}-${other} (all conditions)`, a: { set: first }, b: { set: other } },
  ]);
}

/**
 * Cost options with the judge as the alternative: when a set is an online judge and the
 * options name no alternative, its measured cost per use is what programs amortise against.
 */
function withJudgeAlternative(
  results: readonly CaseResult[],
  options: ResolvedOptions['cost'],
): ResolvedOptions['cost'] {
  if (options?.alternativePerUse !== undefined) return options;
  const judge = usageProfile(results).find((entry) => entry.model !== null);
  return judge?.model
    ? { ...(options ?? {}), alternativePerUse: judge.model.perUseCostUsd }
    : options;
}

/**
 * The whole report from evaluation records, through `summarize` (so the CLI and `compare`
 * get the same numbers). Pure: the same input gives the same report, whatever the order of
 * `results` (shards merged in any order included).
 */
export function buildReport(input: ReportInput): Report {
  const { options } = input;
  const setNames = options.programs.map((program) => program.set);
  const present = new Set(input.results.map((result) => result.program.set));
  const summary = summarize(input.results, {
    seed: options.seed,
    resamples: options.resamples,
    contrasts: declaredContrasts(setNames.filter((set) => present.has(set))),
    secondaryPanels: ['natural', 'prefix'],
  });
  const sets = setNames
    .map((name) => summary.sets.find((set) => set.set === name))
    .filter((set): set is SetSummary => set !== undefined)
    .map((set) =>
      summaryOf(
        set,
        input.results.filter((result) => result.program.set === set.set),
      ),
    );
  const primary = sets[0] ?? emptySummary(setNames[0] ?? 'default', summary.confidence);
  const execution = input.executions
    ? buildExecutionSection(input.executions, input.results, {
        seed: options.seed,
        resamples: options.resamples,
        sets: setNames,
      })
    : null;
  const gates = checkCiThresholds(options.gates, primary, {
    cases: input.cases,
    execution,
  });
  const cost = costSection(
    input.results,
    input.constructionCosts ?? [],
    withJudgeAlternative(input.results, options.cost),
  );
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    run: {
      project: options.name,
      mode: options.mode,
      pack: {
        name: input.pack.name,
        version: input.pack.version,
        referenceVersion: input.pack.referenceVersion,
      },
      runtime: { name: options.runtime, isolation: input.isolation },
      versions: input.versions,
      seed: summary.seed,
      resamples: summary.resamples,
      confidence: summary.confidence,
      conditions: options.conditions,
      cases: input.cases ?? null,
      programs: options.programs.map((program) => ({
        set: program.set,
        pattern: relativeVerifierPattern(options.root, program.pattern),
        builtOn: program.builtOn ?? null,
      })),
    },
    summary: primary,
    sets,
    contrasts: summary.contrasts.map(contrastEntry),
    crossCondition: crossConditionSection(summary.crossCondition),
    cost,
    comparison: comparisonSection(input.results, setNames, cost),
    excluded: input.qualifications
      .filter((qualification) => !qualification.qualified)
      .map((qualification) => ({
        id: qualification.task,
        family: qualification.family,
        problems: qualification.problems.map(({ code, message }) => ({ code, message })),
      })),
    tasks: taskEntries(input.results, summary.sets, input.qualifications),
    execution,
    gates,
    passed: gates.every((gate) => gate.passed),
  };
}

/** A summary of nothing (no case ran): every rate undefined, every count zero. */
function emptySummary(set: string, confidence: number): ReportSummary {
  const none = { estimate: null, lower: null, upper: null, confidence, families: 0, tasks: 0 };
  const noRate = { count: 0, total: 0, rate: null, lower: null, upper: null };
  const zero = { count: 0, total: 0 };
  return {
    set,
    cases: 0,
    programs: 0,
    units: 0,
    tasks: 0,
    families: 0,
    ba: none,
    conditions: Object.fromEntries(
      CONDITIONS.map((condition) => [condition, { ba: none, panelCorrect: zero }]),
    ) as ReportSummary['conditions'],
    validAccept: noRate,
    falseAccept: noRate,
    falseAcceptByFault: Object.fromEntries(
      CATEGORIES.map((category) => [category, noRate]),
    ) as ReportSummary['falseAcceptByFault'],
    unknown: 0,
    errors: {
      total: 0,
      byKind: Object.fromEntries(
        ERROR_KINDS.map((kind) => [kind, 0]),
      ) as ReportSummary['errors']['byKind'],
    },
    sourceQualified: zero,
    witness: { sourceAccepted: zero, replayRejected: zero, right: zero },
    allCases: allCasesSection([]),
    jointCorrect: { ...zero, notApplicable: 0 },
    transitions: transitionsSection({
      sourceOnly: { ...zero, rate: null },
      relatedOnly: { ...zero, rate: null },
      both: { ...zero, rate: null },
      neither: { ...zero, rate: null },
      incomplete: { ...zero, rate: null },
    }),
    oneHalfPanels: oneHalfPanelsSection([]),
    worstTasks: [],
    panels: {},
  };
}
