import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AgentProofBenchReporter } from '../../reporters/agentproofbench-reporter.js';
import { resolveOptions } from '../../src/run/options.js';
import { type PlanHandoff, planFromHandoff } from '../../src/run/plan-handoff.js';
import { CHUNK_COUNT, planRun } from '../../src/run/run-plan.js';
import { defineAgentProofBenchProject } from '../../src/vitest/define-project.js';
import { agentProofBenchPlugin, chunkFiles } from '../../src/vitest/plugin.js';
import { PROVIDED_PLAN_KEY } from '../../src/vitest/provided.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type ConfigHook = (config: { root?: string }) => Promise<{ test: Record<string, unknown> }>;
type ConfigureHook = (context: unknown) => void;

/** The parts of Vitest's project and instance the plugin touches. */
function vitestContext(config: { maxWorkers?: number; shard?: { index: number; count: number } }) {
  const provided: Record<string, unknown> = {};
  const watched: string[] = [];
  const rerunHandlers: Array<() => Promise<void>> = [];
  const project = {
    config: { include: [] as string[], maxWorkers: undefined },
    provide: (key: string, value: unknown) => {
      provided[key] = value;
    },
  };
  const vitest = {
    config: {
      reporters: [] as unknown[],
      forceRerunTriggers: ['**/vitest.config.*'],
      watch: false,
      maxWorkers: config.maxWorkers ?? 4,
      shard: config.shard,
    },
    vite: { watcher: { add: (paths: string[]) => watched.push(...paths) } },
    onTestsRerun: (handler: () => Promise<void>) => rerunHandlers.push(handler),
  };
  return { project, vitest, provided, watched, rerunHandlers };
}

describe('agentProofBenchPlugin', () => {
  const options = {
    pack: 'starter',
    verifier: 'fixtures/verifiers/starter/correct/{task}.ts',
    name: 'apb',
  };

  it('points the project at as many shipped chunk files as the run has tasks (up to the chunk count)', async () => {
    const plugin = agentProofBenchPlugin(options);
    const { test } = await (plugin.config as unknown as ConfigHook)({ root: REPO });
    const { dir, extension } = chunkFiles();
    expect(test).toMatchObject({
      name: 'apb',
      dir,
      include: [`chunk-0.test.${extension}`, `chunk-1.test.${extension}`],
      exclude: [],
    });
    expect(dir).toBe(path.join(REPO, 'src', 'vitest', 'chunks'));
  });

  it('provides the resolved options, adds the reporter and re-runs on verifier and pack changes', async () => {
    const plugin = agentProofBenchPlugin(options);
    await (plugin.config as unknown as ConfigHook)({ root: REPO });
    const { project, vitest, provided, watched } = vitestContext({});
    (plugin.configureVitest as unknown as ConfigureHook)({ project, vitest });
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

  it('rejects invalid options in the config, where they were written', async () => {
    const plugin = agentProofBenchPlugin({
      pack: 'starter',
      verifier: 'v.ts',
      mode: 'strict' as 'tdd',
    });
    await expect((plugin.config as unknown as ConfigHook)({ root: REPO })).rejects.toThrow(
      'APB_OPTIONS',
    );
  });

  it('leaves a plan that fails to the project itself, so other projects still run', async () => {
    const plugin = agentProofBenchPlugin({
      pack: 'starter',
      verifier: 'fixtures/verifiers/starter/correct/{task}.ts',
      tasks: ['nope'],
    });
    const { test } = await (plugin.config as unknown as ConfigHook)({ root: REPO });
    // One chunk runs; it fails with the planner's APB_UNKNOWN_TASK inside this project.
    expect(test.include).toEqual([`chunk-0.test.${chunkFiles().extension}`]);
    const { project, vitest, provided } = vitestContext({});
    (plugin.configureVitest as unknown as ConfigureHook)({ project, vitest });
    const handoff = provided[PROVIDED_PLAN_KEY] as PlanHandoff;
    expect(handoff).toMatchObject({ ok: false, code: 'APB_UNKNOWN_TASK' });
    expect(() => planFromHandoff(handoff)).toThrow(
      'APB_UNKNOWN_TASK: pack starter has no task nope',
    );
  });

  it('runs one chunk file per test worker (never more than the tasks), and the full split under --shard', async () => {
    const { extension } = chunkFiles();
    const chunksFor = async (config: Parameters<typeof vitestContext>[0]) => {
      const plugin = agentProofBenchPlugin({
        ...options,
        pack: 'builtin',
        verifier: 'examples/verifiers/{task}.ts',
      });
      await (plugin.config as unknown as ConfigHook)({ root: REPO });
      const { project, vitest, provided } = vitestContext(config);
      (plugin.configureVitest as unknown as ConfigureHook)({ project, vitest });
      const handoff = provided[PROVIDED_PLAN_KEY] as PlanHandoff & { ok: true };
      // Every chunk file that runs has tasks, and the tasks cover all of them.
      expect(new Set(handoff.planned.map((planned) => planned.chunk)).size).toBe(handoff.chunks);
      expect(project.config.include).toHaveLength(handoff.chunks);
      return project.config.include;
    };
    expect(await chunksFor({ maxWorkers: 1 })).toEqual([`chunk-0.test.${extension}`]);
    expect(await chunksFor({ maxWorkers: 3 })).toHaveLength(3);
    expect(await chunksFor({ maxWorkers: 16 })).toHaveLength(CHUNK_COUNT);
    // Under --shard every shard sees the same chunk files, whatever its worker count.
    expect(await chunksFor({ maxWorkers: 1, shard: { index: 1, count: 3 } })).toHaveLength(
      CHUNK_COUNT,
    );
  });

  it('hands the chunk files and the reporter the plan it made, and plans again before a watch rerun', async () => {
    const plugin = agentProofBenchPlugin(options);
    await (plugin.config as unknown as ConfigHook)({ root: REPO });
    const { project, vitest, provided, rerunHandlers } = vitestContext({});
    (plugin.configureVitest as unknown as ConfigureHook)({ project, vitest });
    const first = provided[PROVIDED_PLAN_KEY] as PlanHandoff & { ok: true };
    expect(first.planned.map((planned) => [planned.task, planned.chunk])).toEqual([
      ['starter_1', 0],
      ['starter_2', 1],
    ]);
    const expected = await planRun(resolveOptions(options, REPO));
    expect(planFromHandoff(first).tasks.map((planned) => planned.qualification)).toEqual(
      expected.tasks.map((planned) => planned.qualification),
    );
    expect(rerunHandlers).toHaveLength(1);
    await rerunHandlers[0]!();
    const second = provided[PROVIDED_PLAN_KEY] as PlanHandoff;
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ ok: true, chunks: 2 });
  });
});

describe('defineAgentProofBenchProject', () => {
  it('names the project and leaves room for the evaluation timeout', () => {
    const project = defineAgentProofBenchProject({ verifier: 'v.ts', limits: { timeoutMs: 5000 } });
    expect(project.test).toMatchObject({ name: 'agentproofbench', testTimeout: 35_000 });
    expect(project.plugins).toHaveLength(1);
  });
});
