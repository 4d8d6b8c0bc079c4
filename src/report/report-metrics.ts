import type { z } from 'zod';
import type { CaseResult } from '../contract/case.js';
import { ERROR_KINDS, type EvaluationRecord } from '../contract/record.js';
import {
  type CrossConditionMatrix,
  costProfile,
  DEFAULT_AMORTISATION_USES,
  type Panel,
  panelBalancedAccuracy,
  panelKindOf,
  type TransitionTable,
} from '../metrics/index.js';
import { compareCodeUnits } from '../metrics/ordering.js';
import type { CostOptions } from '../run/options.js';
import type {
  AllCasesSchema,
  CostSectionSchema,
  CrossConditionSchema,
  OneHalfPanelsSchema,
  TransitionsSchema,
} from './report-sections.js';

type AllCases = z.infer<typeof AllCasesSchema>;
type OneHalfPanels = z.infer<typeof OneHalfPanelsSchema>;
type CostSection = z.infer<typeof CostSectionSchema>;

/** The transition table as report counts (every row over all programs × tasks). */
export function transitionsSection(table: TransitionTable): z.infer<typeof TransitionsSchema> {
  const pick = ({ count, total }: { count: number; total: number }) => ({ count, total });
  return {
    sourceOnly: pick(table.sourceOnly),
    relatedOnly: pick(table.relatedOnly),
    both: pick(table.both),
    neither: pick(table.neither),
    incomplete: pick(table.incomplete),
  };
}

/** Unknown and Error over every case of a set, by kind of case, so none is invisible to the gates. */
export function allCasesSection(results: readonly CaseResult[]): AllCases {
  const empty = () => ({ cases: 0, unknown: 0, errors: 0 });
  const section: AllCases = {
    cases: 0,
    unknown: 0,
    errors: {
      total: 0,
      byKind: Object.fromEntries(
        ERROR_KINDS.map((kind) => [kind, 0]),
      ) as AllCases['errors']['byKind'],
    },
    byPanel: { primary: empty(), witness: empty(), natural: empty(), prefix: empty() },
  };
  for (const result of results) {
    const panel = result.kind === 'panel' ? panelKindOf(result.role) : 'witness';
    const entry = section.byPanel[panel];
    section.cases += 1;
    entry.cases += 1;
    if (result.record.verdict === 'unknown') {
      section.unknown += 1;
      entry.unknown += 1;
    } else if (result.record.verdict === 'error') {
      section.errors.total += 1;
      section.errors.byKind[result.record.kind] += 1;
      entry.errors += 1;
    }
  }
  return section;
}

/** Panels whose BA rests on one half: no valid outcome, or no invalid one. */
export function oneHalfPanelsSection(panels: readonly Panel[]): OneHalfPanels {
  const listed: OneHalfPanels['panels'] = [];
  for (const panel of panels) {
    const { basis } = panelBalancedAccuracy(panel.tally);
    if (basis === 'both') continue;
    listed.push({
      task: panel.task,
      program: panel.program,
      condition: panel.condition,
      panel: panel.kind,
      basis,
    });
  }
  return {
    validOnly: listed.filter((entry) => entry.basis === 'valid-only').length,
    invalidOnly: listed.filter((entry) => entry.basis === 'invalid-only').length,
    panels: listed,
  };
}

export function crossConditionSection(
  matrix: CrossConditionMatrix,
): z.infer<typeof CrossConditionSchema> {
  return { cells: matrix.cells, panelsWithoutBuildCondition: matrix.panelsWithoutBuildCondition };
}

/** Construction cost C of one program, as the plan resolved it (sidecar or set). */
export interface ProgramConstructionCost {
  set: string;
  program: string;
  constructionCost: number;
}

/**
 * c of one evaluation: measured run time and business operations at the configured prices,
 * plus the priced tokens of a model that judged (docs/judge.md).
 */
function evaluationCost(record: EvaluationRecord, options: CostOptions): number {
  return (
    (record.durationMs / 1000) * (options.perSecond ?? 0) +
    record.operations * (options.perOperation ?? 0) +
    (record.usage?.costUsd ?? 0)
  );
}

/**
 * The cost profile of a run: per program with a known C, c as the mean measured cost of
 * its evaluations, amortised c + C/k and break-even uses; null when the run has no cost
 * option and no program declares C.
 */
export function costSection(
  results: readonly CaseResult[],
  constructionCosts: readonly ProgramConstructionCost[],
  options: CostOptions | null,
): CostSection | null {
  if (options === null && constructionCosts.length === 0) return null;
  const resolved = options ?? {};
  const uses = resolved.uses ?? DEFAULT_AMORTISATION_USES;
  const key = (set: string, program: string) => JSON.stringify([set, program]);
  const usage = new Map<string, { total: number; evaluations: number }>();
  for (const result of results) {
    const k = key(result.program.set, result.program.id);
    const entry = usage.get(k) ?? { total: 0, evaluations: 0 };
    entry.total += evaluationCost(result.record, resolved);
    entry.evaluations += 1;
    usage.set(k, entry);
  }
  const known = new Map(constructionCosts.map((entry) => [key(entry.set, entry.program), entry]));
  const sets = [...new Set(constructionCosts.map((entry) => entry.set))].sort(compareCodeUnits);
  const programs: CostSection['programs'] = [];
  const medians: CostSection['sets'] = [];
  for (const set of sets) {
    const entries = [...known.values()]
      .filter((entry) => entry.set === set && usage.has(key(set, entry.program)))
      .map((entry) => {
        const used = usage.get(key(set, entry.program))!;
        return {
          program: entry.program,
          construction: entry.constructionCost,
          perUse: used.total / used.evaluations,
        };
      });
    const profile = costProfile(entries, {
      alternativePerUse: resolved.alternativePerUse ?? 0,
      uses,
    });
    const withAlternative = resolved.alternativePerUse !== undefined;
    for (const program of profile.programs) {
      programs.push({
        set,
        program: program.program,
        evaluations: usage.get(key(set, program.program))!.evaluations,
        construction: program.construction,
        perUse: program.perUse,
        amortised: program.amortised,
        breakEvenUses: withAlternative ? program.breakEvenUses : null,
        netBreakEvenUses: withAlternative ? program.netBreakEvenUses : null,
      });
    }
    medians.push({
      set,
      median: {
        ...profile.median,
        breakEvenUses: withAlternative ? profile.median.breakEvenUses : null,
      },
    });
  }
  const evaluated = new Set(results.map((result) => key(result.program.set, result.program.id)));
  return {
    currency: resolved.currency ?? 'USD',
    perSecond: resolved.perSecond ?? 0,
    perOperation: resolved.perOperation ?? 0,
    alternativePerUse: resolved.alternativePerUse ?? null,
    uses,
    programs,
    withoutConstructionCost: [...evaluated].filter((k) => !known.has(k)).length,
    sets: medians,
  };
}
