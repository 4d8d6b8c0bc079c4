// The example user repository: your own unit tests next to the agentproofbench project.
// In your repository import from the package: `import { defineAgentProofBenchProject } from 'agentproofbench/vitest'`.
// (This in-repo copy imports the source so it runs without a build.)
import { defineConfig } from 'vitest/config';
import { defineAgentProofBenchProject } from '../src/vitest/index.js';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/**/*.test.ts'] },
      },
      defineAgentProofBenchProject({
        pack: 'builtin',
        // `verifiers/stale/{task}.ts` holds the deliberately stale programs: try them with APB_VERIFIER.
        verifier: process.env.APB_VERIFIER ?? 'verifiers/{task}.ts',
        // Locally every case is an assertion; CI runs the benchmark and lets the gates decide.
        mode: process.env.CI ? 'gate' : 'tdd',
        gates: { ba: { related: 0.95 }, falseAccept: 0, jointCorrect: 'all', errors: 0 },
      }),
    ],
  },
});
