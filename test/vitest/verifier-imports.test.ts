import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifierSources } from '../../src/vitest/verifier-imports.js';

describe('verifierSources', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apb-verifier-imports-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
    return path.join(dir, file);
  };

  it('follows relative imports transitively (`.js` written for `.ts`, folder index, dynamic), not packages', () => {
    const verifier = write(
      'verifiers/task_1.ts',
      `import { a } from '../lib/a.js';\nimport type { T } from 'vitest';\nexport { b } from './b';\nconst c = await import('../lib/c/index.js');\n`,
    );
    const a = write('lib/a.ts', `import '../lib/shared.js';\nexport const a = 1;\n`);
    const shared = write('lib/shared.ts', `import { a } from './a.js';\n`); // a cycle
    const b = write('verifiers/b.ts', 'export const b = 2;\n');
    const c = write('lib/c/index.ts', 'export {};\n');
    write('lib/unused.ts', 'export {};\n');
    expect([...verifierSources(verifier)].sort()).toEqual([a, c, shared, b, verifier].sort());
  });

  it('keeps a module that cannot be read (deleted meanwhile) as its only source', () => {
    const gone = path.join(dir, 'verifiers/gone.ts');
    expect([...verifierSources(gone)]).toEqual([gone]);
  });
});
