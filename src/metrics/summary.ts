import type { CaseResult } from '../contract/case.js';
import { ERROR_KINDS, type ErrorKind } from '../contract/record.js';
import { CONDITIONS, type ConditionName } from '../schema/task.js';
import { type AcceptanceProfile, acceptanceProfile } from './acceptance-profile.js';
import {
  type BalancedAccuracyReport,
  balancedAccuracyReport,
  type TaskAccuracy,
} from './balanced-accuracy.js';
import {
  type BootstrapInterval,
  type BootstrapOptions,
  FamilyDrawCache,
  familyBootstrap,
  resolveBootstrapOptions,
} from './bootstrap.js';
import { type ContrastResult, type ContrastSpec, pairedContrasts } from './contrast.js';
import { type CostEntry, type CostProfile, type CostProfileOptions, costProfile } from './cost.js';
import { type CrossConditionMatrix, crossConditionMatrix } from './cross-condition.js';
import { type JointCorrectness, jointCorrectness } from './joint.js';
import { MetricsInputError } from './metrics-input-error.js';
import { compareCodeUnits } from './ordering.js';
import { type PanelCorrectness, panelCorrectness } from './panel-correctness.js';
import {
  collectResults,
  emptyErrorCounts,
  emptyVerdictCounts,
  type Panel,
  type PanelKind,
  type VerdictCounts,
} from './panels.js';
import { type TransitionTable, transitionTable } from './transitions.js';
import { type WitnessVerdicts, witnessVerdicts } from './witness.js';

export const DEFAULT_WORST_TASKS = 5;

export type SecondaryPanelKind = Exclude<PanelKind, 'primary'>;
const SECONDARY_PANEL_KINDS: readonly SecondaryPanelKind[] = ['natural', 'prefix'];

/** The same quantities for a natural or prefix panel, kept apart from the primary ones. */
export interface SecondarySummary {
  balancedAccuracy: AccuracySummary;
  acceptance: AcceptanceProfile;
}

export interface SummaryOptions extends BootstrapOptions {
  /** How many lowest-BA tasks to list per set; default 5. */
  worstTasks?: number;
  /** Paired contrasts declared for the run; Holm-adjusted together. */
  contrasts?: ContrastSpec[];
  /** Separate panels to summarise as well (never mixed into the primary numbers). */
  secondaryPanels?: SecondaryPanelKind[];
  /** Cost metadata, when the run has it. */
  cost?: CostProfileOptions & { entries: CostEntry[] };
}

/** BA of one panel kind: the mean over tasks with its family-bootstrap interval, overall and per condition. */
export interface AccuracySummary {
  /** `estimate` is the BA (fraction in [0, 1]); `families` the families resampled. */
  overall: BootstrapInterval & { tasks: number };
  perCondition: Record<ConditionName, BootstrapInterval & { tasks: number }>;
  /** Per task, ordered by task id. */
  tasks: TaskAccuracy[];
  /** Counts over every outcome of the panels. */
  verdicts: VerdictTotals;
}

export interface VerdictTotals {
  valid: VerdictCounts;
  invalid: VerdictCounts;
  /** Unknown verdicts over both labels. */
  unknown: number;
  /** Error records over both labels, and by kind. */
  error: number;
  errorsByKind: Record<ErrorKind, number>;
}

export interface SetSummary {
  set: string;
  /** Distinct program ids in the set. */
  programs: number;
  /** Program × task units (the counting unit of correctness metrics). */
  units: number;
  tasks: number;
  families: number;
  balancedAccuracy: AccuracySummary;
  acceptance: AcceptanceProfile;
  panelCorrectness: PanelCorrectness;
  witness: WitnessVerdicts;
  joint: JointCorrectness;
  transitions: TransitionTable;
  /** Lowest task BA first (ties by task id), at most `worstTasks`. */
  worstTasks: TaskAccuracy[];
  /** Only the panels asked for in `secondaryPanels` and present in the results. */
  secondary: Partial<Record<SecondaryPanelKind, SecondarySummary>>;
}

/** Everything a reporter prints, as plain JSON-serialisable data. */
export interface Summary {
  seed: number;
  resamples: number;
  confidence: number;
  /** Case results summarised. */
  cases: number;
  /** One entry per program set, ordered by name. */
  sets: SetSummary[];
  contrasts: ContrastResult[];
  crossCondition: CrossConditionMatrix;
  cost: CostProfile | null;
}

