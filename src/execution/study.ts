import type { ProgramRef } from '../contract/case.js';
import { type BootstrapOptions, resolveBootstrapOptions } from '../metrics/bootstrap.js';
import { compareCodeUnits } from '../metrics/ordering.js';
import { ratioDifferenceBootstrap } from '../metrics/ratio-difference.js';
import type { ExecutionChain } from './chain.js';
import { type PolicySummary, summarisePolicy } from './delivery.js';
import type { GateTrace } from './gate.js';
import { type GateBehaviour, gateBehaviour } from './gate-behaviour.js';
import {
  type Assignment,
  diagnosticGroup,
  type PanelDeliveryDiagnostic,
} from './panel-delivery.js';
import { CONTRASTS, type PolicyContrast, policyContrast } from './policy-contrast.js';
import {
  type Policy,
  replayActorStop,
  replayFixedContinuation,
  replayReferenceGate,
  replayVerifierGate,
} from './replay.js';
import { COHORTS, chainKey, programKey, type ReplayedStartPoint } from './replayed.js';

export type { DeliveryRate, PolicySummary } from './delivery.js';
export type { GateBehaviour } from './gate-behaviour.js';
export type { Assignment, DiagnosticGroup, PanelDeliveryDiagnostic } from './panel-delivery.js';
export type { PolicyContrast } from './policy-contrast.js';
export { COHORTS, type Cohort, type ReplayedStartPoint } from './replayed.js';

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
  ).flatMap(([a, b]) => COHORTS.map((cohort) => policyContrast(a, b, cohort, primary, options)));

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
