import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createFakeReplica,
  launchTask,
  MISPOSTED_WORKSPACE,
  POSTED_WORKSPACE,
  QUIET_WORKSPACE,
} from '../../fixtures/verifiers/chat-workspace.js';
import { toPublicTask, type VerifierTask, verifierTaskOf } from '../../src/contract/public-task.js';
import type { EvaluationRecord } from '../../src/contract/record.js';
import type { PublicTask } from '../../src/contract/verifier.js';
import { EvaluationSlots } from '../../src/sandbox/evaluation-slots.js';
import { InlineRuntime } from '../../src/sandbox/inline-runtime.js';
import {
  evaluateIn,
  type FrameInput,
  type RuntimeFrame,
  registerFrame,
} from '../../src/sandbox/run-evaluation.js';
import { createRuntime, type EvaluationInput, type Runtime } from '../../src/sandbox/runtime.js';
import { hostileVerifier, okVerifier } from './support/fixtures.js';

const withoutDuration = ({ durationMs: _durationMs, ...rest }: EvaluationRecord) => rest;

/** The task as the plan makes it (its view and text), and the view as a caller of `evaluate` hands it. */
const made: VerifierTask = verifierTaskOf(launchTask());

/** One evaluation of `verifier`, either way in: the same states, limits and task. */
function inputs(
  verifier: EvaluationInput['verifier'],
  limits?: EvaluationInput['limits'],
): { framed: () => FrameInput; public: () => EvaluationInput } {
  const rest = () => ({
    verifier,
    before: createFakeReplica(QUIET_WORKSPACE),
    // Misposted: a verifier poisoned into accepting anything would pass it.
    after: createFakeReplica(MISPOSTED_WORKSPACE),
    ...(limits ? { limits } : {}),
  });
  return {
    framed: () => ({ ...rest(), task: made }),
    public: () => ({ ...rest(), task: made.view }),
  };
}

/** Fixtures of each runtime: what it runs well, what it refuses, what breaks in it. */
const FIXTURES: Record<'isolate' | 'inline' | 'process', [string, number?][]> = {
  isolate: [
    [okVerifier('launch-summary.ts')],
    [hostileVerifier('throws.ts')],
    [hostileVerifier('malformed-result.ts')],
    [hostileVerifier('never-settles.ts'), 300],
    [hostileVerifier('infinite-loop.ts'), 300],
    [hostileVerifier('exceeds-budget.ts')],
    [hostileVerifier('writes-through-api.ts')],
    [hostileVerifier('tampers-prototypes.ts')],
    [hostileVerifier('forges-result.ts')],
    [hostileVerifier('nested-checks.ts')],
    [hostileVerifier('throws-null-prototype.ts')],
    [okVerifier('launch_summary.py')],
  ],
  inline: [
    [okVerifier('launch-summary.ts')],
    [hostileVerifier('throws.ts')],
    [hostileVerifier('malformed-result.ts')],
    [hostileVerifier('never-settles.ts'), 300],
    [hostileVerifier('exceeds-budget.ts')],
    // Only fixtures that leave the host as they found it: inline, a verifier runs in this process.
    [hostileVerifier('writes-through-api.ts')],
  ],
  process: [
    [okVerifier('launch_summary.py')],
    [hostileVerifier('throws.py')],
    [hostileVerifier('malformed_result.py')],
    [hostileVerifier('exits_nonzero.py')],
    [hostileVerifier('garbage_stdout.py')],
    [hostileVerifier('exceeds_budget.py')],
    [hostileVerifier('writes_through_api.py')],
    [hostileVerifier('forges_result.py')],
    [okVerifier('launch-summary.ts')],
  ],
};

