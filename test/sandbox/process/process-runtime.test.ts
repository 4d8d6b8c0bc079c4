import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFakeReplica,
  launchTask,
  MISPOSTED_WORKSPACE,
  POSTED_WORKSPACE,
  QUIET_WORKSPACE,
} from '../../../fixtures/verifiers/chat-workspace.js';
import type { EvaluationRecord } from '../../../src/contract/record.js';
import { probeConfinement } from '../../../src/sandbox/process/confinement.js';
import {
  createProcessRuntime,
  type ProcessRuntime,
} from '../../../src/sandbox/process/process-runtime.js';
import {
  evaluationWorkdirs,
  HOSTILE_MARKER_PREFIX,
  hostileVerifier,
  okVerifier,
  waitUntilNoProcessMatches,
} from '../support/fixtures.js';
import { tempVerifierDir } from '../support/temp-verifiers.js';

const withoutDuration = ({ durationMs: _durationMs, ...rest }: EvaluationRecord) => rest;
const temp = tempVerifierDir();
const workdirs = mkdtempSync(path.join(tmpdir(), 'apb-test-process-workdirs-'));
let runtime: ProcessRuntime;
let fallback: ProcessRuntime;

beforeAll(async () => {
  runtime = await createProcessRuntime({ timeoutMs: 10_000, memoryMb: 256 }, { tempDir: workdirs });
  fallback = await createProcessRuntime(
    { timeoutMs: 10_000, memoryMb: 256 },
    { tempDir: workdirs, confinement: { namespaces: false } },
  );
});
afterAll(() => {
  temp.remove();
  rmSync(workdirs, { recursive: true, force: true });
});

const evaluate = (
  target: ProcessRuntime,
  verifier: Parameters<ProcessRuntime['evaluate']>[0]['verifier'],
  after = POSTED_WORKSPACE,
) =>
  target.evaluate({
    verifier,
    task: launchTask(),
    before: createFakeReplica(QUIET_WORKSPACE),
    after: createFakeReplica(after),
  });

