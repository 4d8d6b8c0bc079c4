import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/run-vitest.js';
import { userProject } from './support/user-project.js';

/** A user config whose one agentproofbench project gets `options` (a JS object literal). */
const config = (options: string) => `import { defineConfig } from 'vitest/config';
import { defineAgentProofBenchProject } from 'agentproofbench/vitest';
export default defineConfig({ test: { projects: [defineAgentProofBenchProject(${options})] } });
`;

describe('mistakes on the Vitest route read like `validate` and `bench` print them', () => {
  const project = userProject('project-errors');
  afterAll(() => project.remove());

  it.each([
    [
      'a broken pack',
      `{ pack: ${JSON.stringify(path.join(REPO_ROOT, 'fixtures/packs/broken/unknown-seed'))}, verifier: 'verifiers/{task}.ts' }`,
      /AgentProofBenchError: APB_PACK_INVALID: pack \S+unknown-seed has 1 error\(s\):\ntasks\/starter_2\.json \$\.seed: seed "linear-missing" is not in the pack \(seeds: starter-linear\) \(unknown_seed\)\nFix: correct each file at the JSON path named, then run `agentproofbench validate /,
    ],
    [
      'a verifier pattern that matches no file',
      "{ pack: 'starter', verifier: 'verifiers/{task}.ts' }",
      /AgentProofBenchError: APB_NO_PROGRAMS: no verifier program matches any selected task \(\S+\/verifiers\/\{task\}\.ts; tasks: starter_1, starter_2\)\nFix: create one, e\.g\. \S+\/verifiers\/starter_1\.ts, or point `verifier` at files that exist/,
    ],
    [
      'a verifier module that does not exist',
      "{ pack: 'starter', verifier: 'verifiers/all.ts' }",
      /AgentProofBenchError: APB_VERIFIER_NOT_FOUND: verifier module \S+\/verifiers\/all\.ts does not exist\nFix: create it, or give a pattern/,
    ],
    [
      'an invalid option',
      "{ pack: 'starter', verifier: 'verifiers/{task}.ts', runtime: 'docker' }",
      /AgentProofBenchError: APB_OPTIONS: invalid agentproofbench options:\n {2}runtime: Invalid option: expected one of "isolate"\|"process"\|"inline"\nFix: correct each option named above where defineAgentProofBenchProject is called \(vitest\.config\.ts\)/,
    ],
  ])(
    '%s: one failed test with code, problem and fix; no stack frames',
    async (_, options, message) => {
      project.write('vitest.config.ts', config(options));
      const run = await project.vitest(['run']);
      expect(run.exitCode).toBe(1);
      expect(run.output).toMatch(message);
      expect(run.output).toContain('agentproofbench cannot run this project');
      // No stack into the package or Vitest, no suite-level failure, no AggregateError.
      expect(run.output).not.toMatch(
        /^\s*(❯|at) .*(register-chunk|run-plan|plugin|load|vitest\/dist)/m,
      );
      expect(run.output).not.toMatch(/Failed Suites|AggregateError|Startup Error/);
    },
  );
});
