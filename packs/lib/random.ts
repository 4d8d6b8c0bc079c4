// Seeded randomness for the built-in seed generators: filler rows (names, times, ids) are
// drawn from a fixed seed, so a generator writes the same bytes on every run
// (docs/pack-format.md, Writing a pack in code). Math.random is never used for data.

/** mulberry32: small, fast and good enough to pick realistic filler data reproducibly. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The draws a seed generator makes, all advancing the one sequence of `seed`. */
export interface Draws {
  /** The next number in [0, 1). */
  random: () => number;
  pick<T>(items: readonly T[]): T;
  /** A whole number from `min` to `max`, both included. */
  between(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** `count` distinct items (fewer if there are not that many), in the order drawn. */
  sample<T>(items: readonly T[], count: number): T[];
}

export function seededDraws(seed: number): Draws {
  const random = mulberry32(seed);
  return {
    random,
    pick: (items) => items[Math.floor(random() * items.length)]!,
    between: (min, max) => min + Math.floor(random() * (max - min + 1)),
    chance: (p) => random() < p,
    sample: (items, count) => {
      const pool = [...items];
      const out: (typeof pool)[number][] = [];
      while (out.length < count && pool.length > 0)
        out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
      return out;
    },
  };
}
