// Types of the matchers on Vitest's `expect` (async ones return a promise: await them).
import type { ExecutionHandle } from '../src/execution/handle.js';
import type { CaseHandle, PanelHandle, WitnessHandle } from '../src/pack/pack-handle.js';

export interface AgentProofBenchMatchers<R = unknown> {
  toAcceptValid(outcome: CaseHandle): Promise<R>;
  toRejectFault(outcome: CaseHandle): Promise<R>;
  toAcceptWitness(witness: WitnessHandle | CaseHandle | undefined): Promise<R>;
  toRejectReplay(witness: WitnessHandle | CaseHandle | undefined): Promise<R>;
  toClassifyOutcome(outcome: CaseHandle): Promise<R>;
  toClassifyPanel(panel: PanelHandle): Promise<R>;
  /** Sync: the received value is a gate trace, not a verifier. */
  toGateLikeReference(start: ExecutionHandle): R;
}

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: must match Vitest's own declaration
  interface Matchers<T = any> extends AgentProofBenchMatchers<T> {}
}
