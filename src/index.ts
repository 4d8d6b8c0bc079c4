/**
 * AgentProofBench: test reusable verifiers of web agents with Vitest.
 *
 * Entry points: this module (verifier contract, packs, runtimes, metrics, `openPack` for
 * hand-written tests), `agentproofbench/vitest` (the project helper), `agentproofbench/matchers`,
 * `agentproofbench/reporter`, `agentproofbench/authoring` and `agentproofbench/execution`.
 * docs/api.md says what each export is for; anything not exported by an entry point is
 * internal and may change (test/api-surface.test.ts pins the list).
 */

// Building programs under the reuse contract (docs/construct.md).
export {
  type ConstructedProgram,
  type ConstructionFailure,
  type ConstructOptions,
  construct,
} from './construct/construct.js';
export type {
  Draft,
  GeneratedProgram,
  Generator,
  GeneratorContext,
} from './construct/generator.js';
export type { CaseKind, CaseRef, CaseResult, ProgramRef } from './contract/case.js';
// Errors: a stable code and a how-to-fix line.
export {
  AgentProofBenchError,
  ERROR_CODES,
  type ErrorCode,
  type ErrorCodeEntry,
  isAgentProofBenchError,
} from './contract/error.js';
export { publicTaskOf } from './contract/public-task.js';
export type {
  ErrorKind,
  ErrorRecord,
  EvaluationRecord,
  ModelUsage,
  Verdict,
  VerdictRecord,
  VerifierCheck,
} from './contract/record.js';
export { ERROR_KINDS, isErrorRecord } from './contract/record.js';
// The verifier contract (docs/benchmark.md): what a verifier receives and returns.
export type { PublicTask, VerifierResult, VerifyFunction } from './contract/verifier.js';
// Running programs on cases without Vitest.
export { type EvaluateCaseOptions, evaluateCase } from './evaluation/evaluate-case.js';
export {
  type ProgramForTask,
  type ProgramPatternOptions,
  resolvePrograms,
} from './evaluation/programs.js';
export { type RunProgramsOptions, runPrograms } from './evaluation/run-programs.js';
// Verifiers as gates over recorded executions (docs/benchmark.md), as a gate test uses them.
export {
  type ChainProblem,
  type ChainState,
  chainsOfTask,
  type ExecutionChain,
  type TaskChains,
} from './execution/chain.js';
export type { GateCheck, GateKind, GateTrace } from './execution/gate.js';
export { type ExecutionHandle, executionHandle, executionTitle } from './execution/handle.js';
// The replay of each policy, the gate record cache and the study's measures are at
// `agentproofbench/execution` (src/execution/index.ts).
export { type GateRunOptions, runGate } from './execution/run-gate.js';
// Timing verifiers on the timing panel.
export {
  type LatencyProfile,
  type LatencyProfileOptions,
  profileLatency,
  type StateLatency,
} from './latency/latency-profile.js';
export { renderLatencyProfile } from './latency/render-latency.js';
// Metrics and reports.
export { type Summary, type SummaryOptions, summarize } from './metrics/index.js';
export { type CaseFilter, casesOfTask, caseTitle, type PackCase } from './pack/cases.js';
// Packs, cases and qualification.
export { type LoadResult, loadPack, loadPackOrThrow } from './pack/load.js';
export { Pack } from './pack/pack.js';
export { type PackError, PackLoadError } from './pack/pack-error.js';
// Hand-written tests: `const pack = await openPack('builtin')`, then the matchers.
export type {
  CaseHandle,
  PackHandle,
  PanelHandle,
  TaskHandle,
  WitnessHandle,
} from './pack/pack-handle.js';
export { qualifyPack, qualifyTask, type TaskQualification } from './pack/qualify.js';
export { resolvePackDir } from './pack/resolve.js';
export { evaluateReference } from './reference/evaluate.js';
export type { CheckOutcome, ReferenceResult } from './reference/outcome.js';
export { type Predicate, type PredicateInput, registerPredicate } from './reference/predicates.js';
export { type ReferenceKind, registerReferenceKind } from './reference/reference-kinds.js';
export { buildReport } from './report/aggregate.js';
export { type Report, ReportSchema } from './report/report-schema.js';
export { resultsFromReport } from './report/results-from-report.js';
export { type OpenPackOptions, openPack } from './run/open-pack.js';
export { ISOLATION_MODES, type IsolationMode } from './sandbox/isolate/isolate-runtime.js';
export { DEFAULT_LIMITS, type Limits } from './sandbox/limits.js';
// Running verifiers.
export {
  createRuntime,
  type EvaluationInput,
  type IsolationReport,
  RUNTIME_NAMES,
  type Runtime,
  type RuntimeName,
  type RuntimeOptions,
} from './sandbox/runtime.js';
export type { VerifierSpec } from './sandbox/verifier-spec.js';
// The pack format's types (docs/pack-format.md), for code that reads or writes packs.
export {
  type ApiCall,
  ApiCallSchema,
  type CallClock,
  CallClockSchema,
} from './schema/call.js';
export type { Executions, Run, Stage, StartPoint } from './schema/execution.js';
export type { JsonValue, Row } from './schema/json.js';
export type { Manifest, StateRef } from './schema/manifest.js';
// The online judge's config (`judge:<config.json>`, docs/judge.md) and program sidecars.
export {
  type GeneratorConfig,
  GeneratorConfigSchema,
  type JudgeConfig,
  JudgeConfigSchema,
} from './schema/model-config.js';
export type { DeleteOp, InsertOp, Patch, PatchOp, UpdateOp } from './schema/patch.js';
export { type ProgramMeta, ProgramMetaSchema } from './schema/program-meta.js';
export type { Check, DeclarativeReference, Selector } from './schema/reference.js';
export type { Seed, SeedTable } from './schema/seed.js';
export type { Service } from './schema/service.js';
export type {
  Actor,
  ConditionName,
  Label,
  Outcome,
  OutcomeFile,
  Reference,
  Task,
  TaskFile,
  Witness,
  WitnessFile,
} from './schema/task.js';
export type { ApiRequest, ApiResponse } from './services/api.js';
export type { ApiClient, RequestOptions } from './services/client.js';
export { BudgetExhaustedError } from './services/client.js';
export { createReplica } from './services/registry.js';
export type { State } from './state/state.js';
