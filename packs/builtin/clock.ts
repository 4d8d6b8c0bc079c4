// The clock and id seed of the built-in pack's states written as API calls (pack.json `calls`,
// docs/pack-format.md "The clock"): read by the task generators, which derive each state's
// rows through the write models, by the execution stories, and by manifest.ts, which writes
// it into pack.json.
import type { CallClock } from 'agentproofbench/authoring';

/** After every built-in seed's present (Slack's is the latest), a call a minute. */
export const BUILTIN_CALL_CLOCK: CallClock = {
  start: '2026-11-03T16:00:00Z',
  stepMs: 60_000,
  idSeed: 'agentproofbench-builtin',
};
