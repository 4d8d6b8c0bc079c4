import { randomInt } from 'node:crypto';

/**
 * Unprivileged uids handed out one per evaluation, so RLIMIT_NPROC (a per-uid count) bounds
 * each evaluation on its own: a fork bomb in one run cannot make spawns fail in another.
 * A high range no account uses; drawn at random, so concurrent hosts rarely meet (and if
 * two evaluations ever share a uid, the only effect is a shared process count).
 */
const FIRST_UID = 1_500_000_000;
const UID_COUNT = 1 << 24;
const inUse = new Set<number>();

export function acquireEvaluationUid(): number {
  for (;;) {
    const uid = FIRST_UID + randomInt(UID_COUNT);
    if (inUse.has(uid)) continue;
    inUse.add(uid);
    return uid;
  }
}

export function releaseEvaluationUid(uid: number): void {
  inUse.delete(uid);
}
