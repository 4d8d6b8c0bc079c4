import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentProofBenchReporter } from '../../reporters/agentproofbench-reporter.js';
import { resolveOptions } from '../../src/run/options.js';
import {
  type PlanHandoff,
  type PlanHandoffRef,
  planFromHandoff,
  readHandoff,
} from '../../src/run/plan-handoff.js';
import { CHUNK_COUNT, planRun } from '../../src/run/run-plan.js';
import { NO_NODE_SNAPSHOT } from '../../src/sandbox/isolate/node-snapshot.js';
import { defineAgentProofBenchProject } from '../../src/vitest/define-project.js';
import { agentProofBenchPlugin } from '../../src/vitest/plugin.js';
import { PROVIDED_PLAN_KEY } from '../../src/vitest/provided.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type ConfigHook = (config: {
  root?: string;
  test?: Record<string, unknown>;
}) => Promise<{ test: Record<string, unknown> }>;
type ConfigureHook = (context: unknown) => void;

/** What the plugins of these tests registered for Vitest's close (their handoff folders). */
const closeHandlers: Array<() => unknown> = [];

/** The parts of Vitest's project and instance the plugin touches. */
function vitestContext(config: { maxWorkers?: number; shard?: { index: number; count: number } }) {
  const provided: Record<string, unknown> = {};
  const watched: string[] = [];
  const unwatched: string[] = [];
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
    vite: {
      watcher: {
        add: (paths: string[]) => watched.push(...paths),
        unwatch: (paths: string) => unwatched.push(paths),
      },
    },
    onTestsRerun: (handler: () => Promise<void>) => rerunHandlers.push(handler),
    onClose: (handler: () => unknown) => closeHandlers.push(handler),
  };
  return { project, vitest, provided, watched, unwatched, rerunHandlers };
}

