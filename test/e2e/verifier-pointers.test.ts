import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/run-vitest.js';
import { userProject } from './support/user-project.js';

const config = (options: string) => `import { defineConfig } from 'vitest/config';
import { defineAgentProofBenchProject } from 'agentproofbench/vitest';
export default defineConfig({ test: { projects: [defineAgentProofBenchProject(${options})] } });
`;

/** The file and line of each failure's location line (`❯ verify <file>:<line>:<col>`). */
const locations = (output: string) =>
  [...output.matchAll(/❯ (?:verify )?(\S+):(\d+):\d+/g)].map((match) => `${match[1]}:${match[2]}`);

describe('failed cases point at the user verifier, once and at the right line', () => {
  const project = userProject('verifier-pointers');
  afterAll(() => project.remove());

  it('a verifier that does not parse: one full error at the line of the error, not one per case', async () => {
    project.copy('fixtures/verifiers/broken/syntax-error.ts', 'verifiers/starter_1.ts');
    project.write(
      'vitest.config.ts',
      config("{ pack: 'starter', verifier: 'verifiers/{task}.ts', mode: 'tdd' }"),
    );
    const run = await project.vitest(['run']);
    expect(run.exitCode).toBe(1);
    const full = run.output.split(
      'starter_1.ts does not load, so every case of it is an error: cannot bundle the verifier: Expected "}" but found ";" (starter_1.ts:3)',
    );
    expect(full.length - 1).toBe(1);
    // Line 3 holds the error; `verify` is declared on line 2.
    expect(locations(run.output)).toEqual(['verifiers/starter_1.ts:3']);
    // No reference checks or row diffs repeated for a verifier that never ran.
    expect(run.output).not.toContain('Reference check');
    expect(run.output.split('\n').length).toBeLessThan(150);
  });

  it('an execution-study case that fails points at the gate verifier, not into the package', async () => {
    project.copy('fixtures/verifiers/starter/stale/starter_1.ts', 'verifiers/starter_1.ts');
    project.copy('fixtures/verifiers/starter/lib', 'lib');
    const pack = JSON.stringify(path.join(REPO_ROOT, 'fixtures/packs/starter-executions'));
    project.write(
      'vitest.config.ts',
      config(`{ pack: ${pack}, verifier: 'verifiers/{task}.ts', mode: 'tdd' }`),
    );
    const run = await project.vitest(['run']);
    expect(run.exitCode).toBe(1);
    expect(run.output).toMatch(/starter_1 › execution › \S+ › \S+ › program gate/);
    const where = locations(run.output);
    expect(where.length).toBeGreaterThan(0);
    expect(where.filter((location) => !location.startsWith('verifiers/starter_1.ts:'))).toEqual([]);
    expect(run.output).not.toMatch(/register-executions|node_modules\/agentproofbench/);
  });
});
