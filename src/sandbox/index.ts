// The sandbox's public surface: create a runtime, evaluate, read its isolation report.

export {
  ISOLATION_MODES,
  type IsolateRuntimeOptions,
  type IsolationMode,
} from './isolate/isolate-runtime.js';
export { DEFAULT_LIMITS, type Limits, resolveLimits } from './limits.js';
export type { ProcessRuntimeOptions } from './process/process-runtime.js';
export { PROTOCOL_VERSION } from './process/protocol.js';
export { validateVerifierResult } from './result-shape.js';
export {
  createRuntime,
  type EvaluationInput,
  type IsolationReport,
  RUNTIME_NAMES,
  type Runtime,
  type RuntimeName,
  type RuntimeOptions,
} from './runtime.js';
export { resolveVerifierSpec, type VerifierSpec } from './verifier-spec.js';