describe('ProcessRuntime with the Python runner', () => {
  it('runs a Python verifier end to end, with the same checks as its TS twin', async () => {
    expect(await evaluate(runtime, okVerifier('launch_summary.py'))).toMatchObject({
      verdict: 'pass',
      operations: 4,
      checks: [
        { name: 'actor posted in #launch-review', ok: true },
        {
          name: 'the post states go or no-go',
          ok: true,
          detail: 'Go/no-go: GO for Tuesday, checklist signed off',
        },
      ],
    });
    expect(
      await evaluate(runtime, okVerifier('launch_summary.py'), MISPOSTED_WORKSPACE),
    ).toMatchObject({ verdict: 'fail', operations: 4 });
    expect(evaluationWorkdirs(workdirs)).toEqual([]);
  });

  it('gives identical records (apart from duration) in two runs', async () => {
    const first = await evaluate(runtime, okVerifier('launch_summary.py'));
    const second = await evaluate(runtime, okVerifier('launch_summary.py'));
    expect(withoutDuration(second)).toEqual(withoutDuration(first));
  });

  it('hands the verifier the public task and clients with all four methods', async () => {
    const probe = temp.write(
      'probe.py',
      `def verify(task, before, after):
    full = before.request("GET", "/conversations.list")
    body = after.get("/conversations.history", {"channel": "C100"})
    refused = after.post("/chat.postMessage", {"text": "x"})
    gql = before.graphql("{ viewer { id } }")
    return {"verdict": "unknown", "explanation": "|".join([",".join(sorted(task)), str(full["status"]), str(len(body["messages"])), refused["error"], str(gql["error"])])}
`,
    );
    const full = { ...launchTask(), reference: { secret: true } };
    const record = await runtime.evaluate({
      verifier: probe,
      task: full,
      before: createFakeReplica(QUIET_WORKSPACE),
      after: createFakeReplica(POSTED_WORKSPACE),
    });
    // The post is a write: refused by the replica, and the record is `denied` whatever the verifier said.
    expect(record).toMatchObject({
      verdict: 'error',
      kind: 'denied',
      operations: 4,
      explanation: 'actor,docs,id,instruction,service|200|1|restricted_action|restricted_action',
    });
  });

  it('keeps print() and child output off the protocol stream', async () => {
    const chatty = temp.write(
      'chatty.py',
      `import subprocess

def verify(task, before, after):
    print("debugging: starting")
    subprocess.run(["echo", "child says hi"], check=True)
    return {"verdict": "pass"}
`,
    );
    expect(await evaluate(runtime, chatty)).toMatchObject({ verdict: 'pass' });
  });

  it('reports non-JSON results, a missing verify and a broken module body', async () => {
    const setResult = temp.write(
      'set-result.py',
      `def verify(task, before, after):\n    return {"verdict": "pass", "checks": {"a", "b"}}\n`,
    );
    expect(await evaluate(runtime, setResult)).toMatchObject({
      kind: 'malformed',
      message: expect.stringMatching(
        /^the result is not plain JSON: TypeError: Object of type set/,
      ),
    });
    const noVerify = temp.write(
      'no-verify.py',
      `def check(task, before, after):\n    return {"verdict": "pass"}\n`,
    );
    expect(await evaluate(runtime, noVerify)).toMatchObject({
      kind: 'malformed',
      message: 'the verifier module defines no verify function',
    });
    const badBody = temp.write('bad-body.py', `import not_a_module_anywhere\n`);
    expect(await evaluate(runtime, badBody)).toMatchObject({
      kind: 'exception',
      message:
        "cannot load the verifier module: ModuleNotFoundError: No module named 'not_a_module_anywhere'",
    });
    expect(await evaluate(runtime, okVerifier('absent.py'))).toMatchObject({
      kind: 'exception',
      message: expect.stringContaining('absent.py does not exist'),
    });
  });

  it('still works, and says what is missing, without namespaces', async () => {
    expect(fallback.isolation.missing).toEqual(
      expect.arrayContaining([
        'network-namespace',
        'mount-namespace-hides-pack',
        'unprivileged-uid',
      ]),
    );
    expect(fallback.isolation.measures).toContain('process-group-kill');
    expect(withoutDuration(await evaluate(fallback, okVerifier('launch_summary.py')))).toEqual(
      withoutDuration(await evaluate(runtime, okVerifier('launch_summary.py'))),
    );
    expect(evaluationWorkdirs(workdirs)).toEqual([]);
  });

  it('without a PID namespace, still ends a detached child that left the process group', async () => {
    expect(fallback.isolation.measures).toContain('environment-tagged-orphan-kill');
    expect(await evaluate(fallback, hostileVerifier('forks_orphan.py'))).toMatchObject({
      verdict: 'pass',
      explanation: 'a child keeps running',
    });
    expect(await waitUntilNoProcessMatches(`${HOSTILE_MARKER_PREFIX}orphan`)).toEqual([]);
  });

  it('without cgroups, measures the whole process tree: forked children cannot multiply the memory limit', async () => {
    const watched = await createProcessRuntime(
      { timeoutMs: 10_000, memoryMb: 64 },
      { tempDir: workdirs, confinement: { cgroups: false } },
    );
    expect(watched.isolation.measures).toContain('evaluation-memory-watch');
    expect(watched.isolation.missing).toContain('evaluation-memory-cgroup');
    expect(await evaluate(watched, hostileVerifier('forks_memory.py'))).toMatchObject({
      verdict: 'error',
      kind: 'memory',
      message: "the verifier's processes together exceeded the memory limit of 64 MB",
    });
  });

  it('reports the namespace measures it found on this machine', async () => {
    const found = await probeConfinement();
    expect(runtime.isolation.measures.includes('network-namespace')).toBe(found.namespaces);
    expect(runtime.isolation.measures.includes('unprivileged-uid')).toBe(found.unprivileged);
  });
});

