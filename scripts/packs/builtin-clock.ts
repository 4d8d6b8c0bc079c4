// The clock and id seed of the built-in pack's states written as API calls (pack.json
// `calls`, docs/pack-format.md "The clock"): every generator deriving a patch from calls
// uses it, and the manifest declares it so the loader derives the same bytes.
import type { CallClock } from '../../src/schema/call.js';

/** After every built-in seed's present; a call every 70 s, as the runs' times were spaced. */
export const BUILTIN_CALL_CLOCK: CallClock = {
  start: '2026-03-09T14:30:00.000Z',
  stepMs: 70_000,
  idSeed: 'agentproofbench-builtin',
};
