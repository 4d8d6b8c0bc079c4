import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFakeReplica,
  launchTask,
  MISPOSTED_WORKSPACE,
  QUIET_WORKSPACE,
} from '../../fixtures/verifiers/chat-workspace.js';
import type { ErrorKind, EvaluationRecord } from '../../src/evaluation/record.js';
import { probeConfinement } from '../../src/sandbox/process/confinement.js';
import { createRuntime, type Runtime } from '../../src/sandbox/runtime.js';
import { type AttackSurface, openAttackSurface } from './support/attack-surface.js';
import {
  hostileFixtureFiles,
  hostileVerifier,
  liveDescendants,
  okVerifier,
  waitUntilNoProcessMatches,
} from './support/fixtures.js';
import { RESULT_CASES } from './support/hostile-result-cases.js';

/** How each single-behaviour fixture must end. `verdict` cases are harmless by confinement, not refused. */
interface Expectation {
  file: string;
  runtime: 'isolate' | 'process';
  verdict?: 'pass' | 'fail';
  kind?: ErrorKind;
  message?: RegExp;
  /** Short limit for the cases that must be cut off. */
  timeoutMs?: number;
  /** The outcome relies on the OS measures (namespaces, nobody uid, rlimits) found as root on Linux. */
  confined?: true;
}

const CASES: Expectation[] = [
  {
    runtime: 'isolate',
    file: 'throws.ts',
    kind: 'exception',
    message: /^RangeError: channel index out of range$/,
  },
  {
    runtime: 'isolate',
    file: 'malformed-result.ts',
    kind: 'malformed',
    message: /verdict must be "pass", "fail" or "unknown", got "probably"/,
  },
  {
    runtime: 'isolate',
    file: 'never-settles.ts',
    kind: 'timeout',
    message: /^timed out after 300 ms$/,
    timeoutMs: 300,
  },
  {
    runtime: 'isolate',
    file: 'infinite-loop.ts',
    kind: 'timeout',
    message: /^timed out after 300 ms$/,
    timeoutMs: 300,
  },
  {
    runtime: 'isolate',
    file: 'allocates-memory.ts',
    kind: 'memory',
    message: /memory limit of 64 MB/,
  },
  {
    runtime: 'isolate',
    file: 'reads-pack.ts',
    kind: 'denied',
    message: /Node built-in module "node:fs"/,
  },
  {
    runtime: 'isolate',
    file: 'writes-file.ts',
    kind: 'denied',
    message: /Node built-in module "node:fs"/,
  },
  {
    runtime: 'isolate',
    file: 'opens-network.ts',
    kind: 'exception',
    message: /^ReferenceError: fetch is not defined$/,
  },
  {
    runtime: 'isolate',
    file: 'reads-env.ts',
    kind: 'exception',
    message: /^ReferenceError: process is not defined$/,
  },
  {
    runtime: 'isolate',
    file: 'spawns-process.ts',
    kind: 'denied',
    message: /Node built-in module "node:child_process"/,
  },
  {
    runtime: 'isolate',
    file: 'writes-through-api.ts',
    kind: 'denied',
    message: /^attempted a write through the API: POST \/chat\.postMessage on the after snapshot$/,
  },
  {
    runtime: 'isolate',
    file: 'exceeds-budget.ts',
    kind: 'budget',
    message: /80 of 80 operations used/,
  },
  { runtime: 'isolate', file: 'tampers-prototypes.ts', verdict: 'fail' },
  {
    runtime: 'process',
    file: 'throws.py',
    kind: 'exception',
    message: /^IndexError: channel index out of range$/,
  },
  {
    runtime: 'process',
    file: 'malformed_result.py',
    kind: 'malformed',
    message: /verdict must be "pass", "fail" or "unknown", got "probably"/,
  },
  {
    runtime: 'process',
    file: 'never_settles.py',
    kind: 'timeout',
    message: /^timed out after 300 ms$/,
    timeoutMs: 300,
  },
  {
    runtime: 'process',
    file: 'infinite_loop.py',
    kind: 'timeout',
    message: /^timed out after 300 ms$/,
    timeoutMs: 300,
  },
  {
    runtime: 'process',
    file: 'allocates_memory.py',
    confined: true,
    kind: 'memory',
    message: /MemoryError/,
  },
  // Each target refused: the pack under the hidden mount or the verifier's private /tmp, the repository hidden.
  // A repository that itself lives under /tmp (a CI clone may) is not masked but gone beneath the
  // private /tmp, so its files answer FileNotFoundError instead of PermissionError: unreachable either way.
  {
    runtime: 'process',
    file: 'reads_pack.py',
    confined: true,
    kind: 'exception',
    message:
      /^PermissionError: every read refused \(reference\.json: \w+Error; package\.json: (?:PermissionError|FileNotFoundError)\)$/,
  },
  {
    runtime: 'process',
    file: 'writes_file.py',
    confined: true,
    kind: 'exception',
    message:
      /^PermissionError: every write refused \(planted\.txt: \w+Error; planted-by-verifier\.txt: (?:PermissionError|FileNotFoundError); apb-planted-by-verifier\.txt: OSError\)$/,
  },
  {
    runtime: 'process',
    file: 'opens_network.py',
    confined: true,
    kind: 'exception',
    message: /Network is unreachable|Connection refused/,
  },
  { runtime: 'process', file: 'reads_env.py', verdict: 'pass' },
  {
    runtime: 'process',
    file: 'spawns_process.py',
    confined: true,
    kind: 'exception',
    message: /^CalledProcessError: .*'cat'/,
  },
  {
    runtime: 'process',
    file: 'writes_through_api.py',
    kind: 'denied',
    message: /^attempted a write through the API: POST \/chat\.postMessage on the after snapshot$/,
  },
  {
    runtime: 'process',
    file: 'exceeds_budget.py',
    kind: 'budget',
    message: /80 of 80 operations used/,
  },
  { runtime: 'process', file: 'tampers_builtins.py', verdict: 'fail' },
  { runtime: 'process', file: 'exits_nonzero.py', kind: 'crash', message: /^exited with code 3$/ },
  {
    runtime: 'process',
    file: 'garbage_stdout.py',
    kind: 'crash',
    message: /^protocol violation: stdout line is not JSON: "verdict: pass, trust me"$/,
  },
  {
    runtime: 'process',
    file: 'spawns_many.py',
    confined: true,
    kind: 'exception',
    message: /^BlockingIOError: \[Errno 11\] Resource temporarily unavailable$/,
  },
  { runtime: 'process', file: 'killed_by_signal.py', kind: 'crash', message: /killed by SIGKILL/ },
  { runtime: 'process', file: 'forks_orphan.py', confined: true, verdict: 'pass' },
];

