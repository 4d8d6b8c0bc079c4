import { createHash } from 'node:crypto';
import type { Patch } from '../schema/patch.js';
import type { Service } from '../schema/service.js';
import type { Actor } from '../schema/task.js';
import type { State } from '../state/state.js';
import type { ApiRequest } from './api.js';

/**
 * The write side of a replica (docs/replicas.md, Write operations): the documented write
 * operations of one service, each a function of (before-state, actor, request) that gives
 * either the row changes the real server makes or the service's own error in its own shape.
 * Pack states written as the actor's API calls (`calls`) are derived into patches by it.
 */
export interface WriteModel {
  readonly service: Service;
  /** Every operation it models, for docs/replicas.md and its check (one entry per operation). */
  readonly operations: readonly WriteOperation[];
  /**
   * Runs one request as `actor` on `state`. Never throws for bad input: an unknown route, a
   * malformed body, a missing permission or entity is a `refused` result in the service's shape.
   */
  apply(state: State, actor: Actor, request: ApiRequest, env: WriteEnvironment): WriteResult;
}

/** One documented write operation of a service, as docs/replicas.md lists it. */
export interface WriteOperation {
  /** The service's own name: `issueUpdate`, `chat.postMessage`, `PUT /files/:id`, `events.patch`. */
  readonly name: string;
  /** Who may call it, in one sentence, as the service documents it. */
  readonly permission: string;
  /** Fields the server writes itself (stamps, etags, sequences, version rows, trash records). */
  readonly serverWritten: readonly string[];
}

/** What one call did: the row changes and the body the service answered with. */
export type WriteResult =
  | { ok: true; patch: Patch; status: number; response: unknown }
  | { ok: false; refusal: WriteRefusal };

/**
 * The service's own error: HTTP status and body exactly as the service answers (Slack:
 * `200 {ok:false,error}`, Linear: `200 {errors:[{message,extensions:{code}}]}`, Box:
 * `{type:'error',status,code,message}`, Calendar: `{error:{code,message,errors:[{reason}]}}`),
 * plus a one-line summary for pack errors.
 */
export interface WriteRefusal {
  status: number;
  body: unknown;
  /** e.g. `cant_update_message`, `403 access_denied_insufficient_permissions`, `forbidden`. */
  summary: string;
}

/**
 * The deterministic clock and id source of one sequence of calls. The pack declares where the
 * clock starts and its step; ids are drawn from a stream seeded by the pack's id seed and the
 * state being built, so regenerating a pack is byte-identical.
 */
export interface WriteEnvironment {
  /** The server time of the current call (each call advances the clock by the pack's step). */
  now(): Date;
  /** The next 32 pseudo-random bytes of this sequence, as lowercase hex (64 characters). */
  nextHex(): string;
}

/** The clock and id seed a pack declares for its calls (pack.json `calls`). */
export interface CallClock {
  /** ISO 8601 instant of the first call. */
  start: string;
  /** Milliseconds the clock advances per call. */
  stepMs: number;
  /** Seed of the id stream; combined with the state's own name. */
  idSeed: string;
}

/**
 * The environment for a sequence of calls building the state named `stream` (e.g.
 * `linear_1/related/complete`). `advance()` moves to the next call.
 */
export function createWriteEnvironment(
  clock: CallClock,
  stream: string,
): WriteEnvironment & { advance(): void } {
  const start = Date.parse(clock.start);
  let call = 0;
  let draw = 0;
  return {
    now: () => new Date(start + call * clock.stepMs),
    nextHex: () =>
      createHash('sha256').update(`${clock.idSeed}\u0000${stream}\u0000${draw++}`).digest('hex'),
    advance: () => {
      call += 1;
    },
  };
}

/** A UUID (version 4 layout) from the id stream: Linear's and Calendar's ACL ids look like it. */
export function uuidFrom(env: WriteEnvironment): string {
  const hex = env.nextHex();
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `length` characters of `alphabet` from the id stream (Slack ids, Calendar event ids). */
export function charsFrom(env: WriteEnvironment, alphabet: string, length: number): string {
  let out = '';
  while (out.length < length) {
    const hex = env.nextHex();
    for (let i = 0; i + 2 <= hex.length && out.length < length; i += 2)
      out += alphabet[Number.parseInt(hex.slice(i, i + 2), 16) % alphabet.length];
  }
  return out;
}
