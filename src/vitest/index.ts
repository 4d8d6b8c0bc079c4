// `agentproofbench/vitest`: the Vitest project and what its config and tests need. The run
// plan, the chunk files and the resolved options are internal (docs/api.md).
export { AgentProofBenchError } from '../contract/error.js';
export type {
  CaseHandle,
  PackHandle,
  PanelHandle,
  TaskHandle,
  WitnessHandle,
} from '../pack/pack-handle.js';
export type { CaseMeta } from '../run/case-meta.js';
export type { CiThresholds as Gates } from '../run/ci-thresholds.js';
export type { GateMeta } from '../run/gate-meta.js';
export { type OpenPackOptions, openPack } from '../run/open-pack.js';
export {
  type AgentProofBenchOptions,
  DEFAULT_OUTPUT_FILE,
  DEFAULT_PROJECT_NAME,
  type RunMode,
} from '../run/options.js';
export { defineAgentProofBenchProject } from './define-project.js';
export { benchTimingPanel, type TimingPanelBenchOptions } from './latency-bench.js';
export { agentProofBenchPlugin } from './plugin.js';
