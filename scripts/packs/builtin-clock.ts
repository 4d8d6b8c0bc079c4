// The built-in pack's `calls` clock (pack.json `calls`): the instant and id seed every state
// written as the actor's calls is derived with (docs/pack-format.md, "Outcomes as API calls").
// The task generators derive their patches with it and the manifest writes it, so the loader
// derives the same bytes. It starts after every timestamp of the built-in seeds, so the stamps
// the write models give come after the seeds' own.
import type { CallClock } from '../../src/schema/call.js';

export const BUILTIN_CALL_CLOCK: CallClock = {
  start: '2026-11-03T16:00:00Z',
  stepMs: 60000,
  idSeed: 'agentproofbench-builtin',
};
