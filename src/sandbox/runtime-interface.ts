import type { EvaluationRecord } from '../contract/record.js';
import type { PublicTask } from '../contract/verifier.js';
import type { Replica } from '../services/api.js';
import type { Limits } from './limits.js';
import type { VerifierSpec } from './verifier-spec.js';

// What every runtime implements and what callers hand it; the runtimes import this file,
// and runtime.ts (the factory) imports the runtimes, so the arrows point one way.

export type RuntimeName = 'isolate' | 'process' | 'inline';
export const RUNTIME_NAMES: readonly RuntimeName[] = ['isolate', 'process', 'inline'];

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
