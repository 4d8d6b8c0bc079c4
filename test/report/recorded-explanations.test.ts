import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { caseKey } from '../../src/contract/case-key.js';
import { casesOfTask, caseTitle } from '../../src/pack/cases.js';
import { builtinPackDir } from '../../src/pack/resolve.js';
import { explainResults, prepareCaseExplanations } from '../../src/report/recorded-explanations.js';
import { resolveOptions } from '../../src/run/options.js';
import { planCacheDir } from '../../src/run/plan-cache.js';
import { planRun, type RunPlan } from '../../src/run/run-plan.js';
import { correctRule, loadStarter, simulate, staleRule } from './support/starter-results.js';

/** Counts the case parts made (`explainCaseItself`), and can make one case's part fail. */
const made = vi.hoisted(() => ({
  titles: [] as string[],
  failing: undefined as string | undefined,
}));
vi.mock('../../src/report/case-explanation.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/report/case-explanation.js')>();
  return {
    ...actual,
    explainCaseItself: (handle: Parameters<typeof actual.explainCaseItself>[0]) => {
      made.titles.push(handle.title);
      if (handle.title === made.failing) throw new Error('this part cannot be made');
      return actual.explainCaseItself(handle);
    },
  };
});

afterEach(() => {
  made.titles = [];
  made.failing = undefined;
});

describe('explainResults', () => {
  it('explains every recorded case of the pack, keyed as the verdict grid looks it up', async () => {
    const pack = await loadStarter();
    const results = simulate(pack, staleRule, 'reuse');
    const explanations = explainResults(pack, results);
    expect(explanations.size).toBe(results.length);
    const replay = results.find((r) => r.kind === 'witness-replay' && r.task === 'starter_1')!;
    const text = explanations.get(
      caseKey({
        program: { set: 'reuse', id: replay.program.id },
        task: replay.task,
        condition: replay.condition,
        kind: replay.kind,
        outcome: replay.outcome,
      }),
    );
    expect(text).toMatch(/^Verdict: pass\nVerifier checks: none returned/);
    expect(text).toContain('Reference (labels this outcome invalid)');
    expect(text).toContain('Row diff (before → after)');
  });

  it('leaves out cases the pack does not have', async () => {
    const pack = await loadStarter();
    const results = simulate(pack, correctRule).map((r) => ({ ...r, task: `${r.task}-gone` }));
    expect(explainResults(pack, results).size).toBe(0);
  });
});

describe('case parts kept with the plan cache', () => {
  const VERIFIERS = path.resolve(
    import.meta.dirname,
    '../../fixtures/verifiers/starter/correct/{task}.ts',
  );
  /** A root of its own with a copy of the starter pack, planned as a run plans it. */
  function project(): { root: string; plan: (planCache?: boolean) => Promise<RunPlan> } {
    const root = mkdtempSync(path.join(tmpdir(), 'apb-explanations-'));
    const pack = path.join(root, 'pack');
    cpSync(builtinPackDir('starter'), pack, { recursive: true });
    return {
      root,
      plan: (planCache = true) =>
        planRun(resolveOptions({ pack, verifier: VERIFIERS, planCache }, root)),
    };
  }
  const prepare = (plan: RunPlan) =>
    prepareCaseExplanations(
      plan.pack,
      plan.tasks.map((task) => task.task.id),
      plan.companions,
    );

  it('a warm run reads every part a cold run made, makes none, and explains the same', async () => {
    const { root, plan } = project();
    const cold = await plan();
    await prepare(cold);
    const cases = made.titles.length;
    expect(cases).toBeGreaterThan(10);
    const stored = readdirSync(planCacheDir(root)).filter((name) =>
      name.endsWith('.case-explanations.json'),
    );
    expect(stored).toHaveLength(1);

    // Another run: its plan (and its pack object) come from the cache.
    const warm = await plan();
    expect(warm.pack).not.toBe(cold.pack);
    await prepare(warm);
    const results = simulate(warm.pack, staleRule, 'reuse');
    const explained = explainResults(warm.pack, results);
    expect(made.titles).toHaveLength(cases);
    expect(explained).toEqual(explainResults(cold.pack, simulate(cold.pack, staleRule, 'reuse')));

    // The cache off: every part is made again, and the explanations are the same.
    const off = await plan(false);
    expect(off.companions).toBeUndefined();
    await prepare(off);
    expect(made.titles).toHaveLength(2 * cases);
    expect(explainResults(off.pack, simulate(off.pack, staleRule, 'reuse'))).toEqual(explained);
    // Three plannings of the starter pack: 50 s on a 2-core machine at load 18.
  }, 180_000);

  it('never stores a part that failed: the next run makes that one again, and only it', async () => {
    const { root, plan } = project();
    const cold = await plan();
    const titles = cold.tasks.flatMap((task) => casesOfTask(cold.pack, task.task).map(caseTitle));
    made.failing = titles[3];
    await prepare(cold);
    expect(made.titles).toEqual(titles);
    const [file] = readdirSync(planCacheDir(root)).filter((name) =>
      name.endsWith('.case-explanations.json'),
    );
    // A companion's file is its seal, a newline, then the value (src/run/plan-cache.ts).
    const text = readFileSync(path.join(planCacheDir(root), file!), 'utf8');
    const stored = JSON.parse(text.slice(text.indexOf('\n') + 1));
    expect(Object.keys(stored)).toHaveLength(titles.length - 1);
    made.titles = [];
    made.failing = undefined;
    await prepare(await plan());
    expect(made.titles).toEqual([titles[3]]);
  }, 120_000);
});
