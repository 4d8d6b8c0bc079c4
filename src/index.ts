/**
 * AgentProofBench: test reusable verifiers of web agents with Vitest.
 *
 * Entry points: this module (verifier contract, packs, runtimes, metrics, `openBench` for
 * hand-written tests), `agentproofbench/vitest` (the project helper), `agentproofbench/matchers`
 * and `agentproofbench/reporter`.
 */

export { buildReport, type Report, ReportSchema, resultsFromReport } from '../reporters/index.js';
// Timing verifiers on the timing panel.
export {
  type LatencyProfile,
  type LatencyProfileOptions,
  profileLatency,
  type StateLatency,
} from './bench/latency-profile.js';
export { renderLatencyProfile } from './bench/render-latency.js';
export type { CaseRef, CaseResult, ProgramRef } from './evaluation/case.js';
export { evaluateCase } from './evaluation/evaluate-case.js';
export { type ProgramForTask, resolvePrograms } from './evaluation/programs.js';
export type {
  ErrorKind,
  ErrorRecord,
  EvaluationRecord,
  Verdict,
  VerdictRecord,
  VerifierCheck,
} from './evaluation/record.js';
export { ERROR_KINDS, isErrorRecord } from './evaluation/record.js';
export { runPrograms } from './evaluation/run-programs.js';
// The verifier contract (SPEC.md §1): what a verifier receives and returns.
export type { PublicTask, VerifierResult, VerifyFunction } from './evaluation/verifier.js';
// The execution study: verifiers as gates over recorded executions (docs/benchmark.md).
export {
  type ChainProblem,
  type ChainState,
  chainsOfTask,
  type ExecutionChain,
  type TaskChains,
} from './execution/chain.js';
export { type GateCheck, type GateKind, type GateTrace, nextGateCheck } from './execution/gate.js';
export { type ExecutionHandle, executionHandle, executionTitle } from './execution/handle.js';
export {
  type DeliveryKind,
  POLICIES,
  type Policy,
  type PolicyOutcome,
  replayActorStop,
  replayFixedContinuation,
  replayReferenceGate,
  replayVerifierGate,
} from './execution/replay.js';
export { GateRecordCache, type GateRunOptions, runGate } from './execution/run-gate.js';
export {
  type ExecutionStudy,
  type ExecutionStudyInput,
  executionStudy,
} from './execution/study.js';
// Metrics and reports.
export { type Summary, type SummaryOptions, summarize } from './metrics/index.js';
export { casesOfTask, caseTitle, type PackCase } from './pack/cases.js';
// Packs, cases and qualification.
export { type LoadResult, loadPack, loadPackOrThrow } from './pack/load.js';
export { Pack } from './pack/pack.js';
export { publicTaskOf } from './pack/public-task.js';
export { resolvePackDir } from './pack/resolve.js';
export { evaluateReference } from './reference/evaluate.js';
export type { CheckOutcome, ReferenceResult } from './reference/outcome.js';
export { type Predicate, type PredicateInput, registerPredicate } from './reference/predicates.js';
export { qualifyPack, qualifyTask, type TaskQualification } from './reference/qualify.js';
export { type ReferenceKind, registerReferenceKind } from './reference/reference-kinds.js';
export { DEFAULT_LIMITS, type Limits } from './sandbox/limits.js';
// Running verifiers.
export {
  createRuntime,
  type IsolationReport,
  RUNTIME_NAMES,
  type Runtime,
  type RuntimeName,
} from './sandbox/runtime.js';
export type { ApiRequest, ApiResponse } from './services/api.js';
export type { ApiClient, RequestOptions } from './services/client.js';
export { BudgetExhaustedError } from './services/client.js';
export { createReplica } from './services/registry.js';
// Hand-written tests: `const bench = await openBench('builtin')`, then the matchers.
export {
  type Bench,
  type CaseHandle,
  openBench,
  type PanelHandle,
  type TaskHandle,
  type WitnessHandle,
} from './vitest/open-bench.js';
