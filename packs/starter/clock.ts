// The clock and id seed of the starter pack's states written as the actor's calls (pack.json
// `calls`, docs/pack-format.md "The clock"): read by ./index.ts, which derives the outcomes and
// writes it into pack.json, and by ../starter-executions/index.ts. The run starts ten minutes
// after the conditions' edits, a call a minute.
import type { CallClock } from 'agentproofbench/authoring';

export const STARTER_CALL_CLOCK: CallClock = {
  start: '2026-03-09T14:40:00Z',
  stepMs: 60_000,
  idSeed: 'starter',
};
