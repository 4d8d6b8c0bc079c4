// Isolate-runtime evaluations in a host process of its own, for tests about the host process
// itself: that a verifier cannot abort it, and that it exits cleanly after closing the runtime.
// Usage: node --import tsx isolate-child-host.ts <pooled|fresh> [--exit] <verifier>...; prints
// each record as a line of JSON, then `closed` once the runtime is closed, and exits on its
// own, or with `--exit` at once by `process.exit(0)` (as a CLI command that is done does).
import {
  createFakeReplica,
  launchTask,
  MISPOSTED_WORKSPACE,
  QUIET_WORKSPACE,
} from '../../../fixtures/verifiers/chat-workspace.js';
import { createRuntime } from '../../../src/sandbox/runtime.js';

const [isolation = 'pooled', ...rest] = process.argv.slice(2);
const exitAtOnce = rest[0] === '--exit';
const verifiers = exitAtOnce ? rest.slice(1) : rest;
const runtime = await createRuntime('isolate', {
  limits: { timeoutMs: 10_000, memoryMb: 64 },
  isolate: { isolation: isolation === 'fresh' ? 'fresh' : 'pooled' },
});
for (const verifier of verifiers) {
  const record = await runtime.evaluate({
    verifier,
    task: launchTask(),
    before: createFakeReplica(QUIET_WORKSPACE),
    after: createFakeReplica(MISPOSTED_WORKSPACE),
  });
  process.stdout.write(`${JSON.stringify(record)}\n`);
}
await runtime.close();
process.stdout.write('closed\n');
if (exitAtOnce) process.exit(0);
