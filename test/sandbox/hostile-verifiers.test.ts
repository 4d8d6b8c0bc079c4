import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFakeReplica,
  launchTask,
  MISPOSTED_WORKSPACE,
  QUIET_WORKSPACE,
} from '../../fixtures/verifiers/chat-workspace.js';
import type { ErrorKind, EvaluationRecord } from '../../src/contract/record.js';
import { ISOLATION_MODES } from '../../src/sandbox/isolate/isolate-runtime.js';
import { NO_NODE_SNAPSHOT } from '../../src/sandbox/isolate/node-snapshot.js';
import { probeConfinement } from '../../src/sandbox/process/confinement.js';
import { createRuntime, type Runtime } from '../../src/sandbox/runtime.js';
import { type AttackSurface, openAttackSurface } from './support/attack-surface.js';
import {
  evaluationWorkdirs,
  HOSTILE_MARKER_PREFIX,
  hostileFixtureFiles,
  hostileVerifier,
  okVerifier,
  processesMatching,
  REPO_ROOT,
  waitUntilNoLiveDescendants,
  waitUntilNoProcessMatches,
} from './support/fixtures.js';
import { RESULT_CASES } from './support/hostile-result-cases.js';
import { tempVerifierDir } from './support/temp-verifiers.js';

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
  // Its verdict is pass as soon as it finds state it left in an earlier evaluation.
  { runtime: 'isolate', file: 'stashes-state.ts', verdict: 'fail' },
  // Its control sequences are data in the record; renderers escape them (test/report/case-explanation.test.ts).
  { runtime: 'isolate', file: 'terminal-escapes.ts', verdict: 'pass' },
  {
    runtime: 'isolate',
    file: 'keeps-running.ts',
    kind: 'timeout',
    message: /^timed out after 300 ms$/,
    timeoutMs: 300,
  },
  {
    runtime: 'isolate',
    file: 'connects-unix-socket.ts',
    kind: 'denied',
    message: /Node built-in module "node:net"/,
  },
  {
    runtime: 'isolate',
    file: 'imports-pack-labels.ts',
    kind: 'denied',
    message: /^the verifier imports starter_1\.json from a task pack \(starter\)/,
  },
  {
    runtime: 'isolate',
    file: 'throws-null-prototype.ts',
    kind: 'exception',
    message: /^threw a non-Error value: an object without a string form$/,
  },
  {
    runtime: 'isolate',
    file: 'throws-unreadable-message.ts',
    kind: 'exception',
    message: /^Error \(its message could not be read\)$/,
  },
  {
    runtime: 'isolate',
    file: 'allocates-array-buffer.ts',
    kind: 'memory',
    message: /^exceeded the memory limit of 64 MB/,
  },
  // The guest's clock stands still, so the call cannot be timed (see the determinism test below).
  { runtime: 'isolate', file: 'reads-clock.ts', verdict: 'fail' },
  // No shared memory inside, so Atomics.waitAsync refuses to wait: no wait outlives its
  // evaluation to hold its context (and a buffer) in a pooled isolate, where it counted the
  // evaluations before it.
  {
    runtime: 'isolate',
    file: 'counts-earlier-evaluations.ts',
    kind: 'exception',
    message: /^TypeError: \[object Int32Array\] is not a shared typed array\.$/,
  },
  // With a timeout it aborted the host process (isolated-vm's std::terminate); see also
  // isolate/host-process.test.ts, which runs it in a host of its own.
  {
    runtime: 'isolate',
    file: 'waits-with-timeout.ts',
    kind: 'exception',
    message: /^TypeError: \[object Int32Array\] is not a shared typed array\.$/,
  },
  // A resizable buffer's maximum counts against the limit: 256 MiB under 64 MB is refused.
  {
    runtime: 'isolate',
    file: 'grows-resizable-buffer.ts',
    kind: 'memory',
    message: /^exceeded the memory limit of 64 MB/,
  },
  // WebAssembly does not exist inside: its memory is outside the limit.
  {
    runtime: 'isolate',
    file: 'grows-wasm-memory.ts',
    kind: 'exception',
    message: /^ReferenceError: WebAssembly is not defined$/,
  },
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
      /^PermissionError: every write refused \(planted\.txt: \w+Error; planted-by-verifier\.txt: (?:PermissionError|FileNotFoundError); apb-planted-by-verifier\.txt: (?:OSError|FileNotFoundError)\)$/,
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
  // Its verdict is pass as soon as it finds state it left in an earlier evaluation (warm or cold).
  { runtime: 'process', file: 'stashes_state.py', verdict: 'fail' },
  // The verifier's own endings are never `crash` (a harness failure that fails the whole run).
  {
    runtime: 'process',
    file: 'exits_nonzero.py',
    kind: 'exception',
    message: /^exited with code 3$/,
  },
  // The runner said hello before the verifier ran: even "not found" is then the verifier's own exit.
  {
    runtime: 'process',
    file: 'exits_not_found.py',
    kind: 'exception',
    message: /^exited with code 127$/,
  },
  {
    runtime: 'process',
    file: 'garbage_stdout.py',
    kind: 'malformed',
    message: /^protocol violation: stdout line is not JSON: "verdict: pass, trust me"$/,
  },
  {
    runtime: 'process',
    file: 'spawns_many.py',
    confined: true,
    kind: 'exception',
    message: /^BlockingIOError: \[Errno 11\] Resource temporarily unavailable$/,
  },
  {
    runtime: 'process',
    file: 'killed_by_signal.py',
    kind: 'exception',
    message: /killed by SIGKILL/,
  },
  { runtime: 'process', file: 'forks_orphan.py', confined: true, verdict: 'pass' },
  // A Unix socket is a file: gone with the host's file system behind the minimal root.
  {
    runtime: 'process',
    file: 'connects_unix_socket.py',
    confined: true,
    kind: 'exception',
    message: /^FileNotFoundError: \[Errno 2\] No such file or directory$/,
  },
  {
    runtime: 'process',
    file: 'reads_other_checkout.py',
    confined: true,
    kind: 'exception',
    message: /^FileNotFoundError: \[Errno 2\] No such file or directory: '.*reference\.json'$/,
  },
  // Reads succeed or fail per file; what it saw is checked below (nothing of the host's).
  { runtime: 'process', file: 'reads_host_files.py', confined: true, verdict: 'pass' },
  {
    runtime: 'process',
    file: 'forks_memory.py',
    confined: true,
    kind: 'memory',
    message: /^the verifier's processes together exceeded the memory limit of 64 MB$/,
  },
  // The vitest worker may hold no stray descriptor; the test below gives a host one.
  { runtime: 'process', file: 'reads_inherited_descriptor.py', verdict: 'fail' },
  {
    runtime: 'process',
    file: 'outlives_host.py',
    kind: 'timeout',
    message: /^timed out after 1000 ms$/,
    timeoutMs: 1000,
  },
  {
    runtime: 'process',
    file: 'holds_processes.py',
    kind: 'timeout',
    message: /^timed out after 1000 ms$/,
    timeoutMs: 1000,
  },
  {
    runtime: 'process',
    file: 'returns_deep_result.py',
    kind: 'malformed',
    message: /^the result nests too deep to be a verifier result$/,
  },
  {
    runtime: 'process',
    file: 'raises_unprintable.py',
    kind: 'exception',
    message: /^Unprintable \(its message could not be read\)$/,
  },
  {
    runtime: 'process',
    file: 'raises_system_exit.py',
    kind: 'exception',
    message: /^SystemExit: 0$/,
  },
];