describe('evaluateIn: the evaluation path into a built-in runtime frame', () => {
  const runtimes = {} as Record<keyof typeof FIXTURES, Runtime>;
  beforeAll(async () => {
    const limits = { timeoutMs: 10_000, memoryMb: 64 };
    runtimes.isolate = await createRuntime('isolate', { limits });
    runtimes.inline = await createRuntime('inline', { limits });
    runtimes.process = await createRuntime('process', { limits });
  });
  afterAll(async () => {
    for (const runtime of Object.values(runtimes)) await runtime?.close();
  });

  describe.each(Object.keys(FIXTURES) as (keyof typeof FIXTURES)[])('%s', (name) => {
    it.each(FIXTURES[name].map(([file, timeoutMs]) => ({ file, timeoutMs })))(
      'gives the record runtime.evaluate gives: $file',
      async ({ file, timeoutMs }) => {
        const input = inputs(file, timeoutMs ? { timeoutMs } : undefined);
        const framed = await evaluateIn(runtimes[name], input.framed());
        const viaEvaluate = await runtimes[name].evaluate(input.public());
        if (timeoutMs) {
          // How many calls a verifier made before its deadline depends on the machine's load.
          const { operations: _a, ...framedRest } = withoutDuration(framed);
          const { operations: _b, ...publicRest } = withoutDuration(viaEvaluate);
          expect(framedRest).toEqual(publicRest);
          expect(framed).toMatchObject({ verdict: 'error', kind: 'timeout' });
        } else expect(withoutDuration(framed)).toEqual(withoutDuration(viaEvaluate));
      },
    );

    it('gives the same invalid-input record for a broken spec or broken limits', async () => {
      for (const [verifier, limits] of [
        [{ kind: 'python', path: 42 } as never, undefined],
        [okVerifier('launch-summary.ts'), { timeoutMs: -1 }],
      ] as const) {
        const input = inputs(verifier, limits);
        const framed = await evaluateIn(runtimes[name], input.framed());
        expect(framed).toMatchObject({ verdict: 'error', kind: 'crash', durationMs: 0 });
        expect((framed as { message: string }).message).toMatch(/^invalid evaluation input: /);
        expect(framed).toEqual(await runtimes[name].evaluate(input.public()));
      }
    });

    it('still checks the task a caller hands to runtime.evaluate (public path only)', async () => {
      const input = inputs(okVerifier('launch-summary.ts'));
      const record = await runtimes[name].evaluate({
        ...input.public(),
        task: { ...made.view, id: 7 } as unknown as PublicTask,
      });
      expect(record).toMatchObject({
        verdict: 'error',
        kind: 'crash',
        message: expect.stringMatching(/^invalid evaluation input: .*task\.id must be a string/),
      });
    });
  });

  it('takes the slot of the isolate runtime for every evaluation it enters', async () => {
    const run = vi.spyOn(EvaluationSlots.prototype, 'run');
    try {
      const input = inputs(okVerifier('launch-summary.ts'));
      const records = await Promise.all([
        evaluateIn(runtimes.isolate, input.framed()),
        evaluateIn(runtimes.isolate, input.framed()),
        evaluateIn(runtimes.inline, input.framed()),
      ]);
      expect(records.map((record) => record.verdict)).toEqual(['fail', 'fail', 'fail']);
      // The inline runtime has no slots: only the two isolate evaluations waited for one.
      expect(run).toHaveBeenCalledTimes(2);
    } finally {
      run.mockRestore();
    }
  });

  it("goes through a user's own runtime, and an overridden evaluate, with the view as made", async () => {
    const seen: unknown[] = [];
    const own: Runtime = {
      name: 'inline',
      isolation: { level: 'none', measures: [], missing: [] },
      async evaluate(input) {
        seen.push(input.task);
        return { verdict: 'unknown', durationMs: 1, operations: 0, checks: [] };
      },
      close: async () => undefined,
    };
    class Counting extends InlineRuntime {
      override evaluate(input: EvaluationInput): Promise<EvaluationRecord> {
        seen.push('override');
        return super.evaluate(input);
      }
    }
    const counting = new Counting();
    const replaced = new InlineRuntime();
    replaced.evaluate = async () => ({
      verdict: 'pass',
      durationMs: 0,
      operations: 0,
      checks: [],
    });
    const input = inputs(okVerifier('launch-summary.ts'));
    expect(await evaluateIn(own, input.framed())).toMatchObject({ verdict: 'unknown' });
    expect(seen).toEqual([made.view]);
    expect(seen[0]).toBe(made.view);
    expect(await evaluateIn(counting, input.framed())).toMatchObject({ verdict: 'fail' });
    expect(seen).toEqual([made.view, 'override']);
    expect(await evaluateIn(replaced, input.framed())).toMatchObject({ verdict: 'pass' });
  });

  it('hands the task on as made: neither copied nor checked again', async () => {
    const ran: [PublicTask, string][] = [];
    const runtime: Runtime = {
      name: 'inline',
      isolation: { level: 'none', measures: [], missing: [] },
      evaluate: () => Promise.reject(new Error('the frame is entered directly')),
      close: async () => undefined,
    };
    const frame: RuntimeFrame = {
      limits: {},
      run: async (_spec, task, _session, taskJson) => {
        ran.push([task, taskJson]);
        return { type: 'returned', value: { verdict: 'pass' } };
      },
    };
    registerFrame(runtime, frame, runtime.evaluate);
    const view = toPublicTask(launchTask('docs of the plan'));
    const task = verifierTaskOf(view);
    const record = await evaluateIn(runtime, { ...inputs('/x/verifier.ts').framed(), task });
    expect(record).toMatchObject({ verdict: 'pass' });
    expect(ran).toHaveLength(1);
    expect(ran[0]![0]).toBe(view);
    expect(ran[0]![1]).toBe(task.json);
  });

  it("starts a queued evaluation's clock only once it holds the slot", async () => {
    // A clock of the test's own: the first evaluation holds the only slot while 5 s pass.
    let now = 1_000;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      let release: () => void = () => undefined;
      const started: string[] = [];
      const runtime: Runtime = {
        name: 'isolate',
        isolation: { level: 'isolate', measures: [], missing: [] },
        evaluate: () => Promise.reject(new Error('the frame is entered directly')),
        close: async () => undefined,
      };
      registerFrame(
        runtime,
        {
          limits: {},
          slots: new EvaluationSlots(1),
          run: async (spec) => {
            started.push(spec.kind === 'module' ? spec.path : spec.kind);
            if (spec.kind === 'module' && spec.path === '/x/first.ts')
              await new Promise<void>((resolve) => (release = resolve));
            now += 20;
            return { type: 'returned', value: { verdict: 'pass' } };
          },
        },
        runtime.evaluate,
      );
      const first = evaluateIn(runtime, inputs('/x/first.ts').framed());
      const second = evaluateIn(runtime, inputs('/x/second.ts').framed());
      await new Promise((resolve) => setImmediate(resolve));
      expect(started).toEqual(['/x/first.ts']);
      now += 5_000;
      release();
      const [firstRecord, secondRecord] = await Promise.all([first, second]);
      expect(started).toEqual(['/x/first.ts', '/x/second.ts']);
      // The first evaluation's own 5 s and 20 ms; the second's 20 ms, not its wait.
      expect(firstRecord.durationMs).toBe(5_020);
      expect(secondRecord.durationMs).toBe(20);
    } finally {
      clock.mockRestore();
    }
  });

  it("applies the caller's limits over the runtime's own", async () => {
    const record = await evaluateIn(runtimes.inline, {
      ...inputs(hostileVerifier('never-settles.ts'), { timeoutMs: 200 }).framed(),
      after: createFakeReplica(POSTED_WORKSPACE),
    });
    expect(record).toMatchObject({
      verdict: 'error',
      kind: 'timeout',
      message: 'timed out after 200 ms',
    });
  });
});
