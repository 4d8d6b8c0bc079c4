import type { z } from 'zod';
import type { CaseResult } from '../contract/case.js';
import { usageProfile } from '../metrics/usage-profile.js';
import type { ComparisonSection } from './comparison-schema.js';
import type { CostSectionSchema } from './report-sections.js';

// Program vs online judge (docs/judge.md): each set's acceptance profile beside its latency
// and cost. The acceptance numbers are the sets' own; this section adds what a run measured
// about time and money, so the renderers can put the two side by side.

/** The comparison section, in the run's set order; null when no set is a judge. */
export function comparisonSection(
  results: readonly CaseResult[],
  setNames: readonly string[],
  cost: z.infer<typeof CostSectionSchema> | null,
): ComparisonSection {
  const usage = usageProfile(results);
  if (!usage.some((entry) => entry.model !== null)) return null;
  const perUse = (set: string) => {
    const programs = cost?.programs.filter((program) => program.set === set) ?? [];
    if (programs.length === 0) return null;
    const evaluations = programs.reduce((sum, program) => sum + program.evaluations, 0);
    const total = programs.reduce((sum, program) => sum + program.perUse * program.evaluations, 0);
    return evaluations === 0 ? null : total / evaluations;
  };
  return {
    sets: setNames.flatMap((set) => {
      const entry = usage.find((candidate) => candidate.set === set);
      if (!entry) return [];
      const median = cost?.sets.find((candidate) => candidate.set === set)?.median;
      return [
        {
          set,
          judge: entry.model !== null,
          evaluations: entry.evaluations,
          medianLatencyMs: entry.medianLatencyMs,
          perUseCost: perUse(set),
          medianConstruction: median?.construction ?? null,
          medianBreakEvenUses: entry.model === null ? (median?.breakEvenUses ?? null) : null,
          model: entry.model && {
            meanRounds: entry.model.meanRounds,
            inputTokens: entry.model.inputTokens,
            outputTokens: entry.model.outputTokens,
            costUsd: entry.model.costUsd,
          },
        },
      ];
    }),
  };
}
