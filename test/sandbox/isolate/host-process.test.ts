// What a verifier cannot do to the host process, and what closing the runtime leaves behind:
// each scenario runs in a host of its own (support/isolate-child-host.ts), so that a host that
// aborts (isolated-vm's std::terminate) or crashes at exit fails the test instead of taking
// this Vitest worker, and every other test of it, down.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EvaluationRecord } from '../../../src/contract/record.js';
import { ISOLATION_MODES } from '../../../src/sandbox/isolate/isolate-runtime.js';
import {
  NO_NODE_SNAPSHOT,
  NODE_SNAPSHOT_WARNING,
} from '../../../src/sandbox/isolate/node-snapshot.js';
import { hostileVerifier, okVerifier, REPO_ROOT } from '../support/fixtures.js';
import { tempVerifierDir } from '../support/temp-verifiers.js';

interface HostRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  records: EvaluationRecord[];
  closed: boolean;
  stderr: string;
}

/** A child host; started as the package starts every isolate host, with Node's snapshot off. */
function runChildHost(
  isolation: string,
  verifiers: string[],
  nodeFlags: string[] = [NO_NODE_SNAPSHOT],
): Promise<HostRun> {
  const child = spawn(
    process.execPath,
    [
      ...nodeFlags,
      '--import',
      'tsx',
      path.join(REPO_ROOT, 'test/sandbox/support/isolate-child-host.ts'),
      isolation,
      ...verifiers,
    ],
    // NODE_OPTIONS cleared: the flag must come from the command line above, or not at all.
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      const lines = stdout.split('\n').filter(Boolean);
      resolve({
        code,
        signal,
        records: lines.filter((line) => line !== 'closed').map((line) => JSON.parse(line)),
        closed: lines.at(-1) === 'closed',
        stderr,
      });
    });
  });
}

const OK = okVerifier('launch-summary.ts');
const withoutDuration = ({ durationMs: _durationMs, ...rest }: EvaluationRecord) => rest;

describe.each(ISOLATION_MODES)('isolate %s: the host process', (isolation) => {
  it('records every evaluation of a run in which a verifier waits asynchronously with a timeout', async () => {
    const run = await runChildHost(isolation, [
      OK,
      hostileVerifier('waits-with-timeout.ts'),
      OK,
      hostileVerifier('waits-with-timeout.ts'),
      OK,
    ]);
    expect({ code: run.code, signal: run.signal, stderr: run.stderr }).toEqual({
      code: 0,
      signal: null,
      stderr: '',
    });
    expect(run.closed).toBe(true);
    const [first, waits, second, waitsAgain, third] = run.records.map(withoutDuration);
    expect(run.records).toHaveLength(5);
    expect(waits).toEqual({
      verdict: 'error',
      kind: 'exception',
      message: 'TypeError: [object Int32Array] is not a shared typed array.',
      operations: 0,
      checks: [],
    });
    expect(waitsAgain).toEqual(waits);
    // The well-behaved verifier around it fails the misposted outcome, every time alike.
    expect(first).toMatchObject({ verdict: 'fail', operations: 4 });
    expect([second, third]).toEqual([first, first]);
  }, 60_000);

  // A host that evaluated, closed its runtime and exited used to die of SIGSEGV now and then
  // after printing a complete result: it ran with Node's startup snapshot on, which
  // isolated-vm does not support on Node 20 and later (docs/sandbox.md, "Node's startup snapshot").
  it('exits with code 0 after evaluating and closing the runtime, every time', async () => {
    const RUNS = 6;
    const runs: HostRun[] = [];
    // Two at a time: as loaded as the 2-core CI allows, without queueing every start.
    for (let started = 0; started < RUNS; started += 2)
      runs.push(
        ...(await Promise.all([
          runChildHost(isolation, [OK, OK, OK]),
          runChildHost(isolation, [OK, OK, OK]),
        ])),
      );
    expect(runs.map((run) => [run.code, run.signal, run.records.length, run.closed])).toEqual(
      Array(RUNS).fill([0, null, 3, true]),
    );
  }, 180_000);
});

/**
 * Distinct verifier files (each its own pool entry, so two idle isolates each, whose next
 * contexts are being made when the runtime closes), written for one test.
 */
function distinctVerifiers(count: number): { files: string[]; remove(): void } {
  const temp = tempVerifierDir();
  const files = Array.from({ length: count }, (_, index) =>
    temp.write(
      `lists-${index}.ts`,
      `export async function verify(task: unknown, before: { get(path: string): Promise<unknown> }, after: { get(path: string): Promise<unknown> }) {
  const same = JSON.stringify(await before.get('/conversations.list')) === JSON.stringify(await after.get('/conversations.list'));
  return { verdict: same ? 'pass' : 'fail', checks: [{ name: 'channel lists ${index}', ok: same }] };
}
`,
    ),
  );
  return { files, remove: () => temp.remove() };
}

describe('isolate pooled: a host that exits at once after closing the runtime', () => {
  // The host: evaluate, close, exit at once. On the code the issue was filed against
  // (the pool's close not waiting for the contexts isolated-vm was making for its idle
  // isolates), such hosts died of SIGSEGV after printing everything in about 1 of 25 runs,
  // Node's snapshot on or off (docs/sandbox.md, "Closing the runtime"): eight hosts catch it in
  // about one run of this test in four; a repeated run of the test, more often.
  it('exits with code 0 every time, never by a signal', async () => {
    const RUNS = 8;
    const verifiers = distinctVerifiers(6);
    try {
      const runs: HostRun[] = [];
      for (let started = 0; started < RUNS; started += 2)
        runs.push(
          ...(await Promise.all([
            runChildHost('pooled', ['--exit', ...verifiers.files]),
            runChildHost('pooled', ['--exit', ...verifiers.files]),
          ])),
        );
      expect(
        runs.map((run) => [run.code, run.signal, run.records.length, run.closed, run.stderr]),
      ).toEqual(Array(RUNS).fill([0, null, 6, true, '']));
    } finally {
      verifiers.remove();
    }
  }, 300_000);
});

describe.runIf(Number(process.versions.node.split('.')[0]) >= 20)(
  "a host with Node's startup snapshot on",
  () => {
    it('is warned once, with the flag that turns it off, and still records', async () => {
      const run = await runChildHost('pooled', [OK, OK], []);
      expect(run.records).toHaveLength(2);
      expect(run.stderr.split(NODE_SNAPSHOT_WARNING)).toHaveLength(2);
      expect(run.stderr).toContain(NO_NODE_SNAPSHOT);
    }, 60_000);
  },
);
