import type { TestProjectInlineConfiguration } from 'vitest/config';
import type { AgentProofBenchOptions } from '../run/options.js';
import { DEFAULT_PROJECT_NAME } from '../run/options.js';
import { type RunHooks, runPlugin } from './plugin.js';

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

/** `defineAgentProofBenchProject` with the hooks `agentproofbench run` gives its plugin. */
export function runProject(
  options: AgentProofBenchOptions,
  hooks: RunHooks,
): TestProjectInlineConfiguration {
  return {
    plugins: [runPlugin(options, hooks)],
    test: {
      name: options.name ?? DEFAULT_PROJECT_NAME,
      // One evaluation can take up to the runtime's timeout; leave room for it.
      testTimeout: (options.limits?.timeoutMs ?? 60_000) + 30_000,
      hookTimeout: 120_000,
    },
  };
}
