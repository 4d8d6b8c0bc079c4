import type { CaseResult } from '../contract/case.js';
import { median } from './cost.js';
import { compareCodeUnits } from './ordering.js';

/** What one program set's evaluations took: time, and model usage when a model judged. */
export interface SetUsage {
  set: string;
  evaluations: number;
  /** Median wall time of one evaluation in this run, milliseconds. */
  medianLatencyMs: number | null;
  /** Model usage over the set's evaluations; null when none called a model (programs). */
  model: {
    /** Evaluations that carry model usage. */
    evaluations: number;
    meanRounds: number;
    inputTokens: number;
    outputTokens: number;
    /** Sum of the evaluations' priced tokens, USD. */
    costUsd: number;
    /** c: mean cost of one use (one evaluation), USD. */
    perUseCostUsd: number;
  } | null;
}

const micro = (value: number) => Math.round(value * 1e6) / 1e6;

/** Per program set, in set-name order: latency and (for judges) rounds, tokens and cost. */
export function usageProfile(results: readonly CaseResult[]): SetUsage[] {
  const bySet = new Map<string, CaseResult[]>();
  for (const result of results) {
    const list = bySet.get(result.program.set) ?? [];
    list.push(result);
    bySet.set(result.program.set, list);
  }
  return [...bySet.entries()]
    .sort(([a], [b]) => compareCodeUnits(a, b))
    .map(([set, list]): SetUsage => {
      const used = list.flatMap((result) => (result.record.usage ? [result.record.usage] : []));
      const sum = (pick: (usage: (typeof used)[number]) => number) =>
        used.reduce((total, usage) => total + pick(usage), 0);
      return {
        set,
        evaluations: list.length,
        medianLatencyMs: median(list.map((result) => result.record.durationMs)),
        model:
          used.length === 0
            ? null
            : {
                evaluations: used.length,
                meanRounds: sum((usage) => usage.rounds) / used.length,
                inputTokens: sum((usage) => usage.inputTokens),
                outputTokens: sum((usage) => usage.outputTokens),
                costUsd: micro(sum((usage) => usage.costUsd)),
                perUseCostUsd: micro(sum((usage) => usage.costUsd) / list.length),
              },
      };
    });
}
