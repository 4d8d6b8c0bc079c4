// Vitest collection and run time for the generated tests of the full built-in pack,
// through the same `agentproofbench run` a user types. Run alone: npx tsx bench/vitest-run.bench.ts
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Vitest's closing `Duration 39.81s (transform 2.87s, setup 0ms, import 26.27s, tests 8.28s, …)` line. */
export function parseDurations(output: string): Record<string, number> {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colour codes
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const line = plain.split('\n').find((text) => text.trim().startsWith('Duration'));
  if (!line) throw new Error(`no Duration line in Vitest's output:\n${plain.slice(-2000)}`);
  const seconds = (text: string) =>
    text.endsWith('ms') ? Number.parseFloat(text) / 1000 : Number.parseFloat(text);
  const durations: Record<string, number> = { total: seconds(line.trim().split(/\s+/)[1]!) };
  for (const match of line.matchAll(/(\w+) ([\d.]+m?s)/g))
    durations[match[1]!] = seconds(match[2]!);
  return durations;
}

export async function runVitestRunBench(runtime = 'isolate'): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'apb-vitest-bench-'));
  try {
    const json = path.join(dir, 'report.json');
    const start = performance.now();
    const result = await execa(
      'node',
      [
        'dist/src/cli/bin.js',
        'run',
        '--pack',
        'builtin',
        '--verifier',
        'examples/verifiers/{task}.ts',
        '--runtime',
        runtime,
        '--json',
        json,
      ],
      { cwd: root, reject: false, env: { FORCE_COLOR: '0' } },
    );
    const wall = (performance.now() - start) / 1000;
    const durations = parseDurations(`${result.stdout}\n${result.stderr}`);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { summary: { cases: number } };
    const cases = report.summary.cases;
    return [
      `Vitest run of the full built-in pack (${cases} generated cases, ${runtime} runtime, exit ${result.exitCode}):`,
      `  wall ${wall.toFixed(1)} s (process start to exit); Vitest: import/collect ${durations.import?.toFixed(1)} s, transform ${durations.transform?.toFixed(1)} s, tests ${durations.tests?.toFixed(1)} s, total ${durations.total?.toFixed(1)} s`,
      `  ${(cases / (durations.tests ?? wall)).toFixed(0)} cases per second of test time; collection is ${(((durations.import ?? 0) / (durations.total ?? wall)) * 100).toFixed(0)}% of Vitest's total`,
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await runVitestRunBench());
