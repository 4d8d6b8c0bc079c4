import type { ProgramRef } from '../evaluation/case.js';
import {
  type BootstrapInterval,
  type BootstrapOptions,
  type FamilyContribution,
  familyBootstrap,
  resolveBootstrapOptions,
} from '../metrics/bootstrap.js';
import { compareCodeUnits } from '../metrics/ordering.js';
import { ratioDifferenceBootstrap } from '../metrics/ratio-difference.js';
import type { StartPointName } from '../schema/execution.js';
import type { ExecutionChain } from './chain.js';
import type { GateTrace } from './gate.js';
import {
  type DeliveryKind,
  type Policy,
  type PolicyOutcome,
  replayActorStop,
  replayFixedContinuation,
  replayReferenceGate,
  replayVerifierGate,
} from './replay.js';

export type Cohort = StartPointName | 'all';
export const COHORTS: readonly Cohort[] = ['natural', 'checkpoint', 'all'];

/** Everything the study is computed from: plain data, so it is a pure function (shards merge). */
export interface ExecutionStudyInput {
  chains: readonly ExecutionChain[];
  /** Traces of the programs under test (gate `program`), any order. */
  programTraces: readonly GateTrace[];
  /** Traces of the online gate (gate `online`), any order; empty when none was given. */
  onlineTraces: readonly GateTrace[];
  /** Whether the program's related panel is fully correct; undefined when it was not evaluated. */
  relatedPanelCorrect: (program: ProgramRef, task: string) => boolean | undefined;
  /** A task's construction cost `C` in USD, when the pack records one (amortised cost). */
  constructionCost?: (task: string) => number | undefined;
  /**
   * Program sets in report order; program-gate rows are given per set and the contrasts use
   * the first. Default: the sets of the traces in code-unit order.
   */
  programSets?: readonly string[];
  bootstrap?: BootstrapOptions;
}

/** One start point replayed under one policy (for gate policies: one program's gate). */
export interface ReplayedStartPoint {
  task: string;
  family: string;
  run: string;
  start: StartPointName;
  /** The gate's program, for `program-gate` and `online-gate`. */
  program?: ProgramRef;
  outcome: PolicyOutcome;
}

export interface DeliveryRate {
  count: number;
  total: number;
  rate: number | null;
  interval: BootstrapInterval;
}

export interface PolicySummary {
  policy: Policy;
  /** Program set of a `program-gate` row; null for the other policies. */
  set: string | null;
  cohort: Cohort;
  /** Start points replayed (for program gates: programs × start points). */
  startPoints: number;
  correct: DeliveryRate;
  kinds: Record<DeliveryKind, number>;
  /** Withheld, but the written state is valid anyway. */
  withheldValid: number;
  repairs: number;
  regressions: number;
  stagesRun: number;
  checks: number;
  writesIssued: number;
  writesSucceeded: number;
  /** Mean actor cost per start point in USD; null when a stage run has no recorded cost. */
  costPerStartPoint: number | null;
}

export interface PolicyContrast {
  /** e.g. `fixed-continuation − program-gate`. */
  name: string;
  a: Policy;
  b: Policy;
  cohort: Cohort;
  /** Mean over paired start points of correct(a) − correct(b) (program gates averaged per start point). */
  delta: number | null;
  interval: BootstrapInterval;
  pairs: number;
}

export interface DiagnosticGroup {
  /** Programs × recorded runs in the group. */
  assignments: number;
  /** Assignments whose two start points were both delivered correctly under the program gate. */
  bothCorrect: number;
  rate: number | null;
  interval: BootstrapInterval;
  /** Gate checks the group's programs made, and how many disagreed with the reference. */
  gateChecks: number;
  gateErrors: number;
  regressions: number;
  incorrect: number;
}

/**
 * Panel-delivery diagnostic: assignments grouped by whether the program's related panel is
 * fully correct; the difference of the both-correct shares with a family-bootstrap interval.
 */
export interface PanelDeliveryDiagnostic {
  panelCorrect: DiagnosticGroup;
  panelErrors: DiagnosticGroup;
  /** panelCorrect.rate − panelErrors.rate; null when a group is empty. */
  difference: BootstrapInterval;
  /** Assignments left out because the program's related panel was not evaluated. */
  unknownPanel: number;
}

export interface Assignment {
  program: ProgramRef;
  task: string;
  family: string;
  run: string;
  relatedPanelCorrect: boolean | undefined;
  /** Program-gate outcome kind per start point. */
  natural: DeliveryKind | null;
  checkpoint: DeliveryKind | null;
  bothCorrect: boolean;
}

