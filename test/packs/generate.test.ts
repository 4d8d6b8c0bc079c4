// The committed packs are exactly what their generators write: regenerating every pack into
// a scratch folder and comparing byte for byte catches a hand-edited task file or a
// generator changed without regenerating (packs/generate.ts, which runs every generator in one
// process; the generators import the built package, so npm test builds first).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { compareGeneratedTrees } from '../../packs/lib/compare-trees.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'apb-tree-'));
  scratch.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('compareGeneratedTrees', () => {
  it('finds nothing when the trees are byte-identical', () => {
    const files = { 'pack/tasks/a.json': '{}\n', 'pack/pack.json': '{"name":"p"}\n' };
    expect(compareGeneratedTrees(tree(files), tree(files), ['pack'])).toEqual([]);
  });

  it('names a differing, a missing and an extra file, relative to the root', () => {
    const generated = tree({ 'pack/a.json': '{"x":1}\n', 'pack/new.json': '{}\n' });
    const committed = tree({ 'pack/a.json': '{"x":2}\n', 'pack/old.json': '{}\n' });
    expect(compareGeneratedTrees(generated, committed, ['pack'])).toEqual([
      { path: 'pack/a.json', problem: 'differs' },
      { path: 'pack/new.json', problem: 'missing' },
      { path: 'pack/old.json', problem: 'extra' },
    ]);
  });

  it('looks only under the listed paths', () => {
    const generated = tree({ 'pack/a.json': '1', 'other/b.json': '1' });
    const committed = tree({ 'pack/a.json': '1', 'other/b.json': '2' });
    expect(compareGeneratedTrees(generated, committed, ['pack'])).toEqual([]);
  });
});

describe('the committed packs', () => {
  it('are what packs/generate.ts writes today', async () => {
    const run = promisify(execFile);
    const result = await run(
      process.execPath,
      ['--import', 'tsx', path.join(REPO, 'packs/generate.ts'), '--check'],
      { cwd: REPO },
    ).catch((error: { stdout?: string; stderr?: string; code?: number }) => error);
    expect(result.stdout, `${result.stdout}\n${result.stderr}`).toContain(
      'generated packs match the committed files',
    );
  }, 240_000);
});
