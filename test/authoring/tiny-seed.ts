// A three-user Linear-shaped seed for the authoring tests: two users share a name, one inactive.
import { isAgentProofBenchError } from '../../src/contract/error.js';
import type { Seed } from '../../src/schema/seed.js';
import { State } from '../../src/state/state.js';

export const seed: Seed = {
  name: 'tiny',
  service: 'linear',
  tables: {
    users: {
      key: ['id'],
      rows: [
        { id: 'u1', name: 'Priya Raman', active: true },
        { id: 'u2', name: 'Priya Raman', active: false },
        { id: 'u3', name: 'Dana Whitfield', active: true },
      ],
    },
    issues: { key: ['id'], rows: [{ id: '7', title: 'Fix the pump', assigneeId: 'u3' }] },
  },
};
export const base = State.fromSeed(seed);

/** The `code` of the library error `run` throws, or undefined when it does not throw. */
export function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isAgentProofBenchError(error) ? error.code : 'not an AgentProofBenchError';
  }
  return undefined;
}
