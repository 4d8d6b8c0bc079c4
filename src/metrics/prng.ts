import { AgentProofBenchError, internalError } from '../contract/error.js';
/**
 * xoshiro128** (Blackman & Vigna, 2018) seeded through splitmix32: a small, well-known
 * 32-bit generator. Every step is 32-bit integer arithmetic (`Math.imul`, shifts, `>>> 0`),
 * so a seed yields the same sequence on every machine and JavaScript engine; the bootstrap
 * relies on that for reproducible intervals.
 */

/** The generator's whole state: four 32-bit words, not all zero. */
export type Xoshiro128State = readonly [number, number, number, number];

export interface Prng {
  /** Next raw output, an integer in [0, 2^32). */
  nextUint32(): number;
  /** An integer drawn uniformly from [0, n), without modulo bias; `n` in [1, 2^32]. */
  nextBelow(n: number): number;
  /**
   * Fills `target` with draws of `nextBelow(n)`, the same values in the same order, but
   * with the state held in locals: the bootstrap's hot loop calls this once per resample.
   */
  fillBelow(target: Uint32Array, n: number): void;
}

const TWO_POW_32 = 4294967296;

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** A generator started from an explicit state (test vectors use `[1, 2, 3, 4]`). */
export function createXoshiro128ss(state: Xoshiro128State): Prng {
  let [s0, s1, s2, s3] = state.map((word) => word >>> 0) as [number, number, number, number];
  if ((s0 | s1 | s2 | s3) === 0) {
    throw internalError(
      'xoshiro128** state must not be all zero (expected at least one non-zero word)',
    );
  }
  const nextUint32 = (): number => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result;
  };
  // Rejecting the top partial block of 2^32 makes every residue equally likely.
  const rejectionLimit = (n: number): number => {
    if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) {
      throw new AgentProofBenchError(
        'APB_ARGUMENT',
        `nextBelow expects an integer n in [1, 2^32], got ${n}`,
        { fix: 'pass n as a whole number from 1 to 2^32' },
      );
    }
    return TWO_POW_32 - (TWO_POW_32 % n);
  };
  const nextBelow = (n: number): number => {
    const limit = rejectionLimit(n);
    for (;;) {
      const x = nextUint32();
      if (x < limit) return x % n;
    }
  };
  const fillBelow = (target: Uint32Array, n: number): void => {
    const limit = rejectionLimit(n);
    let a = s0;
    let b = s1;
    let c = s2;
    let d = s3;
    for (let i = 0; i < target.length; ) {
      const x = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
      const t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = rotl(d, 11);
      if (x < limit) target[i++] = x % n;
    }
    s0 = a;
    s1 = b;
    s2 = c;
    s3 = d;
  };
  return { nextUint32, nextBelow, fillBelow };
}

/** splitmix32 step: spreads a small seed over 32 bits so nearby seeds give unrelated streams. */
function splitmix32(counter: number): number {
  let z = counter | 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return (z ^ (z >>> 15)) >>> 0;
}

/** A generator from a 32-bit seed: the four state words are splitmix32 of seed + i·golden. */
export function seededPrng(seed: number): Prng {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new AgentProofBenchError(
      'APB_ARGUMENT',
      `seed must be an integer in [0, 2^32 - 1], got ${seed}`,
      { fix: 'pass a seed that is a whole number from 0 to 2^32 - 1' },
    );
  }
  const golden = 0x9e3779b9;
  const words: [number, number, number, number] = [0, 0, 0, 0];
  for (let i = 0; i < 4; i++) {
    words[i] = splitmix32((seed + Math.imul(golden, i + 1)) | 0);
  }
  // All four zero is impossible in practice; guard anyway so the generator cannot stall.
  if ((words[0] | words[1] | words[2] | words[3]) === 0) words[0] = 1;
  return createXoshiro128ss(words);
}
