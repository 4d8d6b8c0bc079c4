import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentProofBenchReporter } from '../../reporters/agentproofbench-reporter.js';
import { defineAgentProofBenchProject } from '../../src/vitest/define-project.js';
import { agentProofBenchPlugin } from '../../src/vitest/plugin.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type ConfigHook = (config: { root?: string }) => Promise<{ test: Record<string, unknown> }>;
type ConfigureHook = (context: unknown) => void;

describe('agentProofBenchPlugin', () => {
  // Configured with the repository as root, the plugin writes its chunk files there.
  afterAll(() => rmSync(path.join(REPO, '.agentproofbench'), { recursive: true, force: true }));
  const options = {
    pack: 'starter',
    verifier: 'fixtures/verifiers/starter/correct/{task}.ts',
    name: 'apb',
  };

  it('generates as many chunk files as the run has tasks (up to the chunk count), named after their tasks', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'apb-plugin-'));
    try {
      const plugin = agentProofBenchPlugin({
        ...options,
        verifier: path.join(REPO, options.verifier),
      });
      const { test } = await (plugin.config as unknown as ConfigHook)({ root });
      const dir = path.join(root, '.agentproofbench', 'apb');
      expect(test).toMatchObject({
        name: 'apb',
        dir,
        include: ['starter_1.test.mjs', 'starter_2.test.mjs'],
        exclude: [],
      });
      expect(readFileSync(path.join(dir, 'starter_2.test.mjs'), 'utf8')).toContain(
        'await registerChunk(1);',
      );
      // The folder ignores itself, so it never reaches the user's repository.
      expect(readFileSync(path.join(root, '.agentproofbench', '.gitignore'), 'utf8')).toMatch(
        /^\*$/m,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('provides the resolved options, adds the reporter and re-runs on verifier and pack changes', async () => {
    const plugin = agentProofBenchPlugin(options);
    await (plugin.config as unknown as ConfigHook)({ root: REPO });
    const provided: Record<string, unknown> = {};
    const watched: string[] = [];
    const vitest = {
      config: { reporters: [] as unknown[], forceRerunTriggers: ['**/vitest.config.*'] },
      vite: { watcher: { add: (paths: string[]) => watched.push(...paths) } },
    };
    (plugin.configureVitest as unknown as ConfigureHook)({
      project: { provide: (key: string, value: unknown) => (provided[key] = value) },
      vitest,
    });
    expect(provided.agentproofbench).toMatchObject({
      name: 'apb',
      root: REPO,
      programs: [{ set: 'default', pattern: path.join(REPO, options.verifier) }],
    });
    expect(vitest.config.reporters).toHaveLength(1);
    expect(vitest.config.reporters[0]).toBeInstanceOf(AgentProofBenchReporter);
    expect(vitest.config.forceRerunTriggers).toEqual([
      '**/vitest.config.*',
      path.join(REPO, 'fixtures/verifiers/starter/correct/*.ts'),
      `${path.join(REPO, 'fixtures/verifiers/starter/correct')}/**`,
      `${path.join(REPO, 'fixtures/packs/starter')}/**`,
    ]);
    // Vite watches only the root; the verifier and pack folders are added to its watcher.
    expect(watched).toEqual([
      path.join(REPO, 'fixtures/verifiers/starter/correct'),
      path.join(REPO, 'fixtures/packs/starter'),
    ]);
  });

  it('hands invalid options to its one chunk as a message, instead of failing Vite with a stack', async () => {
    const plugin = agentProofBenchPlugin({
      pack: 'starter',
      verifier: 'v.ts',
      mode: 'strict' as 'tdd',
    });
    const { test } = await (plugin.config as unknown as ConfigHook)({ root: REPO });
    expect(test).toMatchObject({
      name: 'agentproofbench',
      include: ['setup.test.mjs'],
    });
    const provided: Record<string, unknown> = {};
    const vitest = { config: { reporters: [] as unknown[], forceRerunTriggers: [] } };
    (plugin.configureVitest as unknown as ConfigureHook)({
      project: { provide: (key: string, value: unknown) => (provided[key] = value) },
      vitest,
    });
    expect(Object.keys(provided)).toEqual(['agentproofbench:problem']);
    expect(provided['agentproofbench:problem']).toMatch(
      /^APB_OPTIONS: invalid agentproofbench options:\n {2}mode: .*\nFix them where defineAgentProofBenchProject is called/,
    );
    expect(vitest.config.reporters).toEqual([]);
  });

  it('leaves a plan that fails to the project itself, so other projects still run', async () => {
    const plugin = agentProofBenchPlugin({
      pack: 'starter',
      verifier: 'fixtures/verifiers/starter/correct/{task}.ts',
      tasks: ['nope'],
    });
    const { test } = await (plugin.config as unknown as ConfigHook)({ root: REPO });
    // One chunk runs; it plans again and fails with APB_UNKNOWN_TASK inside this project.
    expect(test.include).toEqual(['setup.test.mjs']);
  });
});

describe('defineAgentProofBenchProject', () => {
  it('names the project and leaves room for the evaluation timeout', () => {
    const project = defineAgentProofBenchProject({ verifier: 'v.ts', limits: { timeoutMs: 5000 } });
    expect(project.test).toMatchObject({ name: 'agentproofbench', testTimeout: 35_000 });
    expect(project.plugins).toHaveLength(1);
  });
});
