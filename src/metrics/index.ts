/**
 * Metrics over evaluation records (docs/benchmark.md, Metrics): pure functions of `CaseResult[]`, so the
 * reporter, the CLI and `compare` compute the same numbers from the same records.
 * Rates and BA are fractions in [0, 1]; Δ is a difference of fractions (×100 for points).
 */
export {
  type AcceptanceProfile,
  type AcceptanceRate,
  acceptanceProfile,
} from './acceptance-profile.js';
export {
  type AccuracyAggregate,
  type BalancedAccuracyBasis,
  type BalancedAccuracyReport,
  balancedAccuracyReport,
  type PanelAccuracy,
  type PanelBalancedAccuracy,
  panelBalancedAccuracy,
  type TaskAccuracy,
  type TaskConditionAccuracy,
} from './balanced-accuracy.js';
export {
  type BootstrapInterval,
  type BootstrapOptions,
  DEFAULT_BOOTSTRAP_SEED,
  DEFAULT_CONFIDENCE,
  DEFAULT_RESAMPLES,
  type FamilyContribution,
  FamilyDrawCache,
  familyBootstrap,
} from './bootstrap.js';
export {
  type ContrastResult,
  type ContrastSpec,
  type ProgramSelector,
  pairedContrast,
  pairedContrasts,
} from './contrast.js';
export {
  type CostEntry,
  type CostProfile,
  type CostProfileOptions,
  costProfile,
  DEFAULT_AMORTISATION_USES,
  type ProgramCost,
} from './cost.js';
export {
  type CrossConditionCell,
  type CrossConditionMatrix,
  crossConditionMatrix,
} from './cross-condition.js';
export { holmAdjust } from './holm.js';
export { type JointCorrectness, jointCorrectness } from './joint.js';
export { MetricsInputError, type MetricsInputErrorCode } from './metrics-input-error.js';
export { isPanelCorrect, type PanelCorrectness, panelCorrectness } from './panel-correctness.js';
export {
  type CollectedResults,
  collectResults,
  type Panel,
  type PanelCounts,
  type PanelKind,
  type PanelTally,
  type ProgramUnit,
  panelCounts,
  panelKindOf,
  type RecordedVerdict,
  type VerdictCounts,
  type WitnessPair,
} from './panels.js';
export { type Prng, seededPrng } from './prng.js';
export { type Proportion, proportion } from './proportion.js';
export {
  type AccuracySummary,
  DEFAULT_WORST_TASKS,
  type SecondaryPanelKind,
  type SecondarySummary,
  type SetSummary,
  type Summary,
  type SummaryOptions,
  summarize,
  type VerdictTotals,
} from './summary.js';
export { type TransitionTable, transitionTable } from './transitions.js';
export { isWitnessRight, type WitnessVerdicts, witnessVerdicts } from './witness.js';
