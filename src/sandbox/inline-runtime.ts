import { pathToFileURL } from 'node:url';
import type { EvaluationRecord } from '../contract/record.js';
import type { PublicTask } from '../contract/verifier.js';
import { createApiClient } from '../services/client.js';
import {
  type EvaluationSession,
  unsupportedVerifierOutcome,
  type VerifierOutcome,
} from './evaluation-session.js';
import type { Limits } from './limits.js';
import { type RuntimeFrame, registerFrame, runEvaluation } from './run-evaluation.js';
import type { EvaluationInput, IsolationReport, Runtime } from './runtime-interface.js';
import type { SandboxedVerifierSpec } from './verifier-spec.js';
import { describeThrown, pickVerifyExport } from './verify-export.js';

/**
 * Runs the verifier in the calling process so a debugger can stop in it. Nothing is
 * isolated: a verifier can read files, hold the event loop or tamper with globals here,
 * and every report says so through `isolation.level: 'none'`. Node caches each module for
 * the life of the process, so an edited verifier needs a new process here (not in the isolate).
 */
export class InlineRuntime implements Runtime {
  readonly name = 'inline';
  readonly isolation: IsolationReport = {
    level: 'none',
    measures: ['fresh-operation-budget', 'write-detection', 'timeout-of-pending-promises'],
    missing: [
      'separate-heap',
      'memory-limit',
      'timeout-of-synchronous-code',
      'file-system-denied',
      'network-denied',
      'environment-hidden',
      'process-spawn-denied',
    ],
  };
  readonly #frame: RuntimeFrame;

  constructor(limits: Partial<Limits> = {}) {
    this.#frame = { limits, run: runInline };
    registerFrame(this, this.#frame, InlineRuntime.prototype.evaluate);
  }

  evaluate(input: EvaluationInput): Promise<EvaluationRecord> {
    return runEvaluation(this.#frame, input);
  }

  async close(): Promise<void> {}
}

async function runInline(
  spec: SandboxedVerifierSpec,
  task: PublicTask,
  session: EvaluationSession,
): Promise<VerifierOutcome> {
  if (spec.kind !== 'module') return unsupportedVerifierOutcome('inline', spec.kind);
  let module: unknown;
  try {
    module = await import(pathToFileURL(spec.path).href);
  } catch (error) {
    return {
      type: 'failed',
      kind: 'exception',
      message: `cannot load the verifier module: ${describeThrown(error)}`,
    };
  }
  const picked = pickVerifyExport(module);
  if (!picked.ok) return { type: 'failed', kind: 'malformed', message: picked.message };
  const before = createApiClient(async (request) => session.serve('before', request));
  const after = createApiClient(async (request) => session.serve('after', request));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<VerifierOutcome>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          type: 'failed',
          kind: 'timeout',
          message: `timed out after ${session.limits.timeoutMs} ms`,
        }),
      session.limits.timeoutMs,
    );
  });
  const run = (async (): Promise<VerifierOutcome> => {
    try {
      // The task's view is frozen and shared by its evaluations (public-task.ts); a verifier
      // gets a copy of its own, as one in an isolate or a process does.
      const own = structuredClone(task);
      return { type: 'returned', value: await picked.verify(own, before, after) };
    } catch (error) {
      return { type: 'failed', kind: 'exception', message: describeThrown(error) };
    }
  })();
  try {
    return await Promise.race([run, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
