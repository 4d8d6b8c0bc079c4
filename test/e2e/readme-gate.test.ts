import { afterAll, describe, expect, it } from 'vitest';
import { readmeSnippet } from '../support/readme.js';
import { userProject } from './support/user-project.js';

describe('README "A gate at a recorded start point"', () => {
  const project = userProject('readme-gate');
  afterAll(() => project.remove());

  it('is a test file that runs as pasted, and fails for the stale verifier', async () => {
    const snippet = readmeSnippet('A gate at a recorded start point');
    project.copy('examples/verifiers/lib', 'verifiers/lib');
    project.copy('examples/verifiers/linear_1.ts', 'verifiers/linear_1.ts');
    project.write('test/linear_1.gate.test.ts', snippet);
    const run = await project.vitest(['run', '--reporter=verbose']);
    expect(run.output).toMatch(/✓ test\/linear_1\.gate\.test\.ts > verifiers\/linear_1\.ts gates/);
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