export interface GateBehaviour {
  /** Checks made (records read by the replay). */
  checks: number;
  /** Checks answered by an evaluation of their own (identical states share one). */
  evaluations: number;
  agreements: number;
  disagreements: number;
  /** Checks where the gate returned Unknown / Error (never Pass). */
  unknown: number;
  errors: number;
}

export interface ExecutionStudy {
  counts: {
    tasks: number;
    families: number;
    runs: number;
    startPoints: number;
    programs: number;
    assignments: number;
  };
  policies: PolicySummary[];
  contrasts: PolicyContrast[];
  diagnostic: PanelDeliveryDiagnostic;
  gates: { program: GateBehaviour; online: GateBehaviour | null };
  /** Amortised program-gate cost per start point, c + C/k (k = start points the program gated). */
  amortisedCost: number | null;
  replays: ReplayedStartPoint[];
  assignments: Assignment[];
}

const chainKey = (entry: { task: string; run: string; start: string }) =>
  JSON.stringify([entry.task, entry.run, entry.start]);
const programKey = (program: ProgramRef) => JSON.stringify([program.set, program.id]);

function deliveryRate(
  replays: readonly ReplayedStartPoint[],
  options: BootstrapOptions,
): DeliveryRate {
  const count = replays.filter((entry) => entry.outcome.kind === 'correct').length;
  const contributions: FamilyContribution[] = replays.map((entry) => ({
    family: entry.family,
    numerator: entry.outcome.kind === 'correct' ? 1 : 0,
    denominator: 1,
  }));
  return {
    count,
    total: replays.length,
    rate: replays.length === 0 ? null : count / replays.length,
    interval: familyBootstrap(contributions, options),
  };
}

function summarisePolicy(
  policy: Policy,
  set: string | null,
  cohort: Cohort,
  replays: readonly ReplayedStartPoint[],
  options: BootstrapOptions,
): PolicySummary {
  const kinds: Record<DeliveryKind, number> = {
    correct: 0,
    incorrect: 0,
    withheld: 0,
    unresolved: 0,
  };
  let withheldValid = 0;
  let repairs = 0;
  let regressions = 0;
  let stagesRun = 0;
  let checks = 0;
  let writesIssued = 0;
  let writesSucceeded = 0;
  let cost: number | null = 0;
  for (const { outcome } of replays) {
    kinds[outcome.kind] += 1;
    if (outcome.kind === 'withheld' && outcome.finalValid) withheldValid += 1;
    if (outcome.repair) repairs += 1;
    if (outcome.regression) regressions += 1;
    stagesRun += outcome.stagesRun;
    checks += outcome.checks;
    writesIssued += outcome.writesIssued;
    writesSucceeded += outcome.writesSucceeded;
    cost = cost === null || outcome.cost === null ? null : cost + outcome.cost;
  }
  return {
    policy,
    set,
    cohort,
    startPoints: replays.length,
    correct: deliveryRate(replays, options),
    kinds,
    withheldValid,
    repairs,
    regressions,
    stagesRun,
    checks,
    writesIssued,
    writesSucceeded,
    costPerStartPoint: cost === null || replays.length === 0 ? null : cost / replays.length,
  };
}

function gateBehaviour(
  traces: readonly GateTrace[],
  replays: readonly ReplayedStartPoint[],
): GateBehaviour {
  const steps = replays.flatMap((entry) => entry.outcome.steps);
  const checks = traces.flatMap((trace) => trace.checks);
  return {
    checks: steps.length,
    evaluations: checks.filter((check) => !check.reused).length,
    agreements: steps.filter((step) => step.agrees).length,
    disagreements: steps.filter((step) => !step.agrees).length,
    unknown: steps.filter((step) => step.verdict === 'unknown').length,
    errors: steps.filter((step) => step.verdict === 'error').length,
  };
}

