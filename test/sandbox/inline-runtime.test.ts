import { describe, expect, it } from 'vitest';
import {
  createFakeReplica,
  launchTask,
  MISPOSTED_WORKSPACE,
  POSTED_WORKSPACE,
  QUIET_WORKSPACE,
} from '../../fixtures/verifiers/chat-workspace.js';
import { InlineRuntime } from '../../src/sandbox/inline-runtime.js';
import { hostileVerifier, okVerifier } from './support/fixtures.js';

const runtime = new InlineRuntime({ timeoutMs: 300 });
const evaluate = (verifier: string, after = POSTED_WORKSPACE) =>
  runtime.evaluate({
    verifier,
    task: launchTask(),
    before: createFakeReplica(QUIET_WORKSPACE),
    after: createFakeReplica(after),
  });

describe('InlineRuntime', () => {
  it('labels itself as not isolated', () => {
    expect(runtime.isolation.level).toBe('none');
    expect(runtime.isolation.missing).toEqual(
      expect.arrayContaining([
        'separate-heap',
        'memory-limit',
        'file-system-denied',
        'network-denied',
      ]),
    );
  });

  it('runs a verifier with its own helper module and reports its verdict, checks and operations', async () => {
    expect(await evaluate(okVerifier('launch-summary.ts'))).toMatchObject({
      verdict: 'pass',
      operations: 4,
      checks: [
        { name: 'actor posted in #launch-review', ok: true },
        { name: 'the post states go or no-go', ok: true },
      ],
    });
    expect(await evaluate(okVerifier('launch-summary.ts'), MISPOSTED_WORKSPACE)).toMatchObject({
      verdict: 'fail',
      operations: 4,
    });
  });

  it('produces the same record kinds as the sandboxes for the contract-level failures', async () => {
    expect(await evaluate(hostileVerifier('throws.ts'))).toMatchObject({
      verdict: 'error',
      kind: 'exception',
      message: 'RangeError: channel index out of range',
    });
    expect(await evaluate(hostileVerifier('malformed-result.ts'))).toMatchObject({
      verdict: 'error',
      kind: 'malformed',
    });
    expect(await evaluate(hostileVerifier('never-settles.ts'))).toMatchObject({
      verdict: 'error',
      kind: 'timeout',
      message: 'timed out after 300 ms',
    });
    expect(await evaluate(hostileVerifier('writes-through-api.ts'))).toMatchObject({
      verdict: 'error',
      kind: 'denied',
    });
    expect(await evaluate(hostileVerifier('exceeds-budget.ts'))).toMatchObject({
      verdict: 'error',
      kind: 'budget',
      operations: 80,
    });
  });

  it('records a module without verify as malformed and a missing module as an exception', async () => {
    expect(await evaluate(okVerifier('lib/channel-messages.ts'))).toMatchObject({
      verdict: 'error',
      kind: 'malformed',
      message: expect.stringContaining('exports no verify function'),
    });
    expect(await evaluate(okVerifier('does-not-exist.ts'))).toMatchObject({
      verdict: 'error',
      kind: 'exception',
      message: expect.stringContaining('cannot load the verifier module'),
    });
  });

  it('refuses a Python verifier with a crash record that says which runtime to use', async () => {
    expect(await evaluate(okVerifier('launch_summary.py'))).toMatchObject({
      verdict: 'error',
      kind: 'crash',
      message: expect.stringContaining('use the process runtime'),
    });
  });

  it('turns invalid input into a crash record instead of throwing', async () => {
    const record = await runtime.evaluate({
      verifier: 'verifier.rb',
      task: launchTask(),
      before: createFakeReplica(QUIET_WORKSPACE),
      after: createFakeReplica(POSTED_WORKSPACE),
    });
    expect(record).toMatchObject({
      verdict: 'error',
      kind: 'crash',
      message: expect.stringMatching(
        /^invalid evaluation input: AgentProofBenchError: APB_ARGUMENT: verifier "verifier.rb"/,
      ),
      operations: 0,
    });
    const badLimits = await runtime.evaluate({
      verifier: okVerifier('launch-summary.ts'),
      task: launchTask(),
      before: createFakeReplica(QUIET_WORKSPACE),
      after: createFakeReplica(POSTED_WORKSPACE),
      limits: { operations: -1 },
    });
    expect(badLimits).toMatchObject({
      kind: 'crash',
      message: expect.stringMatching(
        /^invalid evaluation input: AgentProofBenchError: APB_ARGUMENT: limits\.operations must be a positive integer, got -1 Fix: /,
      ),
    });
  });
});
