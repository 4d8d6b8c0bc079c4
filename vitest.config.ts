import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { NO_NODE_SNAPSHOT } from './src/sandbox/isolate/node-snapshot.js';

// Test workers create isolates: isolated-vm needs Node's startup snapshot off (docs/sandbox.md).
const execArgv = [NO_NODE_SNAPSHOT];

/**
 * Tests beside the source they cover that start processes (the CLI binary, the pack
 * generators, a host to stop mid-evaluation, the process runtime's sandboxed children, Python 3
 * as an oracle) or run the whole hostile-verifier battery in every sandbox. They form the
 * `integration` project, so that `npm run test:unit` (the `unit` and `unit-isolated` projects)
 * stays a quick loop (bench/MEASUREMENTS.md, "The unit test loop"); `npm test` runs every
 * project.
 */
const INTEGRATION = [
  'test/cli/stop-on-signal.test.ts',
  'test/cli/validate.test.ts',
  'test/sandbox/hostile-verifiers.test.ts',
  // The process runtime's own tests: each case starts a sandboxed child process.
  'test/sandbox/process/process-runtime.test.ts',
  'test/sandbox/process/keyrings.test.ts',
  'test/sandbox/process/memory-watch.test.ts',
  'test/sandbox/process/cgroups.test.ts',
  'test/sandbox/process/orphan-sweep.test.ts',
  'test/sandbox/isolate/host-process.test.ts',
  'test/cli/relaunch.test.ts',
  'test/packs/generate.test.ts',
  'test/packs/workspace.test.ts',
  // Each evaluates verifiers in the process runtime's sandboxed children: the hostile results
  // in every sandbox, `latency` over Python verifiers, a matcher on a Python verifier's panel.
  'test/sandbox/hostile-results.test.ts',
  'test/sandbox/run-evaluation.test.ts',
  'test/cli/latency.test.ts',
  'test/matchers/to-classify-panel.test.ts',
  // Sweeps code points through Python 3 itself, as the oracle of the pattern translation.
  'test/reference/legacy-diff/python-regex-parity.test.ts',
];

/**
 * Unit tests that leave state in their process for the rest of it, so they cannot share a
 * worker with other files: the `unit-isolated` project runs each in a fresh worker, as Vitest
 * does by default. A registered predicate stays registered (no API removes one) and turns the
 * plan cache off for every later pack opened in that process; a `vi.mock` of a source module
 * stays in place for every later file that imports the module.
 */
const ISOLATED = [
  'test/reference/evaluate.test.ts',
  'test/run/plan-cache.test.ts',
  'test/report/recorded-explanations.test.ts',
];

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
          exclude: ['test/e2e/**', '**/node_modules/**', ...INTEGRATION, ...ISOLATED],
          testTimeout: 30_000,
          execArgv,
          // Several files load the built-in pack in beforeAll: seconds idle, more than
          // Vitest's 10 s default on a loaded machine (linear-verifiers timed out at load 7).
          hookTimeout: 60_000,
          // Files share their worker and its module graph: the source modules are imported
          // once per worker instead of once per file (most of the project's time otherwise).
          // Vitest still restores mocks between files; files that leave other state are in
          // ISOLATED.
          isolate: false,
        },
      },
      {
        resolve: {
          alias: {
            'agentproofbench/authoring': fileURLToPath(
              new URL('./src/authoring/index.ts', import.meta.url),
            ),
          },
        },
        test: {
          name: 'unit-isolated',
          include: ISOLATED,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          execArgv,
        },
      },
      {
        test: {
          name: 'integration',
          include: INTEGRATION,
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
