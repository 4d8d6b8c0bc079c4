import type { CaseResult, ProgramRef } from '../contract/case.js';
import type { ChainProblem, ExecutionChain } from '../execution/chain.js';
import type { GateTrace } from '../execution/gate.js';
import { chainKey } from '../execution/replayed.js';
import { executionStudy } from '../execution/study.js';
import { collectResults, isPanelCorrect } from '../metrics/index.js';
import type { ReportExecution } from './execution-schema.js';

/** What the execution section is computed from (plain data; shards merged in any order). */
export interface ExecutionInput {
  chains: readonly ExecutionChain[];
  problems: readonly ChainProblem[];
  traces: readonly GateTrace[];
  /** Construction cost `C` per task id, when the pack records one. */
  constructionCost: ReadonlyMap<string, number>;
}

/** The report's `execution` section: the study over the traces, with panel correctness from the panel records. */
export function buildExecutionSection(
  input: ExecutionInput,
  results: readonly CaseResult[],
  options: { seed: number; resamples: number; sets: readonly string[] },
): ReportExecution | null {
  if (input.chains.length === 0 && input.problems.length === 0) return null;
  const related = new Map<string, boolean>();
  for (const panel of collectResults(results).panels) {
    if (panel.kind === 'primary' && panel.condition === 'related')
      related.set(
        JSON.stringify([panel.set, panel.program, panel.task]),
        isPanelCorrect(panel.tally),
      );
  }
  const study = executionStudy({
    chains: input.chains,
    programTraces: input.traces.filter((trace) => trace.gate === 'program'),
    onlineTraces: input.traces.filter((trace) => trace.gate === 'online'),
    relatedPanelCorrect: (program: ProgramRef, task: string) =>
      related.get(JSON.stringify([program.set, program.id, task])),
    constructionCost: (task) => input.constructionCost.get(task),
    programSets: options.sets,
    bootstrap: { seed: options.seed, resamples: options.resamples },
  });
  const rate = (value: {
    count: number;
    total: number;
    rate: number | null;
    interval: { lower: number | null; upper: number | null };
  }) => ({
    count: value.count,
    total: value.total,
    rate: value.rate,
    lower: value.interval.lower,
    upper: value.interval.upper,
  });
  const group = ({ interval, ...rest }: (typeof study.diagnostic)['panelCorrect']) => ({
    ...rest,
    lower: interval.lower,
    upper: interval.upper,
  });
  const replaysByChain = new Map<string, typeof study.replays>();
  for (const replay of study.replays) {
    const key = chainKey(replay);
    replaysByChain.set(key, [...(replaysByChain.get(key) ?? []), replay]);
  }
  const chains = [...input.chains].sort((a, b) => (chainKey(a) < chainKey(b) ? -1 : 1));
  return {
    counts: study.counts,
    policies: study.policies.map((summary) => ({
      policy: summary.policy,
      set: summary.set,
      cohort: summary.cohort,
      startPoints: summary.startPoints,
      correct: rate(summary.correct),
      incorrect: summary.kinds.incorrect,
      withheld: summary.kinds.withheld,
      withheldValid: summary.withheldValid,
      unresolved: summary.kinds.unresolved,
      repairs: summary.repairs,
      regressions: summary.regressions,
      stagesRun: summary.stagesRun,
      checks: summary.checks,
      writesIssued: summary.writesIssued,
      writesSucceeded: summary.writesSucceeded,
      costPerStartPoint: summary.costPerStartPoint,
    })),
    contrasts: study.contrasts.map((contrast) => ({
      name: contrast.name,
      a: contrast.a,
      b: contrast.b,
      cohort: contrast.cohort,
      delta: contrast.delta,
      lower: contrast.interval.lower,
      upper: contrast.interval.upper,
      pairs: contrast.pairs,
    })),
    diagnostic: {
      panelCorrect: group(study.diagnostic.panelCorrect),
      panelErrors: group(study.diagnostic.panelErrors),
      difference: {
        estimate: study.diagnostic.difference.estimate,
        lower: study.diagnostic.difference.lower,
        upper: study.diagnostic.difference.upper,
        confidence: study.diagnostic.difference.confidence,
        families: study.diagnostic.difference.families,
      },
      unknownPanel: study.diagnostic.unknownPanel,
    },
    gates: study.gates,
    amortisedCost: study.amortisedCost,
    excluded: input.problems.map((problem) => ({
      task: problem.task,
      run: problem.run,
      start: problem.start,
      message: problem.message,
    })),
    startPoints: chains.map((chain) => ({
      task: chain.task,
      family: chain.family,
      run: chain.run,
      actor: chain.actor,
      start: chain.start,
      condition: chain.condition,
      states: Object.values(chain.states).map((state) => ({
        id: state.id,
        label: state.label,
        unresolved: state.unresolved,
        failing: state.failing,
      })),
      outcomes: (replaysByChain.get(chainKey(chain)) ?? []).map(({ program, outcome }) => ({
        policy: outcome.policy,
        set: program && outcome.policy === 'program-gate' ? program.set : null,
        program: program?.id ?? null,
        kind: outcome.kind,
        delivered: outcome.delivered,
        final: outcome.final,
        finalValid: outcome.finalValid,
        repair: outcome.repair,
        regression: outcome.regression,
        stagesRun: outcome.stagesRun,
        checks: outcome.steps.map((step) => ({ ...step })),
      })),
    })),
  };
}
