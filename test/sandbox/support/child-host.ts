// One process-runtime evaluation in a host process of its own, for tests that need control
// over the host itself: what descriptors it inherited, or stopping it mid-evaluation.
// Usage: node --import tsx child-host.ts <verifier> <timeoutMs> [pooled|fresh]; prints `started`,
// then the record as JSON.
import {
  createFakeReplica,
  launchTask,
  MISPOSTED_WORKSPACE,
  QUIET_WORKSPACE,
} from '../../../fixtures/verifiers/chat-workspace.js';
import { createRuntime } from '../../../src/sandbox/runtime.js';

const [verifier = '', timeoutMs = '10000', isolation = 'pooled'] = process.argv.slice(2);
const runtime = await createRuntime('process', {
  limits: { timeoutMs: Number(timeoutMs), memoryMb: 256 },
  process: { isolation: isolation === 'fresh' ? 'fresh' : 'pooled' },
});
const evaluation = runtime.evaluate({
  verifier,
  task: launchTask(),
  before: createFakeReplica(QUIET_WORKSPACE),
  after: createFakeReplica(MISPOSTED_WORKSPACE),
});
process.stdout.write('started\n');
process.stdout.write(`${JSON.stringify(await evaluation)}\n`);
await runtime.close();
