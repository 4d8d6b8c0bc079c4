import type {} from './augmentation.js';
import { toAcceptValid } from './to-accept-valid.js';
import { toAcceptWitness } from './to-accept-witness.js';
import { toClassifyOutcome } from './to-classify-outcome.js';
import { toClassifyPanel } from './to-classify-panel.js';
import { toGateLikeReference } from './to-gate-like-reference.js';
import { toRejectFault } from './to-reject-fault.js';
import { toRejectReplay } from './to-reject-replay.js';

/** Pass to `expect.extend(agentProofBenchMatchers)` (in a test file or a setup file). */
export const agentProofBenchMatchers = {
  toAcceptValid,
  toRejectFault,
  toAcceptWitness,
  toRejectReplay,
  toClassifyOutcome,
  toClassifyPanel,
  toGateLikeReference,
};

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
