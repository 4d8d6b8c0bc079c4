import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createFakeReplica,
  launchTask,
  POSTED_WORKSPACE,
  QUIET_WORKSPACE,
} from '../../../fixtures/verifiers/chat-workspace.js';
import { probeConfinement } from '../../../src/sandbox/process/confinement.js';
import { createProcessRuntime } from '../../../src/sandbox/process/process-runtime.js';
import { tempVerifierDir } from '../support/temp-verifiers.js';
import { KEY_CALLS_PY } from './support/keyring-helpers.js';

// Kernel keyrings (docs/sandbox.md, "Keyrings"). Evaluations as their own uids in both modes
// need root, namespaces and cgroups; the machine's own keyrings are read from /proc.
const found = await probeConfinement();
const CONFINED = found.namespaces && found.unprivileged && found.cgroups;
const SKIPPED = CONFINED ? '' : ' (SKIPPED: needs root, namespaces, setpriv and cgroups)';

const temp = tempVerifierDir();
const workdirs = mkdtempSync(path.join(tmpdir(), 'apb-test-keyrings-'));
afterAll(() => {
  temp.remove();
  rmSync(workdirs, { recursive: true, force: true });
});

const HOST_KEY = `apb-host-key-${process.pid}`;
const NOTE = `apb-evaluation-note-${process.pid}`;

/** Lines of /proc/key-users and /proc/keys that name `uid`, once the kernel's key collector has run. */
async function keyStateOf(uid: number): Promise<string[]> {
  const lines = () => [
    ...readFileSync('/proc/key-users', 'utf8')
      .split('\n')
      .filter((line) => line.trim().startsWith(`${uid}:`)),
    ...readFileSync('/proc/keys', 'utf8')
      .split('\n')
      .filter((line) => line.split(/\s+/)[5] === String(uid)),
  ];
  // The collector frees an evaluation's keys from a work queue shortly after its last
  // process exits: look a few times before calling what is left a leftover.
  for (let tries = 0; tries < 50 && lines().length > 0; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return lines();
}

describe.runIf(CONFINED)(`the process runtime's kernel keyrings${SKIPPED}`, () => {
  it('on a host with a session keyring: each evaluation, warm or cold, starts in an empty session keyring of its own, without the host key or an earlier evaluation', async () => {
    const probe = temp.write(
      'keyring_probe.py',
      `${KEY_CALLS_PY}
def verify(task, before, after):
    fields = [
        "session=" + describe(SESSION).split(";")[-1],
        "keys=" + str(keys_in(SESSION)),
        "host=" + str(search("${HOST_KEY}")),
        "earlier=" + str(search("${NOTE}")),
        "added=" + ("yes" if isinstance(add_key("${NOTE}", SESSION), int) else "no"),
    ]
    return {"verdict": "unknown", "explanation": " ".join(fields)}
`,
    );
    // The "host": a process with a session keyring of its own holding a key, which runs the
    // runtime in a Node process that inherits that keyring.
    const host = `${KEY_CALLS_PY}
import sys
assert isinstance(keyctl(1, 0), int), "join a session keyring"
assert isinstance(add_key("${HOST_KEY}", SESSION), int), "add the host key"
os.execvp(sys.argv[1], sys.argv[1:])
`;
    const driver = path.join(import.meta.dirname, 'support', 'keyring-host.ts');
    const result = await execa(
      'python3',
      ['-c', host, process.execPath, '--import', 'tsx', driver, probe, workdirs],
      { reject: false, cwd: path.resolve(import.meta.dirname, '../../..') },
    );
    if (result.exitCode !== 0) throw new Error(`the host process failed: ${result.stderr}`);
    const explanations = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '') as Record<
      string,
      string[]
    >;
    const fresh = 'session=_ses keys=0 host=ENOKEY earlier=ENOKEY added=yes';
    expect(explanations).toEqual({ warm: [fresh, fresh], cold: [fresh, fresh] });
  }, 180_000);

  it('refuses the calls that reach past that keyring, and leaves no key state of the uid behind (a host without a session keyring: the user keyrings)', async () => {
    const reach = temp.write(
      'keyring_reach.py',
      `${KEY_CALLS_PY}
def verify(task, before, after):
    own = add_key("${NOTE}", SESSION)
    attempts = [
        ("own session key", "ok" if isinstance(own, int) else own),
        ("user keyring", keyctl(0, USER, 1)),
        ("user session keyring", keyctl(0, USER_SESSION, 1)),
        ("key into the user keyring", add_key("${NOTE}", USER)),
        ("persistent keyring", keyctl(22, -1, SESSION)),
        ("named session keyring", keyctl(1, b"apb-shared")),
        ("open a key to every uid", keyctl(5, own, 0x3F3F3F3F) if isinstance(own, int) else own),
        ("request_key", request_key("${NOTE}")),
    ]
    return {"verdict": "unknown", "explanation": str(os.getuid()) + "|" + ",".join("%s: %s" % pair for pair in attempts)}
`,
    );
    const refused =
      'own session key: ok,user keyring: EPERM,user session keyring: EPERM,key into the user keyring: EPERM,persistent keyring: EPERM,named session keyring: EPERM,open a key to every uid: EPERM,request_key: EPERM';
    for (const isolation of ['pooled', 'fresh'] as const) {
      const runtime = await createProcessRuntime(
        { timeoutMs: 20_000, memoryMb: 256 },
        { tempDir: workdirs, isolation },
      );
      try {
        expect(runtime.isolation.measures).toEqual(
          expect.arrayContaining(['session-keyring-per-evaluation', 'keyring-calls-filtered']),
        );
        const record = await runtime.evaluate({
          verifier: reach,
          task: launchTask(),
          before: createFakeReplica(QUIET_WORKSPACE),
          after: createFakeReplica(POSTED_WORKSPACE),
        });
        const [uid, attempts] = (record.explanation ?? '').split('|');
        expect({ mode: runtime.mode, attempts }).toEqual({
          mode: isolation === 'pooled' ? 'warm' : 'cold',
          attempts: refused,
        });
        expect(Number(uid)).toBeGreaterThanOrEqual(1_500_000_000);
        expect(await keyStateOf(Number(uid))).toEqual([]);
      } finally {
        await runtime.close();
      }
    }
  }, 120_000);
});
