import { spawnSync } from 'node:child_process';

/**
 * Run a Python 3 program (stdlib only) on a JSON input and read its JSON output. Tests use it
 * to take Python's own answers as the expected values instead of writing them by hand.
 */
export function runPython<T>(program: string, input: unknown): T {
  const result = spawnSync('python3', ['-c', program], {
    input: JSON.stringify(input),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`python3 failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}