describe('agentProofBenchPlugin', () => {
  // Configured with the repository as root, the plugin writes its chunk files there: remove
  // its projects' chunk folders (`apb/`, `apb.run-2/`…), and keep the plan cache beside them
  // (.agentproofbench/.plans), which the other files that share the worker read the built-in
  // pack from (test/support/verifier-harness.ts).
  afterAll(() => {
    const generated = path.join(REPO, '.agentproofbench');
    for (const name of existsSync(generated) ? readdirSync(generated) : [])
      if (/^(apb|agentproofbench)(\.run-\d+)?$/.test(name))
        rmSync(path.join(generated, name), { recursive: true, force: true });
    for (const close of closeHandlers.splice(0)) close();
  });
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

  it("gives each run its own chunk folder: a second run over other tasks in the same root leaves the first run's files alone", async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'apb-plugin-'));
    const verifier = path.join(REPO, options.verifier);
    const start = async (tasks: string[]) => {
      const plugin = agentProofBenchPlugin({ ...options, verifier, tasks });
      const { test } = await (plugin.config as unknown as ConfigHook)({ root });
      const context = vitestContext({});
      const closing = closeHandlers.length;
      (plugin.configureVitest as unknown as ConfigureHook)(context);
      // This run's close handlers only: each run closes on its own.
      const own = closeHandlers.splice(closing);
      const close = () => {
        for (const handler of own) handler();
      };
      const dir = test.dir as string;
      const files = () =>
        Object.fromEntries(
          (test.include as string[]).map((name) => [
            name,
            existsSync(path.join(dir, name)) ? readFileSync(path.join(dir, name), 'utf8') : '',
          ]),
        );
      return { dir, include: test.include as string[], files, close };
    };
    try {
      const first = await start(['starter_1', 'starter_2']);
      // The usual case keeps the folder and names the user sees in Vitest, the UI and JUnit.
      expect(first.dir).toBe(path.join(root, '.agentproofbench', 'apb'));
      expect(first.include).toEqual(['starter_1.test.mjs', 'starter_2.test.mjs']);
      const before = first.files();
      expect(before['starter_2.test.mjs']).toContain('await registerChunk(1);');
      // A second run over one task while the first still runs: same file name, other chunk.
      const second = await start(['starter_2']);
      expect(first.files()).toEqual(before);
      expect(second.dir).toBe(path.join(root, '.agentproofbench', 'apb.run-2'));
      expect(second.include).toEqual(['starter_2.test.mjs']);
      expect(second.files()['starter_2.test.mjs']).toContain('await registerChunk(0);');
      // Each run removes its own folder when Vitest closes, and only its own.
      first.close();
      expect(existsSync(first.dir)).toBe(false);
      expect(second.files()['starter_2.test.mjs']).toContain('await registerChunk(0);');
      // The folder is free again for the next run.
      const third = await start(['starter_1']);
      expect(third.dir).toBe(first.dir);
      second.close();
      third.close();
      expect(readdirSync(path.join(root, '.agentproofbench')).sort()).toEqual([
        '.gitignore',
        '.plans',
      ]);
      // A folder whose run ended without closing (its process is gone) is taken over.
      mkdirSync(first.dir, { recursive: true });
      const gone = spawnSync(process.execPath, ['-e', '']).pid;
      writeFileSync(
        path.join(first.dir, '.run.json'),
        JSON.stringify({ pid: gone, host: hostname(), token: 'ended' }),
      );
      writeFileSync(path.join(first.dir, 'starter_9.test.mjs'), '// of the ended run\n');
      const fourth = await start(['starter_1']);
      expect(fourth.dir).toBe(first.dir);
      expect(readdirSync(fourth.dir).sort()).toEqual(['.run.json', 'starter_1.test.mjs']);
      fourth.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('provides the resolved options, adds the reporter and re-runs on verifier and pack changes', async () => {
    const plugin = agentProofBenchPlugin(options);
    await (plugin.config as unknown as ConfigHook)({ root: REPO });
    const { project, vitest, provided, watched, unwatched } = vitestContext({});
    (plugin.configureVitest as unknown as ConfigureHook)({ project, vitest });
    // Its own generated chunk files never trigger a rerun.
    expect(unwatched).toEqual([path.join(REPO, '.agentproofbench', 'apb')]);
    expect(provided.agentproofbench).toMatchObject({
      name: 'apb',
      root: REPO,
      programs: [{ set: 'default', pattern: path.join(REPO, options.verifier) }],
    });
    // Its reporter first; then one that removes replaced plan handoffs once a run ends.
    expect(vitest.config.reporters).toHaveLength(2);
    expect(vitest.config.reporters[0]).toBeInstanceOf(AgentProofBenchReporter);
    // A pack change re-runs everything; a verifier change only its tasks (not a trigger of
    // every file: test/e2e/watch-reruns.test.ts).
    expect(vitest.config.forceRerunTriggers).toEqual([
      '**/vitest.config.*',
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
    const vitest = {
      config: { reporters: [] as unknown[], forceRerunTriggers: [] },
      onClose: (handler: () => unknown) => closeHandlers.push(handler),
    };
    (plugin.configureVitest as unknown as ConfigureHook)({
      project: { provide: (key: string, value: unknown) => (provided[key] = value) },
      vitest,
    });
    expect(Object.keys(provided)).toEqual(['agentproofbench:problem']);
    expect(provided['agentproofbench:problem']).toMatch(
      /^APB_OPTIONS: invalid agentproofbench options:\n {2}mode: .*\nFix: correct each option named above where defineAgentProofBenchProject is called/,
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
    // One chunk runs; it fails with the planner's APB_UNKNOWN_TASK inside this project.
    expect(test.include).toEqual(['setup.test.mjs']);
    const { project, vitest, provided } = vitestContext({});
    (plugin.configureVitest as unknown as ConfigureHook)({ project, vitest });
    const handoff = readHandoff(provided[PROVIDED_PLAN_KEY] as PlanHandoffRef);
    expect(handoff).toMatchObject({ ok: false, code: 'APB_UNKNOWN_TASK' });
    expect(() => planFromHandoff(handoff)).toThrow(
      'APB_UNKNOWN_TASK: pack starter has no task nope',
    );
  });

  it("gives its fork workers Node's snapshot off, unless given already or the pool is of threads", async () => {
    const execArgvFor = async (test: Record<string, unknown> | undefined) => {
      const plugin = agentProofBenchPlugin(options);
      const config = await (plugin.config as unknown as ConfigHook)({ root: REPO, test });
      return (config.test as { execArgv?: string[] }).execArgv;
    };
    expect(await execArgvFor(undefined)).toEqual([NO_NODE_SNAPSHOT]);
    expect(await execArgvFor({ pool: 'forks', execArgv: ['--trace-warnings'] })).toEqual([
      NO_NODE_SNAPSHOT,
    ]);
    expect(await execArgvFor({ execArgv: [NO_NODE_SNAPSHOT] })).toBeUndefined();
    expect(await execArgvFor({ pool: 'threads' })).toBeUndefined();
  });

  it('runs the same CHUNK_COUNT chunk files on any worker count and under --shard, without isolating them', async () => {
    const chunksFor = async (config: Parameters<typeof vitestContext>[0]) => {
      const plugin = agentProofBenchPlugin({
        ...options,
        pack: 'builtin',
        verifier: 'examples/verifiers/{task}.ts',
      });
      const { test } = await (plugin.config as unknown as ConfigHook)({ root: REPO });
      const { project, vitest, provided } = vitestContext(config);
      (plugin.configureVitest as unknown as ConfigureHook)({ project, vitest });
      const handoff = readHandoff(provided[PROVIDED_PLAN_KEY] as PlanHandoffRef) as PlanHandoff & {
        ok: true;
      };
      // Every chunk file that runs has tasks, and the tasks cover all of them.
      expect(new Set(handoff.planned.map((planned) => planned.chunk)).size).toBe(handoff.chunks);
      return { chunks: handoff.chunks, include: test.include as string[], isolate: test.isolate };
    };
    const one = await chunksFor({ maxWorkers: 1 });
    // A worker goes on to the next chunk file in the same process, so the workers share
    // the files out between them as each finishes one.
    expect(one.isolate).toBe(false);
    expect(one.chunks).toBe(CHUNK_COUNT);
    expect(one.include).toHaveLength(CHUNK_COUNT);
    expect(one.include[0]).toMatch(/^box_1\+box_\d+\+calendar_\d+\+\d+-more\.test\.mjs$/);
    const many = await chunksFor({ maxWorkers: 16 });
    expect(many.chunks).toBe(CHUNK_COUNT);
    expect(many.include).toEqual(one.include);
    // Every shard sees the same chunk files, whatever its worker count.
    expect((await chunksFor({ maxWorkers: 3, shard: { index: 1, count: 3 } })).include).toEqual(
      one.include,
    );
    // Plans the built-in pack three times: on a loaded 2-core machine well over 30 s.
  }, 180_000);

  it('hands the chunk files and the reporter the plan it made, and plans again before a watch rerun', async () => {
    const plugin = agentProofBenchPlugin(options);
    await (plugin.config as unknown as ConfigHook)({ root: REPO });
    const { project, vitest, provided, rerunHandlers } = vitestContext({});
    (plugin.configureVitest as unknown as ConfigureHook)({ project, vitest });
    const firstRef = provided[PROVIDED_PLAN_KEY] as PlanHandoffRef;
    const first = readHandoff(firstRef) as PlanHandoff & { ok: true };
    expect(firstRef.id).toBe(first.id);
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
    const second = readHandoff(provided[PROVIDED_PLAN_KEY] as PlanHandoffRef);
    expect(second.id).not.toBe(first.id);
    // The rerun's workers read the new plan; the old file stays until a run ends (a run
    // going on may still start chunk files with it), and all go when Vitest closes.
    expect(existsSync(firstRef.file)).toBe(true);
    const pruning = vitest.config.reporters[1] as { onTestRunEnd(): void };
    pruning.onTestRunEnd();
    expect(existsSync(firstRef.file)).toBe(false);
    expect(existsSync((provided[PROVIDED_PLAN_KEY] as PlanHandoffRef).file)).toBe(true);
    for (const close of closeHandlers.splice(0)) close();
    expect(existsSync(path.dirname(firstRef.file))).toBe(false);
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
