import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as load from '../../src/pack/load.js';
import { registerPredicate } from '../../src/reference/predicates.js';
import { resolveOptions } from '../../src/run/options.js';
import {
  forgetCodeFingerprints,
  openPlanCache,
  type PlanCache,
  planCacheDir,
} from '../../src/run/plan-cache.js';
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

/** A plan cache whose entry exists (the pack planned once through it). */
async function cached(root: string, pack: string): Promise<PlanCache> {
  await plan(root, pack);
  const cache = await openPlanCache(root, pack);
  expect(cache?.pack).toBeDefined();
  return cache!;
}

const companionFiles = (root: string) =>
  readdirSync(planCacheDir(root)).filter((name) => /^[0-9a-f]{32}\.[a-z-]+\.json$/.test(name));

describe('companions of a plan cache entry', () => {
  it('reads back what was written, beside the entry, in a cache opened again', async () => {
    const { root, pack } = project();
    const value = { 'a case': 'its part', another: 'part' };
    await (await cached(root, pack)).writeCompanion('case-explanations', value);
    const again = await openPlanCache(root, pack);
    expect(await again!.readCompanion('case-explanations')).toEqual(value);
    expect(await again!.readCompanion('other-name')).toBeUndefined();
    // The entry itself is not rewritten for it: one entry file, one companion file.
    expect(companionFiles(root)).toHaveLength(1);
    expect(readdirSync(planCacheDir(root)).filter((name) => name.endsWith('.json'))).toHaveLength(
      2,
    );
    // The plan a run makes carries the same companions.
    expect(await (await plan(root, pack)).companions!.readCompanion('case-explanations')).toEqual(
      value,
    );
  });

  it('treats a missing, corrupt or foreign companion as absent, and stores none without an entry', async () => {
    const { root, pack } = project();
    const cache = await cached(root, pack);
    expect(await cache.readCompanion('case-explanations')).toBeUndefined();
    await cache.writeCompanion('case-explanations', { id: 'part' });
    const [file] = companionFiles(root);
    const path_ = path.join(planCacheDir(root), file!);
    const stored = readFileSync(path_, 'utf8');
    const newline = stored.indexOf('\n');
    const seal = JSON.parse(stored.slice(0, newline));
    const resealed = (changes: object, body = stored.slice(newline)) =>
      writeFileSync(path_, `${JSON.stringify({ ...seal, ...changes })}${body}`);
    writeFileSync(path_, stored.slice(0, 20));
    expect(await cache.readCompanion('case-explanations')).toBeUndefined();
    resealed({ key: '0'.repeat(32) });
    expect(await cache.readCompanion('case-explanations')).toBeUndefined();
    resealed({ format: 0 });
    expect(await cache.readCompanion('case-explanations')).toBeUndefined();
    resealed({}, '\n{"id":"another part"}');
    expect(await cache.readCompanion('case-explanations')).toBeUndefined();
    writeFileSync(path_, stored);
    expect(await cache.readCompanion('case-explanations')).toEqual({ id: 'part' });
    await expect(cache.readCompanion('../escape')).rejects.toThrow(/lower-case word/);

    const other = project();
    const unsaved = await openPlanCache(other.root, other.pack);
    expect(unsaved!.pack).toBeUndefined();
    await unsaved!.writeCompanion('case-explanations', { id: 'part' });
    expect(existsSync(planCacheDir(other.root))).toBe(false);
  });

  it('is removed with its entry when the entry is beyond the newest eight', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'apb-plan-cache-'));
    const loaded = await load.loadPackOrThrow(path.join(REPO, 'fixtures/packs/starter'));
    const dir = planCacheDir(root);
    for (let index = 0; index < 10; index++) {
      // Each copy is another pack folder, so another entry.
      const pack = path.join(root, `pack-${index}`);
      cpSync(path.join(REPO, 'fixtures/packs/starter'), pack, { recursive: true });
      const cache = await openPlanCache(root, pack);
      await cache!.save(loaded, new Map());
      await cache!.writeCompanion('case-explanations', { index: String(index) });
      // Dated a minute apart, oldest first, so the order does not hang on the clock's grain.
      const time = Date.now() / 1000 - (10 - index) * 60;
      for (const name of readdirSync(dir))
        if (statSync(path.join(dir, name)).mtimeMs > (time + 30) * 1000)
          utimesSync(path.join(dir, name), time, time);
    }
    const entries = readdirSync(dir).filter((name) => /^[0-9a-f]{32}\.json$/.test(name));
    const companions = companionFiles(root);
    expect(entries).toHaveLength(8);
    expect(companions.map((name) => name.slice(0, 32)).sort()).toEqual(
      entries.map((name) => name.slice(0, 32)).sort(),
    );
    // The ninth save dropped the first entry, the tenth the second, each with its companion.
    const kept = companions.map(
      // A companion's file is its seal, a newline, then the value.
      (name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8').split('\n')[1]!).index,
    );
    expect(kept.sort()).toEqual(['2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('is another key when the code that makes the values changes, while the plan entry still holds', async () => {
    const { root, pack } = project();
    await cached(root, pack);
    // A stand-in for matchers/, reporters/ and schema/ beside src/ (the default), so the
    // test edits no file of the library. Whole seconds: utimes sets them exactly.
    const code = mkdtempSync(path.join(tmpdir(), 'apb-plan-cache-code-'));
    const file = path.join(code, 'case-explanation.js');
    writeFileSync(file, 'export {};\n');
    utimesSync(file, 1_000_000, 1_000_000);
    const open = async () => {
      forgetCodeFingerprints();
      return (await openPlanCache(root, pack, [code]))!;
    };
    await (await open()).writeCompanion('case-explanations', { id: 'part' });
    expect(await (await open()).readCompanion('case-explanations')).toEqual({ id: 'part' });
    utimesSync(file, 1_000_005, 1_000_005);
    const edited = await open();
    expect(edited.pack).toBeDefined();
    expect(await edited.readCompanion('case-explanations')).toBeUndefined();
    // A dependency's or a repository's files are not the library's code.
    utimesSync(file, 1_000_000, 1_000_000);
    mkdirSync(path.join(code, 'node_modules'));
    writeFileSync(path.join(code, 'node_modules', 'dep.js'), 'export {};\n');
    mkdirSync(path.join(code, '.git'));
    writeFileSync(path.join(code, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    expect(await (await open()).readCompanion('case-explanations')).toEqual({ id: 'part' });
  });

  it('keys the values by the library folders beside src/ by default', async () => {
    const { root, pack } = project();
    await (await cached(root, pack)).writeCompanion('case-explanations', { id: 'part' });
    forgetCodeFingerprints();
    const beside = ['matchers', 'reporters', 'schema'].map((folder) => path.join(REPO, folder));
    expect(
      await (await openPlanCache(root, pack, beside))!.readCompanion('case-explanations'),
    ).toEqual({ id: 'part' });
    expect(
      await (await openPlanCache(root, pack, [path.join(REPO, 'matchers')]))!.readCompanion(
        'case-explanations',
      ),
    ).toBeUndefined();
  });
});

// Its last test registers a predicate for the rest of this file (no cache after it): keep it last.
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

  it('keys an entry by the bytes it planned: a pack edited while it loads leaves no entry of the other content', async () => {
    const { root, pack } = project();
    const file = path.join(pack, 'tasks/starter_1.json');
    const original = readFileSync(file, 'utf8');
    const edited = JSON.parse(original);
    // Without `valve keeps its initial status`, the reference calls `status-moved` valid.
    edited.reference.checks.splice(1, 1);
    const realLoad = load.loadPackOrThrow;
    // An editor saves the task after the planner hashed the pack, before it read the pack.
    vi.spyOn(load, 'loadPackOrThrow').mockImplementationOnce(async (...args) => {
      writeFileSync(file, JSON.stringify(edited, null, 2));
      return realLoad(...args);
    });
    const during = await plan(root, pack);
    // The plan is of the content hashed for its key: the file as it was when planning began.
    expect(during.pack.task('starter_1').reference).toEqual(JSON.parse(original).reference);
    expect(during.tasks[0]?.qualification.qualified).toBe(true);
    // The edit is undone (a checkout): the entry of the original content holds that content.
    writeFileSync(file, original);
    const reverted = await plan(root, pack);
    expect(reverted.tasks[0]?.qualification.qualified).toBe(true);
    expect(await handed(Promise.resolve(reverted))).toEqual(await handed(plan(root, pack, false)));
    // And the edited content, planned now, is planned as edited.
    writeFileSync(file, JSON.stringify(edited, null, 2));
    expect((await plan(root, pack)).tasks[0]?.qualification.qualified).toBe(false);
  });

  it('re-plans, saying so, when an entry does not match what it claims (edited, copied from another folder, another version)', async () => {
    const { root, pack } = project();
    const fresh = await handed(plan(root, pack, false));
    await plan(root, pack);
    const [entry] = readdirSync(planCacheDir(root)).filter((name) =>
      /^[0-9a-f]{32}\.json$/.test(name),
    );
    const entryFile = path.join(planCacheDir(root), entry!);
    const text = readFileSync(entryFile, 'utf8');
    const forged = text.replace(/"(valid|invalid)"/g, (_, label) =>
      label === 'valid' ? '"invalid"' : '"valid"',
    );
    expect(forged).not.toEqual(text);
    writeFileSync(entryFile, forged);
    const replanned = await plan(root, pack);
    expect(await handed(Promise.resolve(replanned))).toEqual(fresh);
    expect(replanned.notices).toEqual([
      expect.stringMatching(
        new RegExp(
          `plan cache entry \\.agentproofbench/\\.plans/${entry!.replace('.', '\\.')} was not used: its content does not match its digest`,
        ),
      ),
    ]);
    // The entry was replaced by the one just planned: the next run reads it, silently.
    const warm = await plan(root, pack);
    expect(warm.notices).toEqual([]);
    expect(await handed(Promise.resolve(warm))).toEqual(fresh);

    // The same entry, intact, copied into another root's cache for the same pack folder.
    const other = mkdtempSync(path.join(tmpdir(), 'apb-plan-cache-'));
    mkdirSync(planCacheDir(other), { recursive: true });
    cpSync(entryFile, path.join(planCacheDir(other), entry!));
    const copied = await plan(other, pack);
    expect(copied.notices).toEqual([expect.stringMatching(/written for another folder/)]);
    expect(await handed(Promise.resolve(copied))).toEqual(fresh);

    // An entry sealed by another version of the package.
    const sealed = readFileSync(entryFile, 'utf8');
    const newline = sealed.indexOf('\n');
    const header = JSON.parse(sealed.slice(0, newline));
    writeFileSync(
      entryFile,
      `${JSON.stringify({ ...header, version: '0.0.0-other' })}${sealed.slice(newline)}`,
    );
    expect((await plan(root, pack)).notices).toEqual([
      expect.stringMatching(/written by version 0\.0\.0-other/),
    ]);
  });

  it('is not used when planCache is off, nor when user code (a predicate) could change a verdict', async () => {
    const { root, pack } = project();
    await plan(root, pack, false);
    expect(existsSync(planCacheDir(root))).toBe(false);
    registerPredicate('plan-cache-test', () => ({ ok: true, message: 'always', evidence: {} }));
    expect(await openPlanCache(root, pack)).toBeUndefined();
  });
});
