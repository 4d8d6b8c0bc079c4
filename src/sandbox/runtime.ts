import type { EvaluationRecord } from '../evaluation/record.js';
import type { PublicTask } from '../evaluation/verifier.js';
import type { Replica } from '../services/api.js';
import { InlineRuntime } from './inline-runtime.js';
import { IsolateRuntime, type IsolateRuntimeOptions } from './isolate/isolate-runtime.js';
import type { Limits } from './limits.js';
import { createProcessRuntime, type ProcessRuntimeOptions } from './process/process-runtime.js';
import type { VerifierSpec } from './verifier-spec.js';

export type RuntimeName = 'isolate' | 'process' | 'inline';
export const RUNTIME_NAMES: readonly RuntimeName[] = ['isolate', 'process', 'inline'];

/**
 * The runtime when none is chosen: Python verifiers run only in the process runtime, so a
 * `.py` program (or pattern) picks it; anything else runs in a fresh isolate. The Vitest
 * project, `run` and `bench` all decide through this.
 */
export function defaultRuntimeFor(programPaths: readonly string[]): RuntimeName {
  return programPaths.some((program) => program.endsWith('.py')) ? 'process' : 'isolate';
}

/**
 * The isolation actually in force, for run metadata and reports. `measures` lists only
 * what was verified to apply; `missing` what this runtime would want but could not get.
 */
export interface IsolationReport {
  level: 'isolate' | 'process' | 'none';
  measures: string[];
  missing: string[];
}

export interface EvaluationInput {
  /** A path (`.py` or a JS/TS module) or an explicit spec. */
  verifier: string | VerifierSpec;
  /** Only its public fields reach the verifier, whatever else the object carries. */
  task: PublicTask;
  before: Replica;
  after: Replica;
  /** Per-evaluation overrides of the runtime's limits. */
  limits?: Partial<Limits>;
}

export interface Runtime {
  readonly name: RuntimeName;
  readonly isolation: IsolationReport;
  /** Exactly one record per call; resolves even when the verifier or the input is broken. */
  evaluate(input: EvaluationInput): Promise<EvaluationRecord>;
  /** Release what the runtime caches (bundles, compiled code); call once when done with it. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** Defaults for every evaluation of this runtime (SPEC.md: 60 s, 1024 MB, 80 operations). */
  limits?: Partial<Limits>;
  isolate?: IsolateRuntimeOptions;
  process?: ProcessRuntimeOptions;
}

/** The process runtime probes the OS for namespaces once, hence async. */
export async function createRuntime(
  name: RuntimeName,
  options: RuntimeOptions = {},
): Promise<Runtime> {
  switch (name) {
    case 'isolate':
      return new IsolateRuntime(options.limits, options.isolate);
    case 'process':
      return createProcessRuntime(options.limits, options.process);
    case 'inline':
      return new InlineRuntime(options.limits);
    default:
      throw new TypeError(
        `unknown runtime ${JSON.stringify(name)}; expected one of ${RUNTIME_NAMES.join(', ')}`,
      );
  }
}
