import { expect } from 'vitest';
import type { Row } from '../../../../src/schema/json.js';
import type { Patch } from '../../../../src/schema/patch.js';
import type { Actor } from '../../../../src/schema/task.js';
import type { ApiRequest } from '../../../../src/services/api.js';
import { BoxInvariants } from '../../../../src/services/box/invariants.js';
import { boxWriteModel } from '../../../../src/services/box/write/index.js';
import {
  type CallClock,
  createWriteEnvironment,
  type WriteResult,
} from '../../../../src/services/write-model.js';
import type { State } from '../../../../src/state/state.js';
import { type Body, baseState, marta, userNamed } from '../fixture.js';

export const CLOCK: CallClock = {
  start: '2026-03-10T10:00:00Z',
  stepMs: 60_000,
  idSeed: 'box-write-tests',
};
/** The server time of the first call of a sequence, as Box writes it. */
export const NOW = '2026-03-10T10:00:00+00:00';
/** A numeric Box id drawn from the id stream (the stream itself is tested in write-model tests). */
export const BOX_ID = /^[1-9]\d{9}$/;

export const priyaRaman = userNamed('Priya Raman'); // viewer of Studio Admin, editor of Projects
export const priyaDesai = userNamed('Priya Desai'); // editor of Projects only
export const owen = userNamed('Owen Achterberg'); // enterprise admin

/** Runs one request through the Box write model as `actor` (Marta by default). */
export function write(
  request: Partial<ApiRequest> & { method: string; path: string },
  options: { actor?: Actor; state?: State; stream?: string } = {},
): WriteResult {
  const env = createWriteEnvironment(CLOCK, options.stream ?? 'box/write-test');
  return boxWriteModel.apply(options.state ?? baseState, options.actor ?? marta, request, env);
}

/** The patch of a successful call; fails the test with Box's error otherwise. */
export function patchOf(result: WriteResult): Patch {
  if (!result.ok) throw new Error(`expected success, got ${result.refusal.summary}`);
  return result.patch;
}

/**
 * The state after a successful call: the patch applies cleanly and keeps every Box invariant
 * (the built-in seed has no violation to start with).
 */
export function stateAfter(result: WriteResult, state: State = baseState): State {
  const applied = state.apply(patchOf(result));
  expect(applied.errors).toEqual([]);
  for (const rule of BoxInvariants) expect(rule.check(applied.state), rule.name).toEqual([]);
  return applied.state;
}

/** Box's client-error shape of a refused call, with the status and code expected. */
export function expectRefusal(result: WriteResult, status: number, code: string): Body {
  if (result.ok) throw new Error(`expected ${status} ${code}, but the call succeeded`);
  const body = result.refusal.body as Body;
  expect(result.refusal.status).toBe(status);
  expect(body).toMatchObject({ type: 'error', status, code });
  expect(typeof body.message).toBe('string');
  expect(body.request_id).toMatch(/^[0-9a-f]{8}b0x$/);
  expect(result.refusal.summary).toContain(`${status} ${code}`);
  return body;
}

/** The one row a patch inserted into `table`. */
export function inserted(patch: Patch, table: string): Row[] {
  return patch.flatMap((op) => (op.op === 'insert' && op.table === table ? [op.row] : []));
}

/** Runs requests in order on one stream, the clock advancing a step per call; the final state. */
export function runSequence(
  requests: readonly (Partial<ApiRequest> & { method: string; path: string })[],
  options: { actor?: Actor; state?: State } = {},
): State {
  const env = createWriteEnvironment(CLOCK, 'box/write-test-sequence');
  let state = options.state ?? baseState;
  for (const request of requests) {
    state = stateAfter(boxWriteModel.apply(state, options.actor ?? marta, request, env), state);
    env.advance();
  }
  return state;
}

/** Studio Admin/Templates (Marta's): Priya Raman is a viewer there through Studio Admin. */
export const TEMPLATES = '5490953068';

/** The built-in seed with Priya Desai invited to Templates as `role` by Marta, through the model. */
export function withCollaborator(role: string): State {
  return stateAfter(
    write({
      method: 'POST',
      path: '/collaborations',
      body: {
        item: { type: 'folder', id: TEMPLATES },
        accessible_by: { type: 'user', id: priyaDesai.id },
        role,
      },
    }),
  );
}
