// The clock and id seed of every state of the built-in pack written as calls (pack.json
// `calls`); the task generators derive their patches with it, so the loader derives the same.
export const BUILTIN_CALL_CLOCK = {
  start: '2026-04-10T14:00:00Z',
  stepMs: 60_000,
  idSeed: 'agentproofbench-builtin',
} as const;
