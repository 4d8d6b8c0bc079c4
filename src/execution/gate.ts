import type { ProgramRef } from '../contract/case.js';
import type { EvaluationRecord } from '../contract/record.js';
import type { ChainStateId } from '../pack/execution-states.js';
import type { StartPointName } from '../schema/execution.js';
import type { Label } from '../schema/task.js';
import type { ExecutionChain } from './chain.js';

/** Which verifier gates: the program under test, or the second verifier given as online gate. */
export type GateKind = 'program' | 'online';

/** The states a gate checks, in order: the start, then after each rejected stage. */
export const GATE_SEQUENCE = [
  'start',
  'rejected.1',
  'rejected.2',
] as const satisfies readonly ChainStateId[];

/** One gate check: one ordinary sandboxed evaluation of the gate on (before, state). */
export interface GateCheck {
  state: ChainStateId;
  fingerprint: string;
  record: EvaluationRecord;
  /** The record was taken from an earlier check of an identical state (not evaluated again). */
  reused: boolean;
}

/** What a gate did at one start point: the checks it made, in order. Plain JSON. */
export interface GateTrace {
  gate: GateKind;
  program: ProgramRef;
  task: string;
  family: string;
  run: string;
  start: StartPointName;
  checks: GateCheck[];
}

/** A gate opens only on Pass: Fail, Unknown and Error all send the actor back (docs/benchmark.md). */
export type GateVerdict = EvaluationRecord['verdict'];
export const opens = (verdict: GateVerdict): boolean => verdict === 'pass';

/** The verdict the reference gate gives: its own label. */
export const referenceVerdict = (label: Label): GateVerdict =>
  label === 'valid' ? 'pass' : 'fail';

/**
 * The next state a gate has to check, given the verdicts it already gave; undefined when
 * its walk is over (it opened, a rejected stage is unresolved, or three checks did not
 * open). Pure: the driver that runs evaluations and the replay follow the same walk.
 */
export function nextGateCheck(
  chain: ExecutionChain,
  verdicts: ReadonlyMap<ChainStateId, GateVerdict>,
): ChainStateId | undefined {
  for (const id of GATE_SEQUENCE) {
    if (chain.states[id].unresolved) return undefined;
    const verdict = verdicts.get(id);
    if (verdict === undefined) return id;
    if (opens(verdict)) return undefined;
  }
  return undefined;
}
