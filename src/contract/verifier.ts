import type { Service } from '../schema/service.js';
import type { Actor } from '../schema/task.js';
import type { ApiClient } from '../services/client.js';
import type { Verdict, VerifierCheck } from './record.js';

/**
 * The public view of a task, the only thing about the task a verifier sees: never the
 * reference, labels, fault kinds or other states (docs/benchmark.md, Verifier).
 */
export interface PublicTask {
  id: string;
  service: Service;
  instruction: string;
  actor: Actor;
  /** The service's API documentation, as an agent or verifier author reads it. */
  docs: string;
}

/** What `verify` must resolve to; anything else is recorded as Error `malformed`. */
export interface VerifierResult {
  verdict: Verdict;
  checks?: VerifierCheck[];
  explanation?: string;
}

/** The contract every verifier module implements (default or named export `verify`). */
export type VerifyFunction = (
  task: PublicTask,
  before: ApiClient,
  after: ApiClient,
) => VerifierResult | Promise<VerifierResult>;
