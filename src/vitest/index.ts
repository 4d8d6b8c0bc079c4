export type { Gates } from '../../reporters/gates.js';
export type { CaseMeta } from './case-meta.js';
export { defineAgentProofBenchProject } from './define-project.js';
export { benchTimingPanel, type TimingPanelBenchOptions } from './latency-bench.js';
export {
  type Bench,
  type CaseHandle,
  openBench,
  type PanelHandle,
  type TaskHandle,
  type WitnessHandle,
} from './open-bench.js';
export {
  type AgentProofBenchOptions,
  type BenchMode,
  BenchOptionsError,
  DEFAULT_OUTPUT_FILE,
  DEFAULT_PROJECT_NAME,
  type ResolvedBenchOptions,
  resolveBenchOptions,
} from './options.js';
export { agentProofBenchPlugin } from './plugin.js';
export { CHUNK_COUNT, planRun, type RunPlan } from './run-plan.js';
