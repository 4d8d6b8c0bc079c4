import path from 'node:path';
import { AgentProofBenchError } from '../src/contract/error.js';
import { ERROR_KINDS, type EvaluationRecord } from '../src/contract/record.js';
import { evaluateCase } from '../src/evaluation/evaluate-case.js';
import type { CaseHandle } from '../src/pack/pack-handle.js';
import type { Limits } from '../src/sandbox/limits.js';
import { createRuntime, type Runtime, type RuntimeName } from '../src/sandbox/runtime.js';

/**
 * What `expect(…)` may receive: a verifier path (relative to the cwd), a path with a
 * runtime and limits, or an evaluation record that was already produced (the generated
 * cases pass their record so the verifier runs once per case).
 */
export type VerifierUnderTest =
  | string
  | { module: string; runtime?: RuntimeName | Runtime; limits?: Partial<Limits> }
  | EvaluationRecord;

const runtimes = new Map<RuntimeName, Promise<Runtime>>();

/** One runtime per kind for hand-written matcher calls, created on first use. */
function sharedRuntime(name: RuntimeName): Promise<Runtime> {
  let runtime = runtimes.get(name);
  if (!runtime) {
    runtime = createRuntime(name);
    runtimes.set(name, runtime);
  }
  return runtime;
}

export function isEvaluationRecord(value: unknown): value is EvaluationRecord {
  if (typeof value !== 'object' || value === null || !('verdict' in value)) return false;
  const record = value as { verdict: unknown; kind?: unknown };
  if (record.verdict === 'error') return (ERROR_KINDS as readonly unknown[]).includes(record.kind);
  return record.verdict === 'pass' || record.verdict === 'fail' || record.verdict === 'unknown';
}

/** Short name of the received value for the matcher hint. */
export function describeReceived(received: VerifierUnderTest): string {
  if (typeof received === 'string') return path.basename(received);
  if ('module' in received) return path.basename(received.module);
  return 'record';
}

/** Run the verifier on the case (or take the given record). Rejects on a value that is none of the accepted forms. */
export async function recordFor(received: unknown, handle: CaseHandle): Promise<EvaluationRecord> {
  if (isEvaluationRecord(received)) return received;
  let module: string;
  let runtime: Runtime;
  let limits: Partial<Limits> | undefined;
  if (typeof received === 'string') {
    module = path.resolve(received);
    runtime = await sharedRuntime(module.endsWith('.py') ? 'process' : 'isolate');
  } else if (
    typeof received === 'object' &&
    received !== null &&
    typeof (received as { module?: unknown }).module === 'string'
  ) {
    const given = received as {
      module: string;
      runtime?: RuntimeName | Runtime;
      limits?: Partial<Limits>;
    };
    module = path.resolve(given.module);
    runtime =
      typeof given.runtime === 'object'
        ? given.runtime
        : await sharedRuntime(given.runtime ?? (module.endsWith('.py') ? 'process' : 'isolate'));
    limits = given.limits;
  } else {
    throw new AgentProofBenchError(
      'APB_MATCHER_INPUT',
      `agentproofbench matchers expect a verifier path, {module, runtime?, limits?} or an evaluation record; received ${JSON.stringify(received) ?? String(received)}`,
      { fix: 'pass a verifier path, {module, runtime?, limits?} or an evaluation record' },
    );
  }
  const result = await evaluateCase({
    runtime,
    task: handle.task,
    case: handle.case,
    program: { id: path.basename(module), set: 'default' },
    module,
    limits,
  });
  return result.record;
}