/** Paired over start points: a policy's correctness there (program gates averaged over programs). */
function contrast(
  a: Policy,
  b: Policy,
  cohort: Cohort,
  byPolicy: ReadonlyMap<Policy, readonly ReplayedStartPoint[]>,
  options: BootstrapOptions,
): PolicyContrast {
  const meanCorrect = (policy: Policy) => {
    const sums = new Map<string, { family: string; correct: number; n: number }>();
    for (const entry of byPolicy.get(policy) ?? []) {
      if (cohort !== 'all' && entry.start !== cohort) continue;
      const key = chainKey(entry);
      const sum = sums.get(key) ?? { family: entry.family, correct: 0, n: 0 };
      sum.correct += entry.outcome.kind === 'correct' ? 1 : 0;
      sum.n += 1;
      sums.set(key, sum);
    }
    return sums;
  };
  const sideA = meanCorrect(a);
  const sideB = meanCorrect(b);
  const paired = [...sideA.keys()].filter((key) => sideB.has(key)).sort(compareCodeUnits);
  const contributions = paired.map((key) => {
    const x = sideA.get(key)!;
    const y = sideB.get(key)!;
    return { family: x.family, numerator: x.correct / x.n - y.correct / y.n, denominator: 1 };
  });
  const interval = familyBootstrap(contributions, options);
  return {
    name: `${a} − ${b}`,
    a,
    b,
    cohort,
    delta: interval.estimate,
    interval,
    pairs: paired.length,
  };
}

function diagnosticGroup(
  assignments: readonly Assignment[],
  replays: readonly ReplayedStartPoint[],
  options: BootstrapOptions,
): DiagnosticGroup & { contributions: FamilyContribution[] } {
  const members = new Set(
    assignments.map((entry) => JSON.stringify([programKey(entry.program), entry.task, entry.run])),
  );
  const mine = replays.filter((entry) =>
    members.has(JSON.stringify([programKey(entry.program!), entry.task, entry.run])),
  );
  const bothCorrect = assignments.filter((entry) => entry.bothCorrect).length;
  const contributions = assignments.map((entry) => ({
    family: entry.family,
    numerator: entry.bothCorrect ? 1 : 0,
    denominator: 1,
  }));
  const steps = mine.flatMap((entry) => entry.outcome.steps);
  return {
    assignments: assignments.length,
    bothCorrect,
    rate: assignments.length === 0 ? null : bothCorrect / assignments.length,
    interval: familyBootstrap(contributions, options),
    gateChecks: steps.length,
    gateErrors: steps.filter((step) => !step.agrees).length,
    regressions: mine.filter((entry) => entry.outcome.regression).length,
    incorrect: mine.filter((entry) => entry.outcome.kind === 'incorrect').length,
    contributions,
  };
}

/** The contrasts every study reports, per cohort. */
const CONTRASTS: ReadonlyArray<readonly [Policy, Policy]> = [
  ['fixed-continuation', 'program-gate'],
  ['reference-gate', 'program-gate'],
  ['program-gate', 'actor-stop'],
  ['online-gate', 'program-gate'],
];

/**
 * The execution study from labelled chains and gate traces: every policy replayed from
 * every start point, delivery per policy and cohort with family-bootstrap intervals, paired
 * contrasts, the panel-delivery diagnostic, gate behaviour and counts. Pure and order
 * independent: traces from merged shards give the same study in any order.
 */
