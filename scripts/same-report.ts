// Checks that two JSON reports of the same run say the same thing apart from time: every
// field but the measured durations (a refactoring of the report model must not change a
// report; docs/architecture.md, "Layers"). Prints each differing path, exits 1 on any.
//   npx tsx scripts/same-report.ts before/report.json after/report.json
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Fields that hold a measured time (`durationMs`, `medianLatencyMs`, ...), which no two runs share. */
export const TIMING_FIELD = /(duration|latency)/i;

/** The paths at which `before` and `after` differ, timing fields left out; [] when the same. */
export function reportDifferences(before: unknown, after: unknown, at = '$'): string[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    const found: string[] = [];
    for (let index = 0; index < length; index++) {
      if (index >= before.length || index >= after.length) found.push(`${at}[${index}]`);
      else found.push(...reportDifferences(before[index], after[index], `${at}[${index}]`));
    }
    return found;
  }
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => !TIMING_FIELD.test(key))
      .flatMap((key) =>
        Object.hasOwn(before, key) && Object.hasOwn(after, key)
          ? reportDifferences(before[key], after[key], `${at}.${key}`)
          : [`${at}.${key}`],
      );
  }
  return Object.is(before, after) ? [] : [at];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [beforeFile, afterFile] = process.argv.slice(2);
  if (!beforeFile || !afterFile) {
    console.error('usage: npx tsx scripts/same-report.ts <before.json> <after.json>');
    process.exit(2);
  }
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const differences = reportDifferences(read(beforeFile), read(afterFile));
  for (const difference of differences.slice(0, 50)) console.error(`differs: ${difference}`);
  console.log(
    differences.length === 0
      ? 'same report apart from durations'
      : `${differences.length} difference(s) apart from durations`,
  );
  process.exitCode = differences.length === 0 ? 0 : 1;
}
