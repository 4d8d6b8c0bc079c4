import { mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

  it("watches the verifier's own files for changes, not the harness code bundled with them", async () => {
    const cache = new BundleCache();
    const helper = temp.write('watched-helper.ts', `export const verdict = 'pass' as const;`);
    const file = temp.write(
      'watched.ts',
      `import { verdict } from './watched-helper.js';\nexport function verify() { return { verdict }; }`,
    );
    const bundle = await cache.get(file);
    if (!bundle.ok) throw new Error(bundle.message);
    // The guest and the client are in the bundle...
    expect(bundle.code).toContain('BudgetExhaustedError');
    // ...but a use checks only the files the verifier brought.
    expect((await cache.watchedFiles(file)).sort()).toEqual([helper, file].sort());
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

  it('sees a rewrite of the same size whose modification time was set back', async () => {
    const cache = new BundleCache();
    const file = temp.write(
      'restamped.ts',
      `export const verify = () => ({ verdict: 'pass' as const });`,
    );
    const { atime, mtime } = statSync(file);
    const first = await cache.get(file);
    temp.write('restamped.ts', `export const verify = () => ({ verdict: 'fail' as const });`);
    utimesSync(file, atime, mtime);
    const second = await cache.get(file);
    expect(first.ok && second.ok && second.code.includes('"fail"')).toBe(true);
  });
});

describe('BundleCache: no pack file enters a bundle', () => {
  /** A pack folder (pack.json beside tasks/) somewhere else, as another checkout or a copy would be. */
  const pack = path.join(temp.dir, 'elsewhere', 'copied-pack');
  mkdirSync(path.join(pack, 'tasks'), { recursive: true });
  writeFileSync(path.join(pack, 'pack.json'), '{"name":"copied"}');
  writeFileSync(path.join(pack, 'tasks', 'linear_1.json'), '{"reference":{"label":"invalid"}}');
  writeFileSync(path.join(pack, 'notes.txt'), 'label: invalid');

  it('denies a task file of a pack anywhere, by absolute path or relative, JSON or text', async () => {
    const cache = new BundleCache();
    const absolute = temp.write(
      'absolute-import.ts',
      `import t from ${JSON.stringify(path.join(pack, 'tasks', 'linear_1.json'))};\nexport const verify = () => ({ verdict: 'pass' as const, explanation: JSON.stringify(t) });`,
    );
    expect(await cache.get(absolute)).toEqual({
      ok: false,
      kind: 'denied',
      message: expect.stringMatching(
        /^the verifier imports linear_1\.json from a task pack \(copied-pack\)/,
      ),
    });
    const text = temp.write(
      'text-import.ts',
      `import t from './elsewhere/copied-pack/notes.txt';\nexport const verify = () => ({ verdict: 'pass' as const, explanation: String(t) });`,
    );
    expect(await cache.get(text)).toMatchObject({ ok: false, kind: 'denied' });
    const manifest = temp.write(
      'manifest-import.ts',
      `import m from './elsewhere/copied-pack/pack.json';\nexport const verify = () => ({ verdict: 'pass' as const, explanation: JSON.stringify(m) });`,
    );
    expect(await cache.get(manifest)).toMatchObject({ ok: false, kind: 'denied' });
  });

  it("denies data outside the verifier's own folder, allows its own data and its dependencies' code", async () => {
    const cache = new BundleCache();
    writeFileSync(path.join(temp.dir, 'elsewhere', 'answers.json'), '{"linear_1":"invalid"}');
    const own = path.join(temp.dir, 'own');
    mkdirSync(own, { recursive: true });
    writeFileSync(path.join(own, 'thresholds.json'), '{"minimum":2}');
    const outside = path.join(own, 'outside.ts');
    writeFileSync(
      outside,
      `import a from '../elsewhere/answers.json';\nexport const verify = () => ({ verdict: 'pass' as const, explanation: JSON.stringify(a) });`,
    );
    expect(await cache.get(outside)).toEqual({
      ok: false,
      kind: 'denied',
      message: expect.stringMatching(
        /^the verifier imports the data file answers\.json from outside its own folder/,
      ),
    });
    // A dependency (here a tiny one beside the verifier) may carry data of its own.
    const dependency = path.join(temp.dir, 'node_modules', 'tiny-dep');
    mkdirSync(dependency, { recursive: true });
    writeFileSync(path.join(dependency, 'package.json'), '{"name":"tiny-dep","main":"index.js"}');
    writeFileSync(path.join(dependency, 'table.json'), '[1,2,3]');
    writeFileSync(
      path.join(dependency, 'index.js'),
      "import table from './table.json'; export const size = table.length;",
    );
    const inside = path.join(own, 'inside.ts');
    writeFileSync(
      inside,
      `import t from './thresholds.json';\nimport { size } from 'tiny-dep';\nexport const verify = () => ({ verdict: size === 3 && t.minimum === 2 ? 'pass' as const : 'fail' as const });`,
    );
    expect(await cache.get(inside)).toMatchObject({ ok: true });
  });
});
