import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  createFakeReplica,
  launchTask,
  MISPOSTED_WORKSPACE,
  POSTED_WORKSPACE,
  QUIET_WORKSPACE,
} from '../../../fixtures/verifiers/chat-workspace.js';
import type { EvaluationRecord } from '../../../src/contract/record.js';
import { IsolatePool, type WarmIsolate } from '../../../src/sandbox/isolate/isolate-pool.js';
import { IsolateRuntime } from '../../../src/sandbox/isolate/isolate-runtime.js';
import { hostileVerifier, okVerifier } from '../support/fixtures.js';
import { tempVerifierDir } from '../support/temp-verifiers.js';

const runtime = new IsolateRuntime({ timeoutMs: 5_000, memoryMb: 64 });
const temp = tempVerifierDir();
afterAll(async () => {
  await runtime.close();
  temp.remove();
});

const evaluate = (verifier: string, after = POSTED_WORKSPACE) =>
  runtime.evaluate({
    verifier,
    task: launchTask(),
    before: createFakeReplica(QUIET_WORKSPACE),
    after: createFakeReplica(after),
  });
const withoutDuration = ({ durationMs: _durationMs, ...rest }: EvaluationRecord) => rest;

describe('IsolateRuntime', () => {
  it('reports an isolate-level sandbox without claiming OS-level measures', () => {
    expect(runtime.isolation.level).toBe('isolate');
    expect(runtime.isolation.measures).toEqual(
      expect.arrayContaining([
        'fresh-v8-context-in-warm-isolate',
        'memory-limit',
        'no-node-api',
        'no-shared-memory-or-webassembly',
        'resizable-buffers-within-memory-limit',
        'external-memory-never-reused',
      ]),
    );
    expect(runtime.isolation.missing).toContain('separate-os-process');
  });

  it('is pooled by default and names the fresh mode in its measures when asked for it', async () => {
    expect(runtime.mode).toBe('pooled');
    const fresh = new IsolateRuntime({}, { isolation: 'fresh' });
    expect(fresh.isolation.measures).toContain('fresh-v8-isolate');
    expect(fresh.isolation.measures).not.toContain('fresh-v8-context-in-warm-isolate');
    await fresh.close();
    expect(() => new IsolateRuntime({}, { isolation: 'shared' as never })).toThrow(
      /unknown isolation "shared"; expected one of pooled, fresh/,
    );
  });

  it('returns an isolate to the pool after an answer or a throw, never after a timeout or a memory error', async () => {
    const release = vi.spyOn(IsolatePool.prototype, 'release');
    try {
      // Time enough that on a loaded machine only the loop times out (the memory bomb could
      // otherwise reach the time limit before the memory limit); the loop gets 300 ms.
      const pooled = new IsolateRuntime({ timeoutMs: 30_000, memoryMb: 16 });
      const run = (file: string, timeoutMs?: number) =>
        pooled.evaluate({
          verifier: file,
          task: launchTask(),
          before: createFakeReplica(QUIET_WORKSPACE),
          after: createFakeReplica(POSTED_WORKSPACE),
          ...(timeoutMs === undefined ? {} : { limits: { timeoutMs } }),
        });
      expect(await run(okVerifier('launch-summary.ts'))).toMatchObject({ verdict: 'pass' });
      expect(release).toHaveBeenCalledTimes(1);
      expect(await run(hostileVerifier('throws.ts'))).toMatchObject({ kind: 'exception' });
      expect(release).toHaveBeenCalledTimes(2);
      expect(await run(hostileVerifier('infinite-loop.ts'), 300)).toMatchObject({
        kind: 'timeout',
      });
      expect(await run(hostileVerifier('allocates-memory.ts'))).toMatchObject({ kind: 'memory' });
      expect(release).toHaveBeenCalledTimes(2);
      await pooled.close();
    } finally {
      release.mockRestore();
    }
  });

  it('runs pooled evaluations in contexts made ahead on warm isolates, each as clean as a new one', async () => {
    const madeAhead: boolean[] = [];
    const original = IsolatePool.prototype.acquire;
    const spy = vi.spyOn(IsolatePool.prototype, 'acquire').mockImplementation(function (
      this: IsolatePool,
      ...args
    ) {
      const warm = original.apply(this, args);
      madeAhead.push(warm.uses > 0 && warm.next?.ready === true);
      return warm;
    });
    const pooled = new IsolateRuntime({ timeoutMs: 5_000, memoryMb: 64 });
    try {
      const records: EvaluationRecord[] = [];
      for (let n = 0; n < 4; n += 1) {
        records.push(
          await pooled.evaluate({
            verifier: hostileVerifier('stashes-state.ts'),
            task: launchTask(),
            before: createFakeReplica(QUIET_WORKSPACE),
            after: createFakeReplica(MISPOSTED_WORKSPACE),
          }),
        );
        // Time for V8 to make the next context on the isolate's thread (it takes well under a millisecond).
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The stash is never found again: every evaluation fails the misposted outcome.
      expect(records.map((record) => record.verdict)).toEqual(['fail', 'fail', 'fail', 'fail']);
      expect(madeAhead.slice(1).every(Boolean)).toBe(true);
    } finally {
      spy.mockRestore();
      await pooled.close();
    }
  });

  it('disposes, never pools, an isolate whose evaluation left external memory (an ArrayBuffer) behind', async () => {
    const acquired: WarmIsolate[] = [];
    const original = IsolatePool.prototype.acquire;
    const spy = vi.spyOn(IsolatePool.prototype, 'acquire').mockImplementation(function (
      this: IsolatePool,
      ...args
    ) {
      const warm = original.apply(this, args);
      acquired.push(warm);
      return warm;
    });
    const pooled = new IsolateRuntime({ timeoutMs: 5_000, memoryMb: 64 });
    const leavesBuffer = temp.write(
      'leaves-buffer.ts',
      `export function verify() { const kept = new ArrayBuffer(1 << 20); return { verdict: kept.byteLength > 0 ? 'fail' : 'pass' }; }`,
    );
    try {
      const run = (verifier: string) =>
        pooled.evaluate({
          verifier,
          task: launchTask(),
          before: createFakeReplica(QUIET_WORKSPACE),
          after: createFakeReplica(POSTED_WORKSPACE),
        });
      expect(await run(leavesBuffer)).toMatchObject({ verdict: 'fail' });
      expect(await run(leavesBuffer)).toMatchObject({ verdict: 'fail' });
      // Each evaluation got an isolate of its own, disposed once it ended.
      expect(acquired).toHaveLength(2);
      expect(acquired[1]).not.toBe(acquired[0]);
      expect(acquired.map((warm) => warm.isolate.isDisposed)).toEqual([true, true]);
      // A verifier that leaves nothing outside the heap keeps its isolate warm.
      expect(await run(okVerifier('launch-summary.ts'))).toMatchObject({ verdict: 'pass' });
      expect(acquired[2]?.isolate.isDisposed).toBe(false);
    } finally {
      spy.mockRestore();
      await pooled.close();
    }
  });

  it('counts a resizable buffer at its maximum against the memory limit, by every route to the constructor', async () => {
    const probe = temp.write(
      'resizable-routes.ts',
      `const BIG = 256 * 1024 * 1024;
      const routes: Record<string, () => { maxByteLength: number }> = {
        constructor: () => new (ArrayBuffer as any)(0, { maxByteLength: BIG }),
        'instance constructor': () => new (new Uint8Array(8).buffer.constructor as any)(0, { maxByteLength: BIG }),
        subclass: () => new (class extends (ArrayBuffer as any) {})(0, { maxByteLength: BIG }) as any,
        'getter answering twice': () => {
          let reads = 0;
          return new (ArrayBuffer as any)(0, { get maxByteLength() { reads += 1; return reads === 1 ? 8 : BIG; } });
        },
        'proxy trap on Object.prototype': () => {
          let real: any;
          Object.defineProperty(Object.prototype, 'get', { configurable: true, value(target: any, key: any, receiver: any) { real = target; return Reflect.get(target, key, receiver); } });
          void (ArrayBuffer as any).isView;
          delete (Object.prototype as any).get;
          if (real === undefined) throw new Error('no constructor reached');
          return new real(0, { maxByteLength: BIG });
        },
        'many small ones, each dropped': () => {
          let last: any;
          for (let n = 0; n < 32; n += 1) last = new (ArrayBuffer as any)(0, { maxByteLength: BIG / 16 });
          return last;
        },
        'growable shared memory': () => new (globalThis as any).SharedArrayBuffer(0, { maxByteLength: BIG }),
        'wasm memory': () => new (globalThis as any).WebAssembly.Memory({ initial: 1, maximum: 4096 }),
      };
      export function verify() {
        const outcomes = Object.entries(routes).map(([name, route]) => {
          try { return name + ': made with maximum ' + route().maxByteLength; }
          catch (error) { return name + ': ' + String(error); }
        });
        return { verdict: 'fail', explanation: outcomes.join('; ') };
      }`,
    );
    const record = await evaluate(probe);
    expect(record.explanation?.split('; ')).toEqual([
      'constructor: RangeError: Array buffer allocation failed',
      'instance constructor: RangeError: Array buffer allocation failed',
      'subclass: RangeError: Array buffer allocation failed',
      // Read once: V8 gets the maximum the limit was charged for.
      'getter answering twice: made with maximum 8',
      'proxy trap on Object.prototype: Error: no constructor reached',
      // Reservations are kept until the evaluation ends: 32 x 16 MiB do not fit in 64 MB.
      'many small ones, each dropped: RangeError: Array buffer allocation failed',
      'growable shared memory: TypeError: globalThis.SharedArrayBuffer is not a constructor',
      "wasm memory: TypeError: Cannot read properties of undefined (reading 'Memory')",
    ]);
  });

  it('leaves resizable buffers within the limit working as the language defines them', async () => {
    const probe = temp.write(
      'resizable-within-limit.ts',
      `export function verify() {
        const buffer = new (ArrayBuffer as any)(8, { maxByteLength: 1 << 20 });
        buffer.resize(1 << 20);
        new Uint8Array(buffer).fill(7);
        class Sub extends (ArrayBuffer as any) {}
        const sub = new Sub(0, { maxByteLength: 1024 }) as any;
        const facts = [
          buffer.resizable, buffer.byteLength, buffer.maxByteLength, new Uint8Array(buffer)[1 << 19],
          sub instanceof Sub, sub instanceof ArrayBuffer, sub.resizable,
          new ArrayBuffer(3).resizable, new ArrayBuffer(3, {} as any).byteLength,
          buffer.constructor === ArrayBuffer, ArrayBuffer.isView(new Uint8Array(1)), ArrayBuffer.name,
          buffer.slice(0, 4).byteLength,
        ];
        let called = 'constructed';
        try { (ArrayBuffer as any)(8); } catch (error) { called = String(error); }
        return { verdict: 'pass', explanation: facts.join(' ') + ' | ' + called };
      }`,
    );
    const record = await evaluate(probe);
    expect(record).toMatchObject({
      verdict: 'pass',
      explanation:
        "true 1048576 1048576 7 true true true false 3 true true ArrayBuffer 4 | TypeError: Constructor ArrayBuffer requires 'new'",
    });
  });

  it('runs a TS verifier that imports its own helper module', async () => {
    expect(await evaluate(okVerifier('launch-summary.ts'))).toMatchObject({
      verdict: 'pass',
      operations: 4,
      checks: [
        { name: 'actor posted in #launch-review', ok: true },
        {
          name: 'the post states go or no-go',
          ok: true,
          detail: 'Go/no-go: GO for Tuesday, checklist signed off',
        },
      ],
    });
    expect(await evaluate(okVerifier('launch-summary.ts'), MISPOSTED_WORKSPACE)).toMatchObject({
      verdict: 'fail',
      operations: 4,
    });
  });

  it('gives identical records (apart from duration) in two runs', async () => {
    const first = await evaluate(okVerifier('launch-summary.ts'));
    const second = await evaluate(okVerifier('launch-summary.ts'));
    expect(withoutDuration(second)).toEqual(withoutDuration(first));
  });

  it('gives identical records in fresh mode once the code cache was taken after the first evaluation', async () => {
    const fresh = new IsolateRuntime({ timeoutMs: 5_000, memoryMb: 64 }, { isolation: 'fresh' });
    try {
      const run = () =>
        fresh.evaluate({
          verifier: okVerifier('launch-summary.ts'),
          task: launchTask(),
          before: createFakeReplica(QUIET_WORKSPACE),
          after: createFakeReplica(POSTED_WORKSPACE),
        });
      const records = [await run(), await run(), await run()];
      expect(records[0]?.verdict).toBe('pass');
      expect(records.map(withoutDuration)).toEqual(Array(3).fill(withoutDuration(records[0]!)));
    } finally {
      await fresh.close();
    }
  });

  it('times out a verifier whose promise never settles', async () => {
    const pending = temp.write(
      'pending.ts',
      `export function verify() { return new Promise(() => {}); }`,
    );
    const record = await runtime.evaluate({
      verifier: pending,
      task: launchTask(),
      before: createFakeReplica(QUIET_WORKSPACE),
      after: createFakeReplica(POSTED_WORKSPACE),
      limits: { timeoutMs: 200 },
    });
    expect(record).toMatchObject({
      verdict: 'error',
      kind: 'timeout',
      message: 'timed out after 200 ms',
    });
  });

  it('gives the verifier only the public task and no Node or timer globals', async () => {
    const probe = temp.write(
      'probe.ts',
      `export function verify(task: Record<string, unknown>) {
        const globals = ['require', 'process', 'fetch', 'setTimeout', 'setInterval', 'queueMicrotask', 'Buffer', 'module'].map((name) => name + ':' + typeof (globalThis as Record<string, unknown>)[name]);
        return { verdict: 'unknown', explanation: JSON.stringify({ keys: Object.keys(task).sort(), globals }) };
      }`,
    );
    const full = { ...launchTask(), reference: { secret: true }, labels: ['valid'] };
    const record = await runtime.evaluate({
      verifier: probe,
      task: full,
      before: createFakeReplica(QUIET_WORKSPACE),
      after: createFakeReplica(POSTED_WORKSPACE),
    });
    expect(JSON.parse(record.explanation ?? '{}')).toEqual({
      keys: ['actor', 'docs', 'id', 'instruction', 'service'],
      globals: [
        'require:undefined',
        'process:undefined',
        'fetch:undefined',
        'setTimeout:undefined',
        'setInterval:undefined',
        'queueMicrotask:undefined',
        'Buffer:undefined',
        'module:undefined',
      ],
    });
  });

  it('gives the verifier the real client: BudgetExhaustedError and full responses', async () => {
    const probe = temp.write(
      'budget-probe.ts',
      `export async function verify(_task: unknown, before: { request(m: string, p: string): Promise<{ status: number }>; get(p: string): Promise<unknown> }) {
        const response = await before.request('GET', '/conversations.list');
        try { await before.get('/conversations.list'); } catch (error) {
          return { verdict: 'unknown', explanation: (error as Error).name + ':' + (error as { code?: string }).code + ':' + response.status };
        }
        return { verdict: 'pass' };
      }`,
    );
    const record = await runtime.evaluate({
      verifier: probe,
      task: launchTask(),
      before: createFakeReplica(QUIET_WORKSPACE),
      after: createFakeReplica(POSTED_WORKSPACE),
      limits: { operations: 1 },
    });
    expect(record).toMatchObject({
      verdict: 'error',
      kind: 'budget',
      operations: 1,
      explanation: 'BudgetExhaustedError:budget_exhausted:200',
    });
  });

  it('accepts a default export and reports a throw in the module body as an exception', async () => {
    const byDefault = temp.write(
      'default-export.ts',
      `export default async function () { return { verdict: 'fail' as const }; }`,
    );
    expect(await evaluate(byDefault)).toMatchObject({ verdict: 'fail', operations: 0 });
    const topLevel = temp.write(
      'top-level-throw.ts',
      `throw new TypeError('config missing');\nexport function verify() { return { verdict: 'pass' }; }`,
    );
    expect(await evaluate(topLevel)).toMatchObject({
      verdict: 'error',
      kind: 'exception',
      message: 'TypeError: config missing',
    });
  });

  it('times out a synchronous loop in the module body', async () => {
    const spin = temp.write(
      'top-level-spin.ts',
      `for (;;) {}\nexport function verify() { return { verdict: 'pass' }; }`,
    );
    const record = await runtime.evaluate({
      verifier: spin,
      task: launchTask(),
      before: createFakeReplica(QUIET_WORKSPACE),
      after: createFakeReplica(POSTED_WORKSPACE),
      limits: { timeoutMs: 200 },
    });
    expect(record).toMatchObject({
      verdict: 'error',
      kind: 'timeout',
      message: 'timed out after 200 ms',
    });
    expect(record.durationMs).toBeLessThan(2_000);
  });

  it('picks up an edited helper module on the next evaluation', async () => {
    temp.write('helper.ts', `export const VERDICT = 'pass' as const;`);
    const verifier = temp.write(
      'uses-helper.ts',
      `import { VERDICT } from './helper.js';\nexport function verify() { return { verdict: VERDICT }; }`,
    );
    expect((await evaluate(verifier)).verdict).toBe('pass');
    temp.write('helper.ts', `export const VERDICT = 'fail' as const; // edited`);
    expect((await evaluate(verifier)).verdict).toBe('fail');
  });

  it('records a module without verify as malformed, a missing or broken one as an exception, a Python file as a crash', async () => {
    expect(await evaluate(okVerifier('lib/channel-messages.ts'))).toMatchObject({
      kind: 'malformed',
      message: expect.stringContaining('exports no verify function'),
    });
    expect(await evaluate(okVerifier('missing.ts'))).toMatchObject({
      kind: 'exception',
      message: expect.stringMatching(
        /^cannot load the verifier module: .*missing\.ts does not exist$/,
      ),
    });
    const broken = temp.write('syntax.ts', 'export function verify( {');
    expect(await evaluate(broken)).toMatchObject({
      kind: 'exception',
      message: expect.stringMatching(/^cannot bundle the verifier: .*\(syntax\.ts:1\)$/),
    });
    expect(await evaluate(okVerifier('launch_summary.py'))).toMatchObject({
      kind: 'crash',
      message: expect.stringContaining('use the process runtime'),
    });
  });
});
