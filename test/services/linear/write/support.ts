// Test support for the Linear write model: run a mutation as an actor on the built-in seed.
import { expect } from 'vitest';
import type { Row } from '../../../../src/schema/json.js';
import type { Patch } from '../../../../src/schema/patch.js';
import type { Actor } from '../../../../src/schema/task.js';
import { linearWriteModel } from '../../../../src/services/linear/write/index.js';
import {
  type CallClock,
  createWriteEnvironment,
  uuidFrom,
  type WriteResult,
} from '../../../../src/services/write-model.js';
import { State } from '../../../../src/state/state.js';
import { actorOf, builtinState, rowsOf, userNamed } from '../builtin-seed.js';

export const CLOCK: CallClock = {
  start: '2026-03-10T10:00:00.000Z',
  stepMs: 60_000,
  idSeed: 'linear-write-test',
};
/** The server time of the first call of a sequence. */
export const AT = '2026-03-10T10:00:00.000Z';
export const STREAM = 'linear_write/test/call';

/** Dana Whitfield: the workspace admin, member of every team except the private Security team. */
export const dana = actorOf(userNamed('Dana Whitfield'));
/** Tobias Brandt: a member (not admin) of Security and other teams. */
export const tobias = actorOf(userNamed('Tobias Brandt'));
/** Priya Raman: a member, not an admin, not in Security. */
export const priya = actorOf(userNamed('Priya Raman'));

export interface CallOptions {
  actor?: Actor;
  state?: State;
}

export function call(
  query: string,
  variables?: Record<string, unknown>,
  { actor = dana, state = builtinState }: CallOptions = {},
): WriteResult {
  const env = createWriteEnvironment(CLOCK, STREAM);
  return linearWriteModel.apply(
    state,
    actor,
    { method: 'POST', path: 'graphql', body: { query, variables } },
    env,
  );
}

/** The n-th UUID the id stream of a call hands out (0 = the first). */
export function streamUuid(n = 0): string {
  const env = createWriteEnvironment(CLOCK, STREAM);
  let id = '';
  for (let i = 0; i <= n; i++) id = uuidFrom(env);
  return id;
}

/** A GraphQL payload, read by path in assertions. */
// biome-ignore lint/suspicious/noExplicitAny: payloads are checked with toEqual, not typed.
export type Data = Record<string, any>;

export function succeeded(result: WriteResult): {
  patch: Patch;
  response: { data: Data };
} {
  if (!result.ok) throw new Error(`call refused: ${result.refusal.summary}`);
  return result as { patch: Patch; response: { data: Data } };
}

/** Asserts a refusal in Linear's error shape and returns its first error's code. */
export function refusedWith(result: WriteResult, code: string, status = 200): string {
  if (result.ok) throw new Error(`call succeeded: ${JSON.stringify(result.patch).slice(0, 300)}`);
  const { refusal } = result;
  expect(refusal.status).toBe(status);
  const body = refusal.body as {
    data?: unknown;
    errors: Array<{ message: string; extensions: Record<string, unknown> }>;
  };
  if (status === 200) expect(body.data).toBeNull();
  const error = body.errors[0]!;
  expect(error.extensions).toMatchObject({ code, userError: true });
  expect(typeof error.extensions.type).toBe('string');
  expect(typeof error.extensions.userPresentableMessage).toBe('string');
  expect(refusal.summary).toContain(code);
  return error.message;
}

export function stateAfter(patch: Patch, state: State = builtinState): State {
  const { state: next, errors } = state.apply(patch);
  expect(errors).toEqual([]);
  return next;
}

export function issue(identifier: string): Row {
  const row = rowsOf('issues').find((candidate) => candidate.identifier === identifier);
  if (!row) throw new Error(`no issue ${identifier}`);
  return row;
}

export function teamStateNamed(teamKey: string, name: string): Row {
  const team = rowsOf('teams').find((row) => row.key === teamKey)!;
  const found = rowsOf('workflow_states').find(
    (row) => row.teamId === team.id && row.name === name,
  );
  if (!found) throw new Error(`no state ${name} in ${teamKey}`);
  return found;
}

export function labelNamed(name: string): Row {
  const found = rowsOf('issue_labels').find((row) => row.name === name);
  if (!found) throw new Error(`no label ${name}`);
  return found;
}

export { builtinState, rowsOf, State };
