import type { GateTrace } from '../execution/gate.js';

/**
 * What every generated execution test attaches to `task.meta.agentproofbenchGate`: the
 * gate's checks at one start point (plain JSON, so it survives workers and merged blobs).
 */
export interface GateMeta {
  /** Vitest project that produced it (the reporter ignores other projects). */
  project: string;
  trace: GateTrace;
}

declare module '@vitest/runner' {
  interface TaskMeta {
    agentproofbenchGate?: GateMeta;
  }
}
