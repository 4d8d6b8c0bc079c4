import type { TestProjectInlineConfiguration } from 'vitest/config';
import type { AgentProofBenchOptions } from '../run/options.js';
import { runProject } from './plugin.js';

/**
 * A Vitest project that tests a verifier against a task pack. Put it in `test.projects`
 * next to your own tests and run `vitest --project agentproofbench`:
 *
 * ```ts
 * export default defineConfig({
 *   test: { projects: [defineAgentProofBenchProject({ verifier: 'verifiers/{task}.ts' })] },
 * });
 * ```
 */
export function defineAgentProofBenchProject(
  options: AgentProofBenchOptions,
): TestProjectInlineConfiguration {
  return runProject(options, {});
}
