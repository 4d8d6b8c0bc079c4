/**
 * AgentProofBench: test reusable verifiers of web agents with Vitest.
 *
 * Entry points: this module (verifier contract, packs, runtimes, metrics, `openBench` for
 * hand-written tests), `agentproofbench/vitest` (the project helper), `agentproofbench/matchers`
 * and `agentproofbench/reporter`.
 */

// The verifier contract (SPEC.md §1): what a verifier receives and returns.
export type { PublicTask, VerifierResult, VerifyFunction } from './evaluation/verifier.js';
export type { ApiClient, RequestOptions } from './services/client.js';
export { BudgetExhaustedError } from './services/client.js';
export type { ApiRequest, ApiResponse } from './services/api.js';
export type { ErrorKind, ErrorRecord, EvaluationRecord, Verdict, VerdictRecord, VerifierCheck } from './evaluation/record.js';
export { ERROR_KINDS, isErrorRecord } from './evaluation/record.js';

// Packs, cases and qualification.
export { loadPack, loadPackOrThrow, type LoadResult } from './pack/load.js';
export { Pack } from './pack/pack.js';
export { resolvePackDir } from './pack/resolve.js';
export { casesOfTask, caseTitle, type PackCase } from './pack/cases.js';
export { publicTaskOf } from './pack/public-task.js';
export { qualifyPack, qualifyTask, type TaskQualification } from './reference/qualify.js';
export { evaluateReference } from './reference/evaluate.js';
export type { CheckOutcome, ReferenceResult } from './reference/outcome.js';

// Running verifiers.
export { createRuntime, RUNTIME_NAMES, type Runtime, type RuntimeName, type IsolationReport } from './sandbox/runtime.js';
export { DEFAULT_LIMITS, type Limits } from './sandbox/limits.js';
export { createReplica } from './services/registry.js';
export type { CaseRef, CaseResult, ProgramRef } from './evaluation/case.js';
export { evaluateCase } from './evaluation/evaluate-case.js';
export { resolvePrograms, type ProgramForTask } from './evaluation/programs.js';
export { runPrograms } from './evaluation/run-programs.js';

// Hand-written tests: `const bench = await openBench('builtin')`, then the matchers.
export { type Bench, type CaseHandle, openBench, type PanelHandle, type TaskHandle, type WitnessHandle } from './vitest/open-bench.js';

// Metrics and reports.
export { type Summary, type SummaryOptions, summarize } from './metrics/index.js';
export { type Report, ReportSchema, buildReport, resultsFromReport } from '../reporters/index.js';
