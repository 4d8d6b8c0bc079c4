import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as load from '../../src/pack/load.js';
import { registerPredicate } from '../../src/reference/predicates.js';
import { resolveOptions } from '../../src/run/options.js';
import { openPlanCache, planCacheDir } from '../../src/run/plan-cache.js';
import { handOffPlan } from '../../src/run/plan-handoff.js';
import { planRun } from '../../src/run/run-plan.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const VERIFIERS = path.join(REPO, 'fixtures/verifiers/starter/correct/{task}.ts');

/** A root of its own with a copy of the starter pack in it, so the test may edit the pack. */
function project(): { root: string; pack: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'apb-plan-cache-'));
  const pack = path.join(root, 'pack');
  cpSync(path.join(REPO, 'fixtures/packs/starter'), pack, { recursive: true });
  return { root, pack };
}

const plan = (root: string, pack: string, planCache?: boolean) =>
  planRun(resolveOptions({ pack, verifier: VERIFIERS, planCache }, root));

/** The plan as the workers receive it, without the handoff id. */
const handed = async (planned: ReturnType<typeof plan>) =>
  JSON.parse(JSON.stringify({ ...handOffPlan('id', await planned), id: undefined }));

afterEach(() => vi.restoreAllMocks());

describe('the plan cache', () => {
  it('gives the same plan from the cache as from loading and qualifying, without loading the pack again', async () => {
    const { root, pack } = project();
    const loads = vi.spyOn(load, 'loadPackOrThrow');
    const cold = await handed(plan(root, pack));
    expect(loads).toHaveBeenCalledTimes(1);
    expect(readdirSync(planCacheDir(root)).filter((name) => name.endsWith('.json'))).toHaveLength(
      1,
    );
    const warm = await handed(plan(root, pack));
    expect(loads).toHaveBeenCalledTimes(1);
    expect(warm).toEqual(cold);
    expect(
      warm.planned.map(
        (task: { qualification: { qualified: boolean } }) => task.qualification.qualified,
      ),
    ).toEqual([true, true]);
  });

  it('plans afresh when a file of the pack changes: a reference that lost a check mislabels an outcome', async () => {
    const { root, pack } = project();
    const first = await plan(root, pack);
    expect(first.tasks[0]?.qualification.qualified).toBe(true);
    const file = path.join(pack, 'tasks/starter_1.json');
    const task = JSON.parse(readFileSync(file, 'utf8'));
    // Without `valve keeps its initial status`, the reference calls `status-moved` valid.
    task.reference.checks.splice(1, 1);
    writeFileSync(file, JSON.stringify(task, null, 2));
    const edited = await plan(root, pack);
    expect(edited.tasks[0]?.qualification.qualified).toBe(false);
    expect(edited.tasks[0]?.qualification.problems.map((problem) => problem.code)).toContain(
      'mislabelled',
    );
    expect(edited.pack.task('starter_1').reference).toEqual(task.reference);
  });

  it('is not used when planCache is off, nor when user code (a predicate) could change a verdict', async () => {
    const { root, pack } = project();
    await plan(root, pack, false);
    expect(existsSync(planCacheDir(root))).toBe(false);
    registerPredicate('plan-cache-test', () => ({ ok: true, message: 'always', evidence: {} }));
    expect(await openPlanCache(root, pack)).toBeUndefined();
  });
});