describe('ProcessRuntime with any executable', () => {
  it("treats garbage on stdout as a malformed answer (the program's doing, not the harness's)", async () => {
    expect(
      await evaluate(runtime, { kind: 'command', command: 'echo', args: ['ALL CHECKS PASSED'] }),
    ).toMatchObject({
      verdict: 'error',
      kind: 'malformed',
      message: 'protocol violation: stdout line is not JSON: "ALL CHECKS PASSED"',
    });
  });

  it('stops reading a stdout line that grows past the message limit', async () => {
    const endless = {
      kind: 'command' as const,
      command: 'sh',
      args: ['-c', 'head -c 17000000 /dev/zero | tr "\\0" x; sleep 5'],
    };
    expect(await evaluate(runtime, endless)).toMatchObject({
      kind: 'malformed',
      message: 'protocol violation: a stdout line longer than 16777216 bytes',
    });
  });

  it("treats a clean or failing exit without a result as the program's exception, a missing executable as a crash", async () => {
    expect(await evaluate(runtime, { kind: 'command', command: 'true' })).toMatchObject({
      kind: 'exception',
      message: 'exited without sending a result',
    });
    expect(
      await evaluate(runtime, {
        kind: 'command',
        command: 'sh',
        args: ['-c', 'echo broken >&2; exit 4'],
      }),
    ).toMatchObject({ kind: 'exception', message: 'exited with code 4; stderr: broken' });
    for (const target of [runtime, fallback])
      expect(
        await evaluate(target, { kind: 'command', command: 'agentproofbench-no-such-program' }),
      ).toMatchObject({
        kind: 'crash',
        message: expect.stringContaining('agentproofbench-no-such-program'),
      });
  });

  it('serves a protocol conversation from any language (here: a shell script)', async () => {
    const script = [
      'read start',
      'echo \'{"type":"call","id":1,"side":"after","request":{"method":"GET","path":"/conversations.list"}}\'',
      'read response',
      'case "$response" in *launch-review*) v=pass;; *) v=fail;; esac',
      'echo "{\\"type\\":\\"result\\",\\"result\\":{\\"verdict\\":\\"$v\\"}}"',
    ].join('\n');
    expect(
      await evaluate(runtime, { kind: 'command', command: 'sh', args: ['-c', script] }),
    ).toMatchObject({ verdict: 'pass', operations: 1 });
  });

  it('refuses a JS/TS module with a crash record that says which runtime to use', async () => {
    expect(await evaluate(runtime, okVerifier('launch-summary.ts'))).toMatchObject({
      kind: 'crash',
      message: expect.stringContaining('use the isolate runtime'),
    });
  });
});

/** Host pids of this process's warm parents alive now (not what they forked: its parent is a warm parent too). */
function warmParentPids(): number[] {
  const marker = 'python3 agentproofbench_runner.py --warm';
  const commandLine = (pid: number | string) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      return '';
    }
  };
  const parentOf = (pid: number | string) => {
    try {
      return Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  const ours = (pid: number) => {
    for (let parent = parentOf(pid); parent > 1; parent = parentOf(parent))
      if (parent === process.pid) return true;
    return false;
  };
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && commandLine(entry) === marker)
    .map(Number)
    .filter((pid) => commandLine(parentOf(pid)) !== marker && ours(pid));
}

/**
 * Warm parents, sampled until two looks 100 ms apart agree: while an evaluation's processes
 * are torn down, one of them is briefly re-parented and looks like a warm parent.
 */
async function settledWarmParentPids(): Promise<number[]> {
  let last = warmParentPids().sort();
  for (let tries = 0; tries < 30; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = warmParentPids().sort();
    if (now.join() === last.join()) return now;
    last = now;
  }
  return last;
}

const found = await probeConfinement();
const WARM = found.namespaces && found.unprivileged && found.cgroups;
const NOT_WARM = WARM ? '' : ' (SKIPPED: needs namespaces, setpriv and cgroups)';

