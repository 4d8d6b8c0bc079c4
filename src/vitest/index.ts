export {
  type Bench,
  type CaseHandle,
  openBench,
  type PanelHandle,
  type TaskHandle,
  type WitnessHandle,
} from '../pack/pack-handle.js';
export type { CaseMeta } from '../run/case-meta.js';
export type { Gates } from '../run/gate-thresholds.js';
export {
  type AgentProofBenchOptions,
  type BenchMode,
  BenchOptionsError,
  DEFAULT_OUTPUT_FILE,
  DEFAULT_PROJECT_NAME,
  type ResolvedBenchOptions,
  resolveBenchOptions,
} from '../run/options.js';
export { CHUNK_COUNT, planRun, type RunPlan } from '../run/run-plan.js';
export { defineAgentProofBenchProject } from './define-project.js';
export { benchTimingPanel, type TimingPanelBenchOptions } from './latency-bench.js';
export { agentProofBenchPlugin } from './plugin.js';
