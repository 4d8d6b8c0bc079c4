import { afterAll, describe, expect, it } from 'vitest';
import { readmeSnippet, splitImports } from '../support/readme.js';
import { userProject } from './support/user-project.js';

describe('README "A gate at a recorded start point"', () => {
  const project = userProject('readme-gate');
  afterAll(() => project.remove());

  it('runs as written in a user repository, and fails for the stale verifier', async () => {
    const { imports, body } = splitImports(readmeSnippet('A gate at a recorded start point'));
    project.copy('examples/verifiers/lib', 'verifiers/lib');
    const test = (name: string) =>
      [
        "import { expect, test } from 'vitest';",
        ...imports,
        `test('${name}', async () => {`,
        ...body,
        '});',
        '',
      ].join('\n');
    project.copy('examples/verifiers/linear_1.ts', 'verifiers/linear_1.ts');
    project.write('test/readme.test.ts', test('the README snippet'));
    const run = await project.vitest(['run', '--reporter=verbose']);
    expect(run.output).toMatch(/✓ test\/readme\.test\.ts > the README snippet/);
    expect(run.exitCode, run.output).toBe(0);

    // The stale variant imports ../linear_1.js and ../lib/: give it both one folder up.
    project.copy('examples/verifiers/stale/linear_1.ts', 'verifiers/linear_1.ts');
    project.copy('examples/verifiers/linear_1.ts', 'linear_1.ts');
    project.copy('examples/verifiers/lib', 'lib');
    const stale = await project.vitest(['run']);
    expect(stale.exitCode).toBe(1);
    expect(stale.output).toContain('reference labels it valid (rejects a valid state)');
  });
});
