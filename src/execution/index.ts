/**
 * `agentproofbench/execution`: the execution study's own machinery, for tools that replay
 * or re-score it (docs/benchmark.md, "The execution study"). What a gate test needs
 * (`chainsOfTask`, `runGate`, `executionHandle`) is exported from the package root; this
 * entry point holds the replay of each delivery policy, the record cache gate runs share, the
 * gate walk's next check and the study's measures. docs/api.md lists it.
 */

export { type GateTrace, nextGateCheck } from './gate.js';
export {
  type DeliveryKind,
  POLICIES,
  type Policy,
  type PolicyOutcome,
  replayActorStop,
  replayFixedContinuation,
  replayReferenceGate,
  replayVerifierGate,
} from './replay.js';
export { GateRecordCache } from './run-gate.js';
export {
  type ExecutionStudy,
  type ExecutionStudyInput,
  executionStudy,
} from './study.js';