function verdictTotals(panels: readonly Panel[]): VerdictTotals {
  const totals: VerdictTotals = {
    valid: emptyVerdictCounts(),
    invalid: emptyVerdictCounts(),
    unknown: 0,
    error: 0,
    errorsByKind: emptyErrorCounts(),
  };
  for (const panel of panels) {
    for (const label of ['valid', 'invalid'] as const) {
      const from = panel.tally[label];
      const to = totals[label];
      to.total += from.total;
      to.pass += from.pass;
      to.fail += from.fail;
      to.unknown += from.unknown;
      to.error += from.error;
    }
    for (const kind of ERROR_KINDS) totals.errorsByKind[kind] += panel.tally.errorsByKind[kind];
  }
  totals.unknown = totals.valid.unknown + totals.invalid.unknown;
  totals.error = totals.valid.error + totals.invalid.error;
  return totals;
}

function accuracySummary(
  report: BalancedAccuracyReport,
  panels: readonly Panel[],
  options: BootstrapOptions,
): AccuracySummary {
  const overall = familyBootstrap(
    report.tasks.map((t) => ({ family: t.family, numerator: t.ba, denominator: 1 })),
    options,
  );
  const perCondition = Object.fromEntries(
    CONDITIONS.map((condition) => {
      const cells = report.cells.filter((c) => c.condition === condition);
      const interval = familyBootstrap(
        cells.map((c) => ({ family: c.family, numerator: c.ba, denominator: 1 })),
        options,
      );
      return [condition, { ...interval, tasks: cells.length }];
    }),
  ) as AccuracySummary['perCondition'];
  return {
    overall: { ...overall, tasks: report.overall.tasks },
    perCondition,
    tasks: report.tasks,
    verdicts: verdictTotals(panels.filter((p) => p.kind === report.kind)),
  };
}

function resolveWorstTasks(value: number | undefined): number {
  const n = value ?? DEFAULT_WORST_TASKS;
  if (!(Number.isInteger(n) && n >= 0)) {
    throw new MetricsInputError('invalid-option', `worstTasks must be an integer ≥ 0, got ${n}`);
  }
  return n;
}

/**
 * The whole summary in one call. Deterministic for a given seed (default
 * `DEFAULT_BOOTSTRAP_SEED`): every bootstrap uses the same seed, and families, tasks and
 * programs are visited in code-unit order, so input order does not change any number.
 */
export function summarize(results: readonly CaseResult[], options: SummaryOptions = {}): Summary {
  const resolved = resolveBootstrapOptions(options);
  // One summary makes about a dozen bootstraps over the same families: draw them once.
  const bootstrap = { ...resolved, drawCache: options.drawCache ?? new FamilyDrawCache() };
  const worstTasks = resolveWorstTasks(options.worstTasks);
  for (const kind of options.secondaryPanels ?? []) {
    if (!SECONDARY_PANEL_KINDS.includes(kind)) {
      throw new MetricsInputError(
        'invalid-option',
        `secondaryPanels may contain 'natural' and 'prefix', got ${JSON.stringify(kind)}`,
      );
    }
  }
  const collected = collectResults(results);
  // Before the per-set work, so a bad contrast declaration fails fast.
  const contrasts = pairedContrasts(collected.panels, options.contrasts ?? [], bootstrap);
  const setNames = [...new Set(collected.units.map((u) => u.set))].sort(compareCodeUnits);

  const sets = setNames.map((set): SetSummary => {
    const units = collected.units.filter((u) => u.set === set);
    const panels = collected.panels.filter((p) => p.set === set);
    const witnesses = collected.witnesses.filter((w) => w.set === set);
    const primary = balancedAccuracyReport(panels, 'primary');
    const secondary: SetSummary['secondary'] = {};
    for (const kind of options.secondaryPanels ?? []) {
      const report = balancedAccuracyReport(panels, kind);
      if (report.tasks.length === 0) continue;
      secondary[kind] = {
        balancedAccuracy: accuracySummary(report, panels, bootstrap),
        acceptance: acceptanceProfile(panels, bootstrap, kind),
      };
    }
    return {
      set,
      programs: new Set(units.map((u) => u.program)).size,
      units: units.length,
      tasks: new Set(units.map((u) => u.task)).size,
      families: new Set(units.map((u) => u.family)).size,
      balancedAccuracy: accuracySummary(primary, panels, bootstrap),
      acceptance: acceptanceProfile(panels, bootstrap),
      panelCorrectness: panelCorrectness(units, panels),
      witness: witnessVerdicts(units, witnesses),
      joint: jointCorrectness(units, panels, witnesses),
      transitions: transitionTable(units, panels),
      worstTasks: [...primary.tasks]
        .sort((a, b) => a.ba - b.ba || compareCodeUnits(a.task, b.task))
        .slice(0, worstTasks),
      secondary,
    };
  });

  return {
    ...resolved,
    cases: results.length,
    sets,
    contrasts,
    crossCondition: crossConditionMatrix(collected.panels),
    cost: options.cost === undefined ? null : costProfile(options.cost.entries, options.cost),
  };
}
