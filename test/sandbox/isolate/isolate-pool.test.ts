import { afterEach, describe, expect, it } from 'vitest';
import type { VerifierBundle } from '../../../src/sandbox/isolate/bundle.js';
import { IsolatePool, takeContext } from '../../../src/sandbox/isolate/isolate-pool.js';

const bundle = (hash: string): VerifierBundle => ({
  ok: true,
  module: `/verifiers/${hash}.ts`,
  code: `'${hash}'`,
  hash,
});
let compiled = 0;
const pool = new IsolatePool((isolate, { code }) => {
  compiled += 1;
  return isolate.compileScriptSync(code);
});
afterEach(() => pool.clear());

describe('IsolatePool', () => {
  it('takes turns between two warm isolates of a bundle and heap limit, each compiled once', async () => {
    compiled = 0;
    const first = pool.acquire(bundle('a'), 16);
    pool.release(bundle('a'), 16, first);
    // The first one's next context is still being made: a second isolate takes this turn.
    const second = pool.acquire(bundle('a'), 16);
    expect(second).not.toBe(first);
    pool.release(bundle('a'), 16, second);
    // From then on the two alternate, the one idle longest first.
    const third = pool.acquire(bundle('a'), 16);
    expect(third).toBe(first);
    pool.release(bundle('a'), 16, third);
    expect(pool.acquire(bundle('a'), 16)).toBe(second);
    expect(compiled).toBe(2);
    // Each use runs the compiled bundle in a context of its own.
    const context = await takeContext(third);
    expect(await third.script.run(context)).toBe('a');
    context.release();
  });

  it('hands back an isolate whose next context is ready before any other', async () => {
    const first = pool.acquire(bundle('a'), 16);
    pool.release(bundle('a'), 16, first);
    await first.next?.context;
    expect(first.next?.ready).toBe(true);
    expect(pool.acquire(bundle('a'), 16)).toBe(first);
  });

  it('gives every evaluation a context no code has entered, made ahead or made then', async () => {
    const warm = pool.acquire(bundle('a'), 16);
    // No next context yet (a new isolate): one is made on the spot.
    const used = await takeContext(warm);
    await warm.isolate.compileScriptSync('globalThis.left = 1').run(used);
    used.release();
    pool.release(bundle('a'), 16, warm);
    const next = warm.next;
    expect(next).toBeDefined();
    await next?.context;
    const fresh = await takeContext(warm);
    // It is the context made after the evaluation ended, taken once.
    expect(fresh).toBe(await next?.context);
    expect(warm.next).toBeUndefined();
    expect(await warm.isolate.compileScriptSync('typeof globalThis.left').run(fresh)).toBe(
      'undefined',
    );
    fresh.release();
  });

  it("waits for the context made ahead while the isolate's thread is still busy, rather than making another", async () => {
    const warm = pool.acquire(bundle('a'), 16);
    // The isolate's thread is busy (as on a loaded machine) when the evaluation ends, so
    // its next context is queued behind the busy script.
    const other = warm.isolate.createContextSync();
    const hold = warm.isolate
      .compileScriptSync('const until = Date.now() + 300; while (Date.now() < until) {}')
      .run(other);
    pool.release(bundle('a'), 16, warm);
    const pending = warm.next;
    expect(pending?.ready).toBe(false);
    const taken = await takeContext(warm);
    await hold;
    // The evaluation got that very context, so none is left unreleased; the next release makes the next one.
    expect(taken).toBe(await pending?.context);
    expect(warm.next).toBeUndefined();
    expect(await warm.isolate.compileScriptSync('typeof until').run(taken)).toBe('undefined');
    taken.release();
    pool.release(bundle('a'), 16, warm);
    expect(warm.next).not.toBe(pending);
    other.release();
  });

  it('never shares an isolate between bundles or heap limits', async () => {
    const a = pool.acquire(bundle('a'), 16);
    pool.release(bundle('a'), 16, a);
    await a.next?.context;
    expect(pool.acquire(bundle('b'), 16)).not.toBe(a);
    expect(pool.acquire(bundle('a'), 32)).not.toBe(a);
    expect(pool.acquire(bundle('a'), 16)).toBe(a);
    // Two verifier files whose bundles are byte for byte the same still get isolates of their own.
    pool.release(bundle('a'), 16, a);
    await a.next?.context;
    expect(pool.acquire({ ...bundle('a'), module: '/verifiers/copy-of-a.ts' }, 16)).not.toBe(a);
  });

  it('gives out a busy isolate to nobody else: two evaluations at once get two isolates', () => {
    const first = pool.acquire(bundle('a'), 16);
    const second = pool.acquire(bundle('a'), 16);
    expect(second).not.toBe(first);
  });

  it('disposes an isolate that was disposed, saw a catastrophic error, or is returned when enough are idle', () => {
    const disposed = pool.acquire(bundle('a'), 16);
    disposed.isolate.dispose();
    pool.release(bundle('a'), 16, disposed);
    expect(pool.acquire(bundle('a'), 16)).not.toBe(disposed);

    const broken = pool.acquire(bundle('b'), 16);
    broken.catastrophe = 'fatal';
    pool.release(bundle('b'), 16, broken);
    expect(broken.isolate.isDisposed).toBe(true);

    const many = Array.from({ length: 5 }, () => pool.acquire(bundle('c'), 16));
    for (const warm of many) pool.release(bundle('c'), 16, warm);
    // Two idle isolates per bundle at most; the rest are disposed on return.
    expect(many.filter((warm) => warm.isolate.isDisposed)).toHaveLength(3);
  });

  it('keeps at most 2 idle isolates over all bundles, dropping the least recently used', async () => {
    const warm = Array.from({ length: 6 }, (_, n) => pool.acquire(bundle(`k${n}`), 16));
    warm.forEach((entry, n) => {
      pool.release(bundle(`k${n}`), 16, entry);
    });
    expect(warm.slice(0, 4).every((entry) => entry.isolate.isDisposed)).toBe(true);
    expect(warm.slice(4).every((entry) => !entry.isolate.isDisposed)).toBe(true);
    await pool.clear();
    expect(warm.every((entry) => entry.isolate.isDisposed)).toBe(true);
  });

  it('disposes an idle isolate on clear only once the context being made for it is done', async () => {
    const warm = pool.acquire(bundle('a'), 16);
    pool.release(bundle('a'), 16, warm);
    const making = warm.next?.context;
    expect(making).toBeDefined();
    const cleared = pool.clear();
    // isolated-vm is still making the context: disposing now would leave the teardown to its thread.
    expect(warm.isolate.isDisposed).toBe(false);
    await cleared;
    expect(await making).toBeDefined();
    expect(warm.isolate.isDisposed).toBe(true);
  });

  it('replaces an isolate whose heap grew past its bound instead of pooling it again', () => {
    const warm = pool.acquire(bundle('big'), 64);
    const context = warm.isolate.createContextSync();
    // About 16 MB of live numbers on this isolate's heap, as contexts not yet collected leave.
    warm.isolate
      .compileScriptSync(
        'globalThis.kept = Array.from({ length: 64 }, (_, n) => new Array(2 ** 15).fill(n + 0.5))',
      )
      .runSync(context);
    pool.release(bundle('big'), 64, warm);
    expect(warm.isolate.isDisposed).toBe(true);
    expect(pool.acquire(bundle('big'), 64)).not.toBe(warm);
  });
});
