import type { ProgramUnit, WitnessPair } from './panels.js';
import { type Proportion, proportion } from './proportion.js';

/** Right on the witness pair: accepts the source decision and rejects its replay under `related`. */
export function isWitnessRight(pair: WitnessPair): boolean {
  return pair.source === 'pass' && pair.replay === 'fail';
}

export interface WitnessVerdicts {
  /** Programs × tasks that passed the source witness, of those evaluated on it. */
  sourceAccepted: Proportion;
  /** Programs × tasks that failed the related replay, of those evaluated on it. */
  replayRejected: Proportion;
  /** Both of the above, of the programs × tasks evaluated on both sides. */
  right: Proportion;
  /** Programs × tasks given without a complete witness pair (task without witness, or a side missing). */
  withoutPair: number;
}

export function witnessVerdicts(
  units: readonly ProgramUnit[],
  witnesses: readonly WitnessPair[],
): WitnessVerdicts {
  let sourceSeen = 0;
  let sourceAccepted = 0;
  let replaySeen = 0;
  let replayRejected = 0;
  let paired = 0;
  let right = 0;
  for (const pair of witnesses) {
    if (pair.source !== undefined) {
      sourceSeen += 1;
      if (pair.source === 'pass') sourceAccepted += 1;
    }
    if (pair.replay !== undefined) {
      replaySeen += 1;
      if (pair.replay === 'fail') replayRejected += 1;
    }
    if (pair.source !== undefined && pair.replay !== undefined) {
      paired += 1;
      if (isWitnessRight(pair)) right += 1;
    }
  }
  return {
    sourceAccepted: proportion(sourceAccepted, sourceSeen),
    replayRejected: proportion(replayRejected, replaySeen),
    right: proportion(right, paired),
    withoutPair: units.length - paired,
  };
}
