import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { NO_NODE_SNAPSHOT } from './src/sandbox/isolate/node-snapshot.js';

// Test workers create isolates: isolated-vm needs Node's startup snapshot off (docs/sandbox.md).
const execArgv = [NO_NODE_SNAPSHOT];

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
          execArgv,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          execArgv,
        },
      },
    ],
  },
});
