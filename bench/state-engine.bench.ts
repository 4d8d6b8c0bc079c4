// State engine: materialise 1,000 states of one seed copy-on-write vs by cloning the seed.
// Run alone: npx tsx bench/state-engine.bench.ts
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Patch } from '../src/schema/patch.js';
import { type Seed, SeedSchema } from '../src/schema/seed.js';
import { State } from '../src/state/state.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function largestSeed(): Seed {
  const candidates = ['linear-base', 'calendar-base', 'slack-base', 'box-base', 'starter'].map(
    (name) =>
      name === 'starter'
        ? path.join(root, 'fixtures/packs/starter/seeds/starter-linear.json')
        : path.join(root, `fixtures/packs/builtin/seeds/${name}.json`),
  );
  let best: { seed: Seed; rows: number } | undefined;
  for (const file of candidates) {
    try {
      const seed = SeedSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
      const rows = Object.values(seed.tables).reduce((sum, table) => sum + table.rows.length, 0);
      if (!best || rows > best.rows) best = { seed, rows };
    } catch {
      // a seed that is not there yet is simply not a candidate
    }
  }
  if (!best) throw new Error('no seed found');
  return best.seed;
}

/** A small realistic patch per state: update three rows of the largest table, insert one. */
function patchFor(seed: Seed, index: number): Patch {
  const [table, data] = Object.entries(seed.tables).sort(
    (a, b) => b[1].rows.length - a[1].rows.length,
  )[0]!;
  const key = (row: Record<string, unknown>) =>
    Object.fromEntries(data.key.map((column) => [column, row[column]])) as Record<string, string>;
  const rows = data.rows;
  const patch: Patch = [];
  for (let k = 0; k < 3; k += 1) {
    const row = rows[(index * 7 + k * 13) % rows.length]!;
    patch.push({ op: 'update', table, key: key(row), set: { __bench: index } });
  }
  const template = rows[0]!;
  const inserted = {
    ...template,
    ...Object.fromEntries(data.key.map((column) => [column, `bench-${index}-${column}`])),
  };
  patch.push({ op: 'insert', table, row: inserted });
  return patch;
}

function measure(
  label: string,
  make: () => unknown[],
): { label: string; ms: number; heapMb: number } {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  const states = make();
  const ms = performance.now() - start;
  globalThis.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  if (states.length === 0) throw new Error('nothing built');
  return { label, ms, heapMb };
}

export async function runStateEngineBench(count = 1000): Promise<string> {
  const seed = largestSeed();
  const rows = Object.values(seed.tables).reduce((sum, table) => sum + table.rows.length, 0);
  const patches = Array.from({ length: count }, (_, index) => patchFor(seed, index));
  const base = State.fromSeed(seed);
  const cow = measure('copy-on-write', () => patches.map((patch) => base.apply(patch).state));
  const cloned = measure('clone seed + apply', () =>
    patches.map((patch) => State.fromSeed(structuredClone(seed)).apply(patch).state),
  );
  const lines = [
    `State engine: ${count} states of seed ${seed.name} (${rows} rows), 4 row ops each`,
    `  copy-on-write       ${cow.ms.toFixed(1).padStart(8)} ms  ${cow.heapMb.toFixed(1).padStart(7)} MB retained`,
    `  clone seed + apply  ${cloned.ms.toFixed(1).padStart(8)} ms  ${cloned.heapMb.toFixed(1).padStart(7)} MB retained`,
    `  ratio: clone/cow time ${(cloned.ms / cow.ms).toFixed(1)}×, memory ${(cloned.heapMb / Math.max(cow.heapMb, 0.01)).toFixed(1)}×${globalThis.gc ? '' : ' (run node with --expose-gc for exact memory)'}`,
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await runStateEngineBench());
