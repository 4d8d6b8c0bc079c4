import { afterAll, describe, expect, it } from 'vitest';
import { readmeSnippet } from '../support/readme.js';
import { userProject } from './support/user-project.js';

describe('README "Matchers in your own tests"', () => {
  const project = userProject('readme-matchers');
  afterAll(() => project.remove());

  it('is a test file that runs as pasted: the bare import registers the matchers', async () => {
    const snippet = readmeSnippet('Matchers in your own tests');
    expect(snippet).toContain("import 'agentproofbench/matchers';");
    expect(snippet).toContain("import { expect, test } from 'vitest';");
    project.copy('examples/verifiers/linear_1.ts', 'verifiers/linear_1.ts');
    project.copy('examples/verifiers/lib', 'verifiers/lib');
    project.write('test/linear_1.test.ts', snippet);
    const run = await project.vitest(['run', '--reporter=verbose']);
    expect(run.output).not.toContain('Invalid Chai property');
    expect(run.output).not.toContain('expect is not defined');
    expect(run.output).toMatch(
      /✓ test\/linear_1\.test\.ts > verifiers\/linear_1\.ts does not keep the old Priya Raman/,
    );
    expect(run.exitCode, run.output).toBe(0);
  });
});