export function executionStudy(input: ExecutionStudyInput): ExecutionStudy {
  const options = resolveBootstrapOptions(input.bootstrap);
  const chains = [...input.chains].sort((x, y) => compareCodeUnits(chainKey(x), chainKey(y)));
  const byChain = new Map(chains.map((chain) => [chainKey(chain), chain]));
  const sortTraces = (traces: readonly GateTrace[]) =>
    [...traces]
      .filter((trace) => byChain.has(chainKey(trace)))
      .sort((x, y) =>
        compareCodeUnits(
          JSON.stringify([chainKey(x), programKey(x.program)]),
          JSON.stringify([chainKey(y), programKey(y.program)]),
        ),
      );
  const programTraces = sortTraces(input.programTraces);
  const onlineTraces = sortTraces(input.onlineTraces);

  const replays: ReplayedStartPoint[] = [];
  const base = (chain: ExecutionChain) => ({
    task: chain.task,
    family: chain.family,
    run: chain.run,
    start: chain.start,
  });
  for (const chain of chains) {
    replays.push({ ...base(chain), outcome: replayActorStop(chain) });
    replays.push({ ...base(chain), outcome: replayFixedContinuation(chain) });
    replays.push({ ...base(chain), outcome: replayReferenceGate(chain) });
  }
  for (const [traces, policy] of [
    [programTraces, 'program-gate'],
    [onlineTraces, 'online-gate'],
  ] as const) {
    for (const trace of traces) {
      const chain = byChain.get(chainKey(trace))!;
      replays.push({
        ...base(chain),
        program: trace.program,
        outcome: replayVerifierGate(chain, policy, trace.checks),
      });
    }
  }
  const byPolicy = new Map<Policy, ReplayedStartPoint[]>();
  for (const entry of replays)
    byPolicy.set(entry.outcome.policy, [...(byPolicy.get(entry.outcome.policy) ?? []), entry]);

  const present: Policy[] = (
    ['actor-stop', 'fixed-continuation', 'program-gate', 'online-gate', 'reference-gate'] as const
  ).filter((policy) => (byPolicy.get(policy)?.length ?? 0) > 0);
  const sets =
    input.programSets?.filter((set) => programTraces.some((trace) => trace.program.set === set)) ??
    [...new Set(programTraces.map((trace) => trace.program.set))].sort(compareCodeUnits);
  const policies = present.flatMap((policy) =>
    (policy === 'program-gate' ? sets : [null]).flatMap((set) =>
      COHORTS.map((cohort) =>
        summarisePolicy(
          policy,
          set,
          cohort,
          (byPolicy.get(policy) ?? []).filter(
            (entry) =>
              (cohort === 'all' || entry.start === cohort) &&
              (set === null || entry.program?.set === set),
          ),
          options,
        ),
      ),
    ),
  );
  // Contrasts pair start points; the program gate is the first set's.
  const primary = new Map(byPolicy);
  primary.set(
    'program-gate',
    (byPolicy.get('program-gate') ?? []).filter((entry) => entry.program?.set === sets[0]),
  );
  const contrasts = CONTRASTS.filter(
    ([a, b]) => present.includes(a) && present.includes(b),
  ).flatMap(([a, b]) => COHORTS.map((cohort) => contrast(a, b, cohort, primary, options)));

  // Assignments: program × recorded run, with its two start points under the program gate.
  const programGate = byPolicy.get('program-gate') ?? [];
  const assignmentMap = new Map<string, Assignment>();
  for (const entry of programGate) {
    const program = entry.program!;
    const key = JSON.stringify([programKey(program), entry.task, entry.run]);
    const assignment = assignmentMap.get(key) ?? {
      program,
      task: entry.task,
      family: entry.family,
      run: entry.run,
      relatedPanelCorrect: input.relatedPanelCorrect(program, entry.task),
      natural: null,
      checkpoint: null,
      bothCorrect: false,
    };
    assignment[entry.start] = entry.outcome.kind;
    assignment.bothCorrect =
      assignment.natural === 'correct' && assignment.checkpoint === 'correct';
    assignmentMap.set(key, assignment);
  }
  const assignments = [...assignmentMap.entries()]
    .sort(([x], [y]) => compareCodeUnits(x, y))
    .map(([, assignment]) => assignment);
  const { contributions: correctContributions, ...panelCorrect } = diagnosticGroup(
    assignments.filter((entry) => entry.relatedPanelCorrect === true),
    programGate,
    options,
  );
  const { contributions: errorContributions, ...panelErrors } = diagnosticGroup(
    assignments.filter((entry) => entry.relatedPanelCorrect === false),
    programGate,
    options,
  );

  // Amortised cost: per program, c + C/k over the start points it gated.
  let amortisedTotal = 0;
  let amortisedKnown = programGate.length > 0;
  const gatedBy = new Map<string, number>();
  for (const entry of programGate) {
    const key = JSON.stringify([programKey(entry.program!), entry.task]);
    gatedBy.set(key, (gatedBy.get(key) ?? 0) + 1);
  }
  for (const entry of programGate) {
    const construction = input.constructionCost?.(entry.task);
    if (entry.outcome.cost === null || construction === undefined) {
      amortisedKnown = false;
      break;
    }
    const k = gatedBy.get(JSON.stringify([programKey(entry.program!), entry.task]))!;
    amortisedTotal += entry.outcome.cost + construction / k;
  }

  return {
    counts: {
      tasks: new Set(chains.map((chain) => chain.task)).size,
      families: new Set(chains.map((chain) => chain.family)).size,
      runs: new Set(chains.map((chain) => JSON.stringify([chain.task, chain.run]))).size,
      startPoints: chains.length,
      programs: new Set(programTraces.map((trace) => programKey(trace.program))).size,
      assignments: assignments.length,
    },
    policies,
    contrasts,
    diagnostic: {
      panelCorrect,
      panelErrors,
      difference: ratioDifferenceBootstrap(correctContributions, errorContributions, options),
      unknownPanel: assignments.filter((entry) => entry.relatedPanelCorrect === undefined).length,
    },
    gates: {
      program: gateBehaviour(programTraces, programGate),
      online:
        onlineTraces.length > 0
          ? gateBehaviour(onlineTraces, byPolicy.get('online-gate') ?? [])
          : null,
    },
    amortisedCost: amortisedKnown ? amortisedTotal / programGate.length : null,
    replays,
    assignments,
  };
}
