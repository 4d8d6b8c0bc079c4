import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolvePrograms } from '../../src/evaluation/programs.js';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apb-meta-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('program sidecars (<file>.meta.json)', () => {
  it("give a program's build condition and construction cost, over the set's", () => {
    const dir = folder({
      't1.ts': 'export default {}',
      't2.ts': 'export default {}',
      't1.ts.meta.json': JSON.stringify({ builtOn: 'related', constructionCost: 0.28 }),
    });
    const programs = resolvePrograms('{task}.ts', ['t1', 't2'], {
      cwd: dir,
      set: 'reuse',
      builtOn: 'source',
      constructionCost: 0.1,
    });
    expect(programs.map((p) => [p.task, p.program.builtOn, p.constructionCost])).toEqual([
      ['t1', 'related', 0.28],
      ['t2', 'source', 0.1],
    ]);
  });

  it('are never taken for programs themselves', () => {
    const dir = folder({ 't1.ts': '', 't1.ts.meta.json': '{}' });
    expect(resolvePrograms('{task}.ts', ['t1'], { cwd: dir }).map((p) => p.module)).toEqual([
      path.join(dir, 't1.ts'),
    ]);
  });

  it.each([
    ['not json', 'is not JSON'],
    [JSON.stringify({ builtOn: 'yesterday' }), '$.builtOn'],
    [JSON.stringify({ constructionCost: -1 }), '$.constructionCost'],
    [JSON.stringify({ cost: 1 }), 'APB_PROGRAM_META'],
  ])('refuse %s with the file and the JSON path', (text, message) => {
    const dir = folder({ 't1.ts': '', 't1.ts.meta.json': text });
    expect(() => resolvePrograms('{task}.ts', ['t1'], { cwd: dir })).toThrow(message);
    expect(() => resolvePrograms('{task}.ts', ['t1'], { cwd: dir })).toThrow('t1.ts.meta.json');
  });
});
