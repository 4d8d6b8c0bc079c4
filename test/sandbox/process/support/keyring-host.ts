// Run by test/sandbox/process/keyrings.test.ts in a process whose session keyring the test
// made (holding a key of the "host"): evaluates one verifier twice in each mode of the
// process runtime and prints the explanations as JSON.
import {
  createFakeReplica,
  launchTask,
  POSTED_WORKSPACE,
  QUIET_WORKSPACE,
} from '../../../../fixtures/verifiers/chat-workspace.js';
import { createProcessRuntime } from '../../../../src/sandbox/process/process-runtime.js';

const [verifier, tempDir] = process.argv.slice(2);
if (!verifier || !tempDir) throw new Error('usage: keyring-host.ts VERIFIER.py TEMP_DIR');
const explanations: Record<string, string[]> = {};
for (const isolation of ['pooled', 'fresh'] as const) {
  const runtime = await createProcessRuntime(
    { timeoutMs: 20_000, memoryMb: 256 },
    { tempDir, isolation },
  );
  explanations[runtime.mode] = [];
  for (let run = 0; run < 2; run += 1) {
    const record = await runtime.evaluate({
      verifier,
      task: launchTask(),
      before: createFakeReplica(QUIET_WORKSPACE),
      after: createFakeReplica(POSTED_WORKSPACE),
    });
    explanations[runtime.mode]?.push(record.explanation ?? JSON.stringify(record));
  }
  await runtime.close();
}
process.stdout.write(`${JSON.stringify(explanations)}\n`);
