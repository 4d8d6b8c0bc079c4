import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // Unit tests that call the packs/ generators (test/pack/check-invariants.test.ts) load
        // the authoring entry point from source, so they collect and run without a build;
        // packs/generate.ts and its tests go through package.json exports to dist/.
        resolve: {
          alias: {
            'agentproofbench/authoring': fileURLToPath(
              new URL('./src/authoring/index.ts', import.meta.url),
            ),
          },
        },
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', '**/node_modules/**'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