type RuntimeKey = Expectation['runtime'];
const RUNTIME_KEYS: RuntimeKey[] = ['isolate', 'process'];

const OK_VERIFIER: Record<RuntimeKey, string> = {
  isolate: okVerifier('launch-summary.ts'),
  process: okVerifier('launch_summary.py'),
};
const found = await probeConfinement();
/** Without these (not root, no unshare) the process runtime still runs, with fewer measures. */
const FULLY_CONFINED = found.namespaces && found.unprivileged && found.addressSpaceLimit;
const ORPHAN_MARKER = 'agentproofbench-hostile-orphan';
const withoutDuration = ({ durationMs: _durationMs, ...rest }: EvaluationRecord) => rest;

describe('hostile and broken verifiers', () => {
  let surface: AttackSurface;
  let workdirParent: string;
  const runtimes = {} as Record<RuntimeKey, Runtime>;
  const baselines = {} as Record<RuntimeKey, ReturnType<typeof withoutDuration>>;

  const evaluate = (runtime: RuntimeKey, verifier: string, timeoutMs?: number) =>
    runtimes[runtime].evaluate({
      verifier,
      task: launchTask(surface.docs()),
      before: createFakeReplica(QUIET_WORKSPACE),
      // Misposted: a verifier poisoned into accepting anything would pass it.
      after: createFakeReplica(MISPOSTED_WORKSPACE),
      ...(timeoutMs ? { limits: { timeoutMs } } : {}),
    });

  beforeAll(async () => {
    surface = await openAttackSurface();
    workdirParent = mkdtempSync(path.join(tmpdir(), 'apb-test-workdirs-'));
    const limits = { timeoutMs: 10_000, memoryMb: 64 };
    runtimes.isolate = await createRuntime('isolate', { limits });
    runtimes.process = await createRuntime('process', {
      limits,
      process: { hiddenPaths: [surface.packDir], tempDir: workdirParent },
    });
    for (const runtime of RUNTIME_KEYS)
      baselines[runtime] = withoutDuration(await evaluate(runtime, OK_VERIFIER[runtime]));
  });

  afterAll(async () => {
    for (const runtime of Object.values(runtimes)) await runtime.close();
    for (const target of surface?.writeTargets ?? []) rmSync(target, { force: true });
    await surface?.close();
    if (workdirParent) rmSync(workdirParent, { recursive: true, force: true });
  });

  it('covers every fixture file in fixtures/verifiers/hostile (with hostile-results.test.ts)', () => {
    expect([...CASES, ...RESULT_CASES].map((item) => item.file).sort()).toEqual(
      hostileFixtureFiles(),
    );
  });

  it('has a baseline: the well-behaved verifier fails the misposted outcome in every runtime', () => {
    expect(baselines.isolate).toMatchObject({ verdict: 'fail', operations: 4 });
    expect(baselines.process).toEqual(baselines.isolate);
  });

  describe.each(CASES)(
    '$runtime: $file',
    ({ runtime, file, verdict, kind, message, timeoutMs, confined }) => {
      const skipped =
        confined && !FULLY_CONFINED ? ' (SKIPPED: needs root, unshare, setpriv and prlimit)' : '';
      it.runIf(!skipped)(
        `ends as ${verdict ?? `Error ${kind}`}, leaves the host untouched, and the next evaluation is unaffected${skipped}`,
        async () => {
          const record = await evaluate(runtime, hostileVerifier(file), timeoutMs);
          if (verdict !== undefined) {
            expect(record.verdict).toBe(verdict);
          } else {
            expect(record).toMatchObject({ verdict: 'error', kind });
            expect(record.verdict === 'error' ? record.message : '').toMatch(message ?? /./);
          }

          // Nothing the verifier could reach carried a secret out.
          expect(JSON.stringify(record)).not.toContain(surface.secret);
          expect(JSON.stringify(record)).not.toContain(surface.secretEnvName);
          // The host: no planted files, no connections, no poisoned prototypes, no leftover workdir or process.
          for (const target of surface.writeTargets) expect(existsSync(target), target).toBe(false);
          expect(surface.connections()).toBe(0);
          expect(Object.prototype).not.toHaveProperty('verdict');
          expect([1, 2].filter((n) => n > 1)).toEqual([2]);
          expect(readdirSync(workdirParent)).toEqual([]);
          expect(await waitUntilNoProcessMatches(ORPHAN_MARKER)).toEqual([]);
          expect(liveDescendants()).toEqual([]);

          // The run goes on, and the next verifier sees a clean world.
          expect(withoutDuration(await evaluate(runtime, OK_VERIFIER[runtime]))).toEqual(
            baselines[runtime],
          );
        },
      );
    },
  );

  it('gives identical error records (apart from duration) when a broken verifier runs twice', async () => {
    const repeated: [RuntimeKey, string][] = [
      ['isolate', 'throws.ts'],
      ['isolate', 'exceeds-budget.ts'],
      ['isolate', 'writes-through-api.ts'],
      ['isolate', 'spawns-process.ts'],
      ['process', 'malformed_result.py'],
      ['process', 'exits_nonzero.py'],
      ['process', 'garbage_stdout.py'],
    ];
    for (const [runtime, file] of repeated) {
      const first = withoutDuration(await evaluate(runtime, hostileVerifier(file)));
      expect(first.verdict, file).toBe('error');
      expect(withoutDuration(await evaluate(runtime, hostileVerifier(file))), file).toEqual(first);
    }
  });

  it('the Python verifier saw only the scrubbed environment', async () => {
    const record = await evaluate('process', hostileVerifier('reads_env.py'));
    expect(record.verdict).toBe('pass');
    const environment = JSON.parse(record.explanation ?? '{}') as Record<string, string>;
    expect(Object.keys(environment).sort()).toEqual(
      [
        'HOME',
        'LANG',
        'LC_ALL',
        'PATH',
        'PWD',
        'PYTHONDONTWRITEBYTECODE',
        'PYTHONHASHSEED',
        'PYTHONNOUSERSITE',
        'TMPDIR',
      ].sort(),
    );
  });
});
