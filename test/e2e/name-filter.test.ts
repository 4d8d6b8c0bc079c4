import { afterAll, describe, expect, it } from 'vitest';
import { userProject } from './support/user-project.js';

describe('a run filtered with -t judges the cases it selected', () => {
  const project = userProject('name-filter');
  afterAll(() => project.remove());

  it('passes on the selected task with two verifiers in the repository, and says what it left out', async () => {
    project.copy('fixtures/verifiers/starter/correct', 'verifiers');
    project.copy('fixtures/verifiers/starter/lib', 'lib');
    project.write(
      'vitest.config.ts',
      `import { defineConfig } from 'vitest/config';
import { defineAgentProofBenchProject } from 'agentproofbench/vitest';
export default defineConfig({ test: { projects: [defineAgentProofBenchProject({ pack: 'starter', verifier: 'verifiers/{task}.ts', mode: 'tdd' })] } });
`,
    );
    const all = await project.vitest(['run', '--project', 'agentproofbench']);
    expect(all.exitCode, all.output).toBe(0);
    const planned = Number(/allRecorded (\d+)\/\d+ planned cases recorded/.exec(all.output)?.[1]);
    expect(planned).toBeGreaterThan(0);

    const filtered = await project.vitest([
      'run',
      '--project',
      'agentproofbench',
      '-t',
      'starter_1',
    ]);
    expect(filtered.exitCode, filtered.output).toBe(0);
    const judged =
      /filtered run \(-t starter_1\): judged (\d+) of (\d+) planned cases; (\d+) left out/.exec(
        filtered.output,
      );
    expect(judged).not.toBeNull();
    const [, selected, total, left] = judged!.map(Number);
    expect(total).toBe(planned);
    expect(selected! + left!).toBe(planned);
    expect(selected).toBeGreaterThan(0);
    expect(left).toBeGreaterThan(0);
    expect(filtered.output).toContain(
      `✓ gate allRecorded ${selected}/${selected} planned cases recorded`,
    );
    expect(filtered.output).not.toMatch(/✗ gate/);
  });
});
