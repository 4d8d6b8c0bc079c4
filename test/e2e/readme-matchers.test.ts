import { afterAll, describe, expect, it } from 'vitest';
import { readmeSnippet, splitImports } from '../support/readme.js';
import { userProject } from './support/user-project.js';

describe('README "Matchers in your own tests"', () => {
  const project = userProject('readme-matchers');
  afterAll(() => project.remove());

  it('runs as written in a user repository: the bare import registers the matchers', async () => {
    const { imports, body } = splitImports(readmeSnippet('Matchers in your own tests'));
    expect(imports).toContain("import 'agentproofbench/matchers';");
    project.copy('examples/verifiers/linear_1.ts', 'verifiers/linear_1.ts');
    project.copy('examples/verifiers/lib', 'verifiers/lib');
    project.write(
      'test/readme.test.ts',
      [
        "import { expect, test } from 'vitest';",
        ...imports,
        "test('the README snippet', async () => {",
        ...body,
        '});',
        '',
      ].join('\n'),
    );
    const run = await project.vitest(['run', '--reporter=verbose']);
    expect(run.output).not.toContain('Invalid Chai property');
    expect(run.output).toMatch(/✓ test\/readme\.test\.ts > the README snippet/);
    expect(run.exitCode, run.output).toBe(0);
  });
});
