import { afterAll, describe, expect, it } from 'vitest';
import { BundleCache, GUEST_GLOBAL } from '../../../src/sandbox/isolate/bundle.js';
import { hostileVerifier, okVerifier } from '../support/fixtures.js';
import { tempVerifierDir } from '../support/temp-verifiers.js';

const temp = tempVerifierDir();
afterAll(() => temp.remove());

describe('BundleCache', () => {
  it('bundles the verifier, its helper and the real client into one script exposing the guest', async () => {
    const bundle = await new BundleCache().get(okVerifier('launch-summary.ts'));
    if (!bundle.ok) throw new Error(bundle.message);
    expect(bundle.code).toContain(`var ${GUEST_GLOBAL} =`);
    expect(bundle.code).toContain('BudgetExhaustedError');
    expect(bundle.code).toContain('conversations.history');
    expect(bundle.code).not.toMatch(/\brequire\(/);
    expect(bundle.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('returns the cached bundle while no input changed, and a new one after an edit', async () => {
    const cache = new BundleCache();
    const file = temp.write(
      'cached.ts',
      `export function verify() { return { verdict: 'pass' as const }; }`,
    );
    const first = await cache.get(file);
    expect(await cache.get(file)).toBe(first);
    temp.write(
      'cached.ts',
      `export function verify() { return { verdict: 'fail' as const }; } // v2`,
    );
    const second = await cache.get(file);
    expect(second).not.toBe(first);
    expect(second.ok && first.ok && second.hash !== first.hash).toBe(true);
  });

  it('denies any Node built-in, with or without the node: prefix, naming the module', async () => {
    const cache = new BundleCache();
    expect(await cache.get(hostileVerifier('spawns-process.ts'))).toEqual({
      ok: false,
      kind: 'denied',
      message: expect.stringMatching(
        /^the verifier imports the Node built-in module "node:child_process" \(from spawns-process\.ts\)/,
      ),
    });
    const bare = temp.write(
      'bare-fs.ts',
      `import { readFileSync } from 'fs';\nexport function verify() { return { verdict: readFileSync('/etc/hostname', 'utf8') ? 'pass' : 'fail' }; }`,
    );
    expect(await cache.get(bare)).toMatchObject({
      ok: false,
      kind: 'denied',
      message: expect.stringContaining('"fs"'),
    });
    const helperImportsNet = temp.write('net-helper.ts', `export { connect } from 'node:net';`);
    const viaHelper = temp.write(
      'via-helper.ts',
      `import { connect } from './net-helper.js';\nexport function verify() { connect(80); return { verdict: 'pass' }; }`,
    );
    expect(helperImportsNet).toMatch(/net-helper\.ts$/);
    expect(await cache.get(viaHelper)).toMatchObject({
      ok: false,
      kind: 'denied',
      message: expect.stringContaining('(from net-helper.ts)'),
    });
  });

  it('reports an unresolvable import as an exception with its location', async () => {
    const file = temp.write(
      'missing-import.ts',
      `import { x } from './nowhere.js';\nexport function verify() { return { verdict: x }; }`,
    );
    expect(await new BundleCache().get(file)).toMatchObject({
      ok: false,
      kind: 'exception',
      message: expect.stringMatching(
        /^cannot bundle the verifier: Could not resolve "\.\/nowhere\.js" \(missing-import\.ts:1\)$/,
      ),
    });
  });
});
