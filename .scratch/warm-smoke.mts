import { createFakeReplica, launchTask, POSTED_WORKSPACE, QUIET_WORKSPACE } from '/work/wt/python/fixtures/verifiers/chat-workspace.js';
import { createProcessRuntime } from '/work/wt/python/src/sandbox/process/process-runtime.js';
const runtime = await createProcessRuntime({ timeoutMs: 10000, memoryMb: 256 }, {});
console.log(runtime.mode);
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  const r = await runtime.evaluate({ verifier: process.argv[2] ?? '/work/wt/python/fixtures/verifiers/ok/launch_summary.py', task: launchTask(), before: createFakeReplica(QUIET_WORKSPACE), after: createFakeReplica(POSTED_WORKSPACE) });
  console.log((performance.now() - t).toFixed(1), JSON.stringify(r).slice(0, 300));
}
await runtime.close();