/**
 * Every case runs in both isolation modes of its runtime (docs/sandbox.md, "Pooled and fresh
 * isolates", "Warm and cold"): for the process runtime, forked from a warm parent (pooled)
 * and a new process each (fresh).
 */
type RuntimeKey = `${Expectation['runtime']} ${(typeof ISOLATION_MODES)[number]}`;
const ISOLATE_KEYS = ISOLATION_MODES.map((mode): RuntimeKey => `isolate ${mode}`);
const PROCESS_KEYS = ISOLATION_MODES.map((mode): RuntimeKey => `process ${mode}`);
const RUNTIME_KEYS: RuntimeKey[] = [...ISOLATE_KEYS, ...PROCESS_KEYS];
const keysOf = (runtime: Expectation['runtime']): RuntimeKey[] =>
  runtime === 'isolate' ? ISOLATE_KEYS : PROCESS_KEYS;
const RUNS = CASES.flatMap((expectation) =>
  keysOf(expectation.runtime).map((key) => ({ ...expectation, key })),
);

const OK_VERIFIER: Record<RuntimeKey, string> = {
  'isolate pooled': okVerifier('launch-summary.ts'),
  'isolate fresh': okVerifier('launch-summary.ts'),
  'process pooled': okVerifier('launch_summary.py'),
  'process fresh': okVerifier('launch_summary.py'),
};
const found = await probeConfinement();
/** Without these (not root, no unshare) the process runtime still runs, with fewer measures. */
const FULLY_CONFINED = found.namespaces && found.unprivileged && found.addressSpaceLimit;
/** Every helper process a hostile fixture starts carries this in its command line. */
const ORPHAN_MARKER = HOSTILE_MARKER_PREFIX;
const UNCONFINED = FULLY_CONFINED ? '' : ' (SKIPPED: needs root, unshare, setpriv and prlimit)';
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
    for (const mode of ISOLATION_MODES)
      runtimes[`isolate ${mode}`] = await createRuntime('isolate', {
        limits,
        isolate: { isolation: mode },
      });
    for (const mode of ISOLATION_MODES)
      runtimes[`process ${mode}`] = await createRuntime('process', {
        limits,
        process: { hiddenPaths: [surface.packDir], tempDir: workdirParent, isolation: mode },
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
    expect(baselines['isolate pooled']).toMatchObject({ verdict: 'fail', operations: 4 });
    expect(baselines['isolate fresh']).toEqual(baselines['isolate pooled']);
    expect(baselines['process pooled']).toEqual(baselines['isolate pooled']);
    expect(baselines['process fresh']).toEqual(baselines['isolate pooled']);
  });

  describe.each(RUNS)(
    '$key: $file',
    ({ key: runtime, file, verdict, kind, message, timeoutMs, confined }) => {
      const skipped =
        confined && !FULLY_CONFINED ? ' (SKIPPED: needs root, unshare, setpriv and prlimit)' : '';
      it.runIf(!skipped)(
        `ends as ${verdict ?? `Error ${kind}`}, leaves the host untouched, and the next evaluation is unaffected${skipped}`,
        async () => {
          const record = await evaluate(runtime, hostileVerifier(file), timeoutMs);
          // A verifier's own doing is never a harness failure (which fails the whole run).
          expect(record.verdict === 'error' ? record.kind : record.verdict).not.toBe('crash');
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
          expect(evaluationWorkdirs(workdirParent)).toEqual([]);
          expect(await waitUntilNoProcessMatches(ORPHAN_MARKER)).toEqual([]);
          expect(await waitUntilNoLiveDescendants()).toEqual([]);

          // The run goes on, and the next verifier sees a clean world.
          expect(withoutDuration(await evaluate(runtime, OK_VERIFIER[runtime]))).toEqual(
            baselines[runtime],
          );
          // So does the same verifier again (pooled: on its warm isolate when that is still
          // sound; process: forked again from the same warm parent).
          const again = withoutDuration(await evaluate(runtime, hostileVerifier(file), timeoutMs));
          // reads_host_files.py reports /etc/passwd, which names each evaluation's own uid.
          if (file === 'reads_host_files.py') expect(again.verdict).toBe(record.verdict);
          else if (kind === 'timeout') {
            // How many calls a verifier made before its deadline depends on the machine's
            // load (a cold Python process may not reach its first call within 300 ms); the
            // rest of the record does not.
            const { operations: first, ...firstRest } = withoutDuration(record);
            const { operations: second, ...secondRest } = again;
            expect(secondRest).toEqual(firstRest);
            expect([first, second].every((count) => count <= 1)).toBe(true);
          } else expect(again).toEqual(withoutDuration(record));
          // Pooled isolates of a verifier take turns (the next one's context is made while
          // the other evaluates), so a third run is on a warm isolate of this verifier
          // whenever the first two left theirs sound, in a context made ahead of it.
          if (runtime === 'isolate pooled' && kind !== 'timeout')
            expect(
              withoutDuration(await evaluate(runtime, hostileVerifier(file), timeoutMs)),
            ).toEqual(withoutDuration(record));
        },
      );
    },
  );

  // A pooled isolate is reused only when nothing of an evaluation can be seen from the next one:
  // every isolate fixture, run three times in a row on the pooled runtime (its two warm isolates
  // taking turns, so the third run is on the first one's isolate), gives the very record a
  // fresh isolate gives (docs/sandbox.md, "Pooled and fresh isolates").
  it.each(CASES.filter((expectation) => expectation.runtime === 'isolate'))(
    'isolate: $file gives the same record pooled, three times in a row, as fresh',
    async ({ file, timeoutMs }) => {
      const fresh = withoutDuration(
        await evaluate('isolate fresh', hostileVerifier(file), timeoutMs),
      );
      const pooled: ReturnType<typeof withoutDuration>[] = [];
      for (let run = 0; run < 3; run += 1)
        pooled.push(
          withoutDuration(await evaluate('isolate pooled', hostileVerifier(file), timeoutMs)),
        );
      expect(pooled).toEqual([fresh, fresh, fresh]);
    },
  );

  it('gives identical error records (apart from duration) when a broken verifier runs twice', async () => {
    const repeated: [RuntimeKey, string][] = [
      ...ISOLATE_KEYS.flatMap((key) =>
        ['throws.ts', 'exceeds-budget.ts', 'writes-through-api.ts', 'spawns-process.ts'].map(
          (file): [RuntimeKey, string] => [key, file],
        ),
      ),
      ...PROCESS_KEYS.flatMap((key) =>
        ['malformed_result.py', 'exits_nonzero.py', 'garbage_stdout.py'].map(
          (file): [RuntimeKey, string] => [key, file],
        ),
      ),
    ];
    for (const [runtime, file] of repeated) {
      const first = withoutDuration(await evaluate(runtime, hostileVerifier(file)));
      expect(first.verdict, file).toBe('error');
      expect(withoutDuration(await evaluate(runtime, hostileVerifier(file))), file).toEqual(first);
    }
  });

  it.runIf(FULLY_CONFINED).each(PROCESS_KEYS)(
    `%s: a Python verifier sees none of the host files, only the minimal root${UNCONFINED}`,
    async (key) => {
      const record = await evaluate(key, hostileVerifier('reads_host_files.py'));
      const seen = record.explanation ?? '';
      const hostPasswd = readFileSync('/etc/passwd', 'utf8').split('\n').filter(Boolean);
      expect(hostPasswd.filter((line) => seen.includes(line))).toEqual([]);
      expect(seen).toContain('/etc/hostname:FileNotFoundError');
      expect(seen).toContain('/root/.bash_history:FileNotFoundError');
      // PID 1 (the sandbox's root shell, whose command line names host paths) is hidden.
      expect(seen).toContain('/proc/1/cmdline:FileNotFoundError');
      expect(seen).toMatch(/^\/=(?:[a-z0-9]+,)*tmp(?:,[a-z0-9]+)*$/m);
      expect(seen).not.toMatch(/^\/=.*\b(?:home|root|var|run|srv|opt|work)\b/m);
    },
  );

  it.each(ISOLATE_KEYS)(
    '%s: the clock stands still: a verdict cannot depend on timing, two runs agree',
    async (key) => {
      const first = await evaluate(key, hostileVerifier('reads-clock.ts'));
      const second = await evaluate(key, hostileVerifier('reads-clock.ts'));
      expect(first.explanation).toBe(
        '0 | 1970-01-01T00:00:00.000Z | Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time) | 12:00:00 AM Coordinated Universal Time',
      );
      expect(withoutDuration(second)).toEqual(withoutDuration(first));
    },
  );

  it.runIf(FULLY_CONFINED).each(PROCESS_KEYS)(
    `%s: a fork bomb holding every process it could start leaves another evaluation's spawns alone${UNCONFINED}`,
    async (key) => {
      const temp = tempVerifierDir();
      try {
        const spawnsFew = temp.write(
          'spawns_few.py',
          `import subprocess

def verify(task, before, after):
    for _ in range(5):
        subprocess.run(["true"], check=True)
    return {"verdict": "pass"}
`,
        );
        const hog = evaluate(key, hostileVerifier('holds_processes.py'), 3_500);
        // Let the hog reach its cap first (it starts about a hundred processes a second).
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const victim = await evaluate(key, spawnsFew);
        expect(victim).toMatchObject({ verdict: 'pass' });
        expect(await hog).toMatchObject({ verdict: 'error', kind: 'timeout' });
      } finally {
        temp.remove();
      }
    },
  );

  /** A host process of its own (support/child-host.ts) running one evaluation. */
  const startChildHost = (
    isolation: (typeof ISOLATION_MODES)[number],
    verifier: string,
    timeoutMs: number,
    inherited?: number,
  ) => {
    const stdio: ('pipe' | 'ignore' | number)[] = ['pipe', 'pipe', 'pipe'];
    // At descriptor 40 of the child host, not close-on-exec: like `40<secret` in a shell.
    if (inherited !== undefined) stdio.push(...Array<'ignore'>(37).fill('ignore'), inherited);
    const child = spawn(
      process.execPath,
      [
        // As the package starts every isolate host (docs/sandbox.md, "Node's startup snapshot").
        NO_NODE_SNAPSHOT,
        '--import',
        'tsx',
        path.join(REPO_ROOT, 'test/sandbox/support/child-host.ts'),
        verifier,
        String(timeoutMs),
        isolation,
      ],
      { cwd: REPO_ROOT, stdio },
    );
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    return { child, exited, output: () => output };
  };

  it.runIf(FULLY_CONFINED).each(ISOLATION_MODES)(
    `process %s: a descriptor the host inherited from its shell is closed before the verifier runs${UNCONFINED}`,
    async (isolation) => {
      const secretFile = path.join(
        workdirParent,
        '..',
        `apb-test-inherited-${randomBytes(4).toString('hex')}`,
      );
      writeFileSync(secretFile, surface.secret);
      const descriptor = openSync(secretFile, 'r');
      try {
        const host = startChildHost(
          isolation,
          hostileVerifier('reads_inherited_descriptor.py'),
          10_000,
          descriptor,
        );
        await host.exited;
        const record = JSON.parse(host.output().split('\n').at(-2) ?? '{}') as EvaluationRecord;
        expect(record).toMatchObject({
          verdict: 'fail',
          explanation: 'only stdin, stdout and stderr',
        });
        expect(host.output()).not.toContain(surface.secret);
      } finally {
        closeSync(descriptor);
        rmSync(secretFile, { force: true });
      }
    },
    20_000,
  );

  const killedWithHost = FULLY_CONFINED && found.parentDeathSignal;
  it
    .runIf(killedWithHost)
    .each(
      ISOLATION_MODES.flatMap((isolation) =>
        (['SIGTERM', 'SIGKILL'] as const).map((signal) => [isolation, signal] as const),
      ),
    )(
    `process %s: stopping the host (%s) mid-evaluation kills the whole sandbox, not at the time limit but at once${killedWithHost ? '' : ' (SKIPPED: needs namespaces and setpriv --pdeathsig)'}`,
    async (isolation, signal) => {
      const marker = `${HOSTILE_MARKER_PREFIX}outlives-host`;
      const host = startChildHost(isolation, hostileVerifier('outlives_host.py'), 60_000);
      try {
        const deadline = Date.now() + 15_000;
        // The helper's pids as first seen (a second scan could miss one that just ended).
        let helpers = processesMatching(marker);
        while (helpers.length === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          helpers = processesMatching(marker);
        }
        expect(helpers.length).toBeGreaterThan(0);
        host.child.kill(signal);
        await host.exited;
        expect(await waitUntilNoProcessMatches(marker, 3_000)).toEqual([]);
      } finally {
        // A host that never got that far must not leave its helper to the next case.
        host.child.kill('SIGKILL');
      }
    },
    30_000,
  );

  it.each(PROCESS_KEYS)(
    '%s: the Python verifier saw only the scrubbed environment',
    async (key) => {
      const record = await evaluate(key, hostileVerifier('reads_env.py'));
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
    },
  );
});
