// Runs inside the isolate: the only code besides the verifier's own. It is bundled with
// the verifier (imported below under a virtual name) and with the real client, so the
// four methods and BudgetExhaustedError are exactly those of src/services/client.ts.
// The frozen clock, the removal of GC observers, shared memory and WebAssembly, and the bound
// on resizable buffers come first: ES modules evaluate in import order, so they are in place
// before the verifier's own module body runs.
import './frozen-clock.js';
import './no-gc-observers.js';
import './no-shared-memory.js';
import './no-webassembly.js';
import './bounded-array-buffers.js';
import * as verifierModule from 'agentproofbench:verifier';
import type { PublicTask } from '../../contract/verifier.js';
import type { ApiRequest, ApiResponse } from '../../services/api.js';
import { createApiClient } from '../../services/client.js';
import { validateVerifierResult } from '../result-shape.js';
import { describeThrown, pickVerifyExport } from '../verify-export.js';

/**
 * The host's call handler (an `ivm.Callback`: a plain function in here, run synchronously on
 * the host). Texts from the host come as the one element of an array: isolated-vm copies an
 * array into the heap, where a bare string of 1 KB or more would become an external string,
 * counted outside the heap until V8 collects it, which would hide what the verifier left there
 * from the pool's check (docs/sandbox.md, "Pooled and fresh isolates").
 */
export type HostBridge = (side: string, requestJson: string) => [string];

/** The public task's JSON, as the one element of an array (see HostBridge). */
export type TaskText = [string];

/** The host's function that receives the one answer. */
export type HostCallback = (answerJson: string) => void;

/**
 * The entry the host calls once. It returns at once; the answer goes to `done` when the
 * verifier settles, so no promise has to cross the isolate boundary.
 */
export function start(bridge: HostBridge, task: TaskText, done: HostCallback): void {
  run(bridge, task[0]).then(
    (answer) => done(answer),
    // Only reachable if the verifier broke the guest's own globals (JSON, Promise).
    (error: unknown) =>
      done(
        JSON.stringify({
          type: 'failed',
          kind: 'malformed',
          message: `the guest failed: ${describeThrown(error)}`,
        }),
      ),
  );
}

/**
 * V8 refuses an ArrayBuffer (or typed array) the isolate's memory limit has no room for
 * with this RangeError, which a verifier cannot prevent by catching: it ran out of memory.
 */
function isAllocationRefusal(error: unknown): boolean {
  try {
    return error instanceof RangeError && error.message === 'Array buffer allocation failed';
  } catch {
    return false;
  }
}

/**
 * Run the verifier. Everything crosses as JSON strings so no object is shared
 * with the host; the answer is `{type: 'returned', value}` or `{type: 'failed', kind, message}`.
 */
export async function run(bridge: HostBridge, taskJson: string): Promise<string> {
  const picked = pickVerifyExport(verifierModule);
  if (!picked.ok)
    return JSON.stringify({ type: 'failed', kind: 'malformed', message: picked.message });
  const clientFor = (side: string) =>
    createApiClient(
      async (request: ApiRequest) =>
        JSON.parse(bridge(side, JSON.stringify(request))[0]) as ApiResponse,
    );
  let value: unknown;
  try {
    value = await picked.verify(
      JSON.parse(taskJson) as PublicTask,
      clientFor('before'),
      clientFor('after'),
    );
  } catch (error) {
    const kind = isAllocationRefusal(error) ? 'memory' : 'exception';
    return JSON.stringify({ type: 'failed', kind, message: describeThrown(error) });
  }
  // Validate here, before JSON.stringify would silently drop functions or turn NaN into null.
  const validation = validateVerifierResult(value);
  if (!validation.ok)
    return JSON.stringify({ type: 'failed', kind: 'malformed', message: validation.message });
  return JSON.stringify({ type: 'returned', value: validation.result });
}
