import type { PublicTask } from '../contract/verifier.js';
import { createApiClient } from '../services/client.js';
import type { EvaluationSession, VerifierOutcome } from './evaluation-session.js';
import type { VerifierSpec } from './verifier-spec.js';

/**
 * Run an online judge on the host. Its tools call the session like a sandboxed program's
 * bridge does, so it gets the same fresh budget, the same read-only replicas and the same
 * record rules; the evaluation's time limit aborts the model call in flight.
 */
export async function runJudgeVerifier(
  spec: Extract<VerifierSpec, { kind: 'judge' }>,
  task: PublicTask,
  session: EvaluationSession,
): Promise<VerifierOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), session.limits.timeoutMs);
  try {
    // Loaded on the first judge evaluation: runs without a judge never load the model client.
    const { judgeTask } = await import('../judge/judge-task.js');
    const outcome = await judgeTask({
      config: spec.config,
      task,
      before: createApiClient(async (request) => session.serve('before', request)),
      after: createApiClient(async (request) => session.serve('after', request)),
      operations: session.limits.operations,
      signal: controller.signal,
      charge: () => session.budget.charge(1),
      timeoutMs: session.limits.timeoutMs,
    });
    // The deadline holds end to end: an answer finished (read, parsed) after it is not a verdict.
    if (controller.signal.aborted && outcome.type === 'returned')
      return {
        type: 'failed',
        kind: 'timeout',
        message: `timed out after ${session.limits.timeoutMs} ms`,
        usage: outcome.usage,
      };
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}
