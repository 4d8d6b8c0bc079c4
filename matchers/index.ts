import { expect } from 'vitest';
import type {} from './augmentation.js';
import { toAcceptValid } from './to-accept-valid.js';
import { toAcceptWitness } from './to-accept-witness.js';
import { toClassifyOutcome } from './to-classify-outcome.js';
import { toClassifyPanel } from './to-classify-panel.js';
import { toGateLikeReference } from './to-gate-like-reference.js';
import { toRejectFault } from './to-reject-fault.js';
import { toRejectReplay } from './to-reject-replay.js';

/**
 * Every matcher by name. Importing this module already registers them on Vitest's `expect`
 * (`import 'agentproofbench/matchers'`); pass this object to `expect.extend` yourself for
 * another `expect` instance (e.g. one made with `createExpect`).
 */
export const agentProofBenchMatchers = {
  toAcceptValid,
  toRejectFault,
  toAcceptWitness,
  toRejectReplay,
  toClassifyOutcome,
  toClassifyPanel,
  toGateLikeReference,
};

// The documented set-up is a bare side-effect import, so registration happens here.
expect.extend(agentProofBenchMatchers);

export type { AgentProofBenchMatchers } from './augmentation.js';
export type { VerifierUnderTest } from './verifier-under-test.js';
export {
  toAcceptValid,
  toAcceptWitness,
  toClassifyOutcome,
  toClassifyPanel,
  toGateLikeReference,
  toRejectFault,
  toRejectReplay,
};