describe.runIf(WARM)(`ProcessRuntime, warm and cold${NOT_WARM}`, () => {
  let cold: ProcessRuntime;
  beforeAll(async () => {
    cold = await createProcessRuntime(
      { timeoutMs: 10_000, memoryMb: 256 },
      { tempDir: workdirs, isolation: 'fresh' },
    );
  });
  afterAll(() => cold.close());

  it('forks Python verifiers from a warm parent by default, a new process per evaluation when fresh', async () => {
    expect(runtime.mode).toBe('warm');
    expect(cold.mode).toBe('cold');
    expect(fallback.mode).toBe('cold');
    expect(withoutDuration(await evaluate(runtime, okVerifier('launch_summary.py')))).toEqual(
      withoutDuration(await evaluate(cold, okVerifier('launch_summary.py'))),
    );
  });

  it('gives each warm evaluation its own uid, cgroups, PID namespace and /tmp, with no capabilities', async () => {
    const probe = temp.write(
      'whoami.py',
      `import os, pwd, random

def verify(task, before, after):
    status = dict(line.split(":", 1) for line in open("/proc/self/status").read().splitlines())
    fields = [str(os.getuid()), str(os.getgid()), pwd.getpwuid(os.getuid()).pw_name, str(os.getpid())]
    fields += [status[key].strip() for key in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb", "NoNewPrivs")]
    fields.append(",".join(sorted(line.strip().split(":", 2)[2] for line in open("/proc/self/cgroup") if ":memory:" in line or ":pids:" in line)))
    fields.append(",".join(sorted(os.listdir("/tmp"))))
    fields.append(",".join(sorted(os.listdir("/proc/self/fd"))))
    fields.append(str(random.getrandbits(64)))
    return {"verdict": "unknown", "explanation": "|".join(fields)}
`,
    );
    const seen = [];
    for (const target of [runtime, runtime, cold]) {
      const record = await evaluate(target, probe);
      seen.push((record.explanation ?? '').split('|'));
    }
    const [first, second, coldSeen] = seen as string[][];
    for (const fields of [first, second] as string[][]) {
      const [uid, gid, name, pid, ...rest] = fields;
      expect(Number(uid)).toBeGreaterThanOrEqual(1_500_000_000);
      expect(gid).toBe(uid);
      expect(name).toBe('sandbox');
      // PID 1 is the evaluation's own init; the verifier is its first child.
      expect(pid).toBe('2');
      expect(rest.slice(0, 6)).toEqual([
        '0000000000000000',
        '0000000000000000',
        '0000000000000000',
        '0000000000000000',
        '0000000000000000',
        '1',
      ]);
      expect(rest[6]).toMatch(/^\/agentproofbench-\d+-[0-9a-f]+,\/agentproofbench-\d+-[0-9a-f]+$/);
      expect(rest[7]).toBe('agentproofbench_runner.py,verifier.py');
      // 0, 1, 2, the runner's two protocol descriptors and the listing's own: nothing else.
      expect(rest[8]).toBe('0,1,2,3,4,5');
    }
    expect(first?.[0]).not.toBe(second?.[0]);
    // Reseeded per fork (random's own at-fork hook), though the warm parent imported it.
    expect(first?.[13]).not.toBe(second?.[13]);
    expect(first?.[10]).not.toBe(second?.[10]);
    // The cold mode shows the same (its PID 1 is a shell, the verifier a later child).
    expect(coldSeen?.slice(4, 10)).toEqual(first?.slice(4, 10));
    expect(coldSeen?.slice(11, 13)).toEqual(first?.slice(11, 13));
  });

  it("holds each evaluation to its own memory limit, also when it differs from the prepared child's", async () => {
    const withLimit = (verifier: string, memoryMb: number) =>
      runtime.evaluate({
        verifier,
        task: launchTask(),
        before: createFakeReplica(QUIET_WORKSPACE),
        after: createFakeReplica(POSTED_WORKSPACE),
        limits: { memoryMb },
      });
    // Prepared at the runtime's 256 MB, lowered to 64 MB for this evaluation, raised again after.
    expect(await withLimit(hostileVerifier('forks_memory.py'), 64)).toMatchObject({
      kind: 'memory',
      message: "the verifier's processes together exceeded the memory limit of 64 MB",
    });
    expect(await withLimit(okVerifier('launch_summary.py'), 256)).toMatchObject({
      verdict: 'pass',
    });
  });

  it('keeps concurrent warm evaluations apart: no abstract Unix socket or host name is shared', async () => {
    const name = `apb-test-${process.pid}`;
    const listener = temp.write(
      'abstract_listen.py',
      `import socket, time

def verify(task, before, after):
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind("\\0${name}")
    server.listen(1)
    time.sleep(3)
    return {"verdict": "unknown", "explanation": "listened"}
`,
    );
    const client = temp.write(
      'abstract_connect.py',
      `import socket

def verify(task, before, after):
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        client.connect("\\0${name}")
    except OSError as error:
        return {"verdict": "fail", "explanation": type(error).__name__}
    return {"verdict": "pass", "explanation": "reached the other evaluation"}
`,
    );
    const listening = evaluate(runtime, listener);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await evaluate(runtime, client)).toMatchObject({
      verdict: 'fail',
      explanation: 'ConnectionRefusedError',
    });
    expect(await listening).toMatchObject({ explanation: 'listened' });
  });

  it("a child's timeout or crash leaves the warm parent running; the next evaluation forks from it", async () => {
    // The warm parents of both fixture folders.
    await evaluate(runtime, okVerifier('launch_summary.py'));
    await evaluate(runtime, hostileVerifier('throws.py'));
    const before = await settledWarmParentPids();
    expect(before.length).toBeGreaterThan(0);
    expect(
      await runtime.evaluate({
        verifier: hostileVerifier('infinite_loop.py'),
        task: launchTask(),
        before: createFakeReplica(QUIET_WORKSPACE),
        after: createFakeReplica(POSTED_WORKSPACE),
        limits: { timeoutMs: 300 },
      }),
    ).toMatchObject({ kind: 'timeout' });
    expect(await evaluate(runtime, hostileVerifier('killed_by_signal.py'))).toMatchObject({
      kind: 'exception',
      message: expect.stringContaining('killed by SIGKILL'),
    });
    expect(await evaluate(runtime, okVerifier('launch_summary.py'))).toMatchObject({
      verdict: 'pass',
    });
    expect(await settledWarmParentPids()).toEqual(before);
  });

  it('a warm parent that dies ends its running evaluation as a crash and is replaced for the next', async () => {
    const own = await createProcessRuntime(
      { timeoutMs: 10_000, memoryMb: 256 },
      { tempDir: workdirs },
    );
    try {
      const others = new Set(await settledWarmParentPids());
      // The warm parent of the hostile fixtures' folder.
      await evaluate(own, hostileVerifier('throws.py'));
      const [parent] = (await settledWarmParentPids()).filter((pid) => !others.has(pid));
      expect(parent).toBeDefined();
      const running = evaluate(own, hostileVerifier('never_settles.py'));
      await new Promise((resolve) => setTimeout(resolve, 500));
      process.kill(parent ?? 0, 'SIGKILL');
      expect(await running).toMatchObject({
        verdict: 'error',
        kind: 'crash',
        message: expect.stringContaining('the warm parent exited'),
      });
      expect(await evaluate(own, hostileVerifier('throws.py'))).toMatchObject({
        kind: 'exception',
      });
      const replacement = (await settledWarmParentPids()).filter((pid) => !others.has(pid));
      expect(replacement).toHaveLength(1);
      expect(replacement).not.toContain(parent);
    } finally {
      await own.close();
    }
    expect(evaluationWorkdirs(workdirs)).toEqual([]);
  });

  it('keeps at most four warm parents; one dropped mid-evaluation finishes that evaluation first', async () => {
    const own = await createProcessRuntime(
      { timeoutMs: 10_000, memoryMb: 256 },
      { tempDir: workdirs },
    );
    const folders = Array.from({ length: 5 }, () => tempVerifierDir());
    try {
      const others = new Set(await settledWarmParentPids());
      const ours = () => warmParentPids().filter((pid) => !others.has(pid));
      const slow = folders[0]?.write(
        'slow.py',
        'import time\n\ndef verify(task, before, after):\n    time.sleep(2)\n    return {"verdict": "pass"}\n',
      );
      const running = evaluate(own, slow ?? '');
      for (const folder of folders.slice(1))
        expect(
          await evaluate(
            own,
            folder.write(
              'quick.py',
              'def verify(task, before, after):\n    return {"verdict": "fail"}\n',
            ),
          ),
        ).toMatchObject({ verdict: 'fail' });
      // The fifth folder's parent made the first (least recently used) one retire, not die.
      expect(await running).toMatchObject({ verdict: 'pass' });
      const deadline = Date.now() + 3_000;
      while (ours().length > 4 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await settledWarmParentPids()).filter((pid) => !others.has(pid))).toHaveLength(4);
    } finally {
      await own.close();
      for (const folder of folders) folder.remove();
    }
  });

  it('close() ends the warm parents and removes their directories', async () => {
    const own = await createProcessRuntime(
      { timeoutMs: 10_000, memoryMb: 256 },
      { tempDir: workdirs },
    );
    const warmDirs = () =>
      readdirSync(workdirs).filter((entry) => entry.startsWith('agentproofbench-warm-'));
    const others = new Set(await settledWarmParentPids());
    const otherDirs = new Set(warmDirs());
    await evaluate(own, okVerifier('launch_summary.py'));
    expect((await settledWarmParentPids()).filter((pid) => !others.has(pid))).toHaveLength(1);
    expect(warmDirs().filter((dir) => !otherDirs.has(dir))).toHaveLength(1);
    await own.close();
    expect((await settledWarmParentPids()).filter((pid) => !others.has(pid))).toEqual([]);
    expect(warmDirs().filter((dir) => !otherDirs.has(dir))).toEqual([]);
  });
});
