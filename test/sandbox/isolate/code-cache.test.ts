import ivm from 'isolated-vm';
import { afterEach, describe, expect, it } from 'vitest';
import type { VerifierBundle } from '../../../src/sandbox/isolate/bundle.js';
import { CodeCache } from '../../../src/sandbox/isolate/code-cache.js';

// A guest-shaped bundle whose `start` calls functions V8 compiles only when they first run.
const bundle: VerifierBundle = {
  ok: true,
  module: '/verifiers/sums.ts',
  hash: 'sums',
  code: `var __agentproofbenchGuest = (() => {
  function squares(n) { const out = []; for (let i = 1; i <= n; i++) out.push(i * i); return out; }
  function total(values) { return values.reduce((sum, value) => sum + value, 0); }
  function describe(n) { return \`\${n}: \${total(squares(n))}\`; }
  return { start: (n) => describe(n) };
})();`,
};

const isolates: ivm.Isolate[] = [];
const newIsolate = () => {
  const isolate = new ivm.Isolate({ memoryLimit: 16 });
  isolates.push(isolate);
  return isolate;
};
afterEach(() => {
  for (const isolate of isolates.splice(0)) if (!isolate.isDisposed) isolate.dispose();
});

/** Run the compiled bundle's `start` in a fresh context, as the runtime does. */
function run(isolate: ivm.Isolate, script: ivm.Script, n: number): unknown {
  const context = isolate.createContextSync();
  try {
    const start = script.runSync(context, { reference: true }) as ivm.Reference<unknown>;
    return start.applySync(undefined, [n]);
  } finally {
    context.release();
  }
}

describe('CodeCache', () => {
  it('takes the cache again after a run, once, and a new isolate compiles from it', () => {
    const cache = new CodeCache(true);
    const first = newIsolate();
    const script = cache.compile(first, bundle);
    const atCompile = cache.bytes(bundle) ?? 0;
    expect(atCompile).toBeGreaterThan(0);
    expect(run(first, script, 4)).toBe('4: 30');

    cache.takeAfterRun(first, bundle);
    const afterRun = cache.bytes(bundle) ?? 0;
    // The functions that ran (squares, total, describe, the reducer) are in it now.
    expect(afterRun).toBeGreaterThan(atCompile);
    cache.takeAfterRun(first, bundle);
    expect(cache.bytes(bundle)).toBe(afterRun);

    const second = newIsolate();
    const fromCache = cache.compile(second, bundle) as ivm.Script & {
      cachedDataRejected?: boolean;
    };
    expect(fromCache.cachedDataRejected).toBe(false);
    expect(run(second, fromCache, 4)).toBe('4: 30');
    expect(run(second, fromCache, 3)).toBe('3: 14');
    expect(cache.bytes(bundle)).toBe(afterRun);
    cache.clear();
    expect(cache.bytes(bundle)).toBeUndefined();
  });

  it('skips a disposed isolate and keeps nothing when disabled', () => {
    const cache = new CodeCache(true);
    const isolate = newIsolate();
    run(isolate, cache.compile(isolate, bundle), 2);
    const atCompile = cache.bytes(bundle);
    isolate.dispose();
    cache.takeAfterRun(isolate, bundle);
    expect(cache.bytes(bundle)).toBe(atCompile);

    const off = new CodeCache(false);
    const other = newIsolate();
    expect(run(other, off.compile(other, bundle), 2)).toBe('2: 5');
    off.takeAfterRun(other, bundle);
    expect(off.bytes(bundle)).toBeUndefined();
  });
});
