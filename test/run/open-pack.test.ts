import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { casesOfTask, caseTitle } from '../../src/pack/cases.js';
import * as load from '../../src/pack/load.js';
import type { PackHandle } from '../../src/pack/pack-handle.js';
import { builtinPackDir } from '../../src/pack/resolve.js';
import { openPack } from '../../src/run/open-pack.js';
import { resolveOptions } from '../../src/run/options.js';
import { planCacheDir } from '../../src/run/plan-cache.js';
import { planRun } from '../../src/run/run-plan.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('openPack', () => {
  it('gives task handles whose witness, outcomes and panels carry the states of the pack', async () => {
    const bench = await openPack(builtinPackDir('starter'));
    expect(bench.taskIds).toEqual(['starter_1', 'starter_2']);
    const task = bench.task('starter_1');
    expect(task.public.instruction).toBe(task.task.instruction);
    expect(Object.keys(task.public).sort()).toEqual([
      'actor',
      'docs',
      'id',
      'instruction',
      'service',
    ]);
    expect(task.conditions).toEqual(['source', 'background', 'related']);

    const replay = task.witness?.replay;
    expect(replay?.title).toBe(
      'starter_1 › witness › rejects the source decision replayed on related',
    );
    expect(replay?.case.before.get('issues', { id: 'iss-fac-1' })?.stateId).toBe('st-FAC-inreview');
    expect(replay?.case.after.get('issues', { id: 'iss-fac-1' })?.stateId).toBe('st-FAC-todo');

    const fault = task.outcome('related', 'status-moved');
    expect(fault.case).toMatchObject({ role: 'fault', label: 'invalid', fault: 'preservation' });
    expect(task.panel('source').cases.map((handle) => handle.case.outcome)).toEqual(
      task.task.outcomes.source?.map((outcome) => outcome.id),
    );
  });

  it('names what exists when a task, outcome or condition is not there', async () => {
    const bench = await openPack('starter');
    expect(() => bench.task('linear_52')).toThrow(
      'pack starter has no task "linear_52" (tasks: starter_1, starter_2)',
    );
    expect(() => bench.task('starter_2').outcome('related', 'nope')).toThrow(
      /no outcome "nope" under related \(outcomes: complete, two-steps/,
    );
  });
});

/** A root of its own with a copy of the starter pack in it, so the test may edit the pack. */
function project(): { root: string; pack: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'apb-open-pack-'));
  const pack = path.join(root, 'pack');
  cpSync(builtinPackDir('starter'), pack, { recursive: true });
  return { root, pack };
}

/** Every state of every case of a pack, as rows per table, by case title. */
function caseStates(handle: PackHandle): Record<string, unknown> {
  const states: Record<string, unknown> = {};
  for (const task of handle.pack.tasks)
    for (const entry of casesOfTask(handle.pack, task)) {
      const rows = (state: typeof entry.before) =>
        Object.fromEntries(state.tableNames().map((table) => [table, state.rows(table)]));
      states[caseTitle(entry)] = { before: rows(entry.before), after: rows(entry.after) };
    }
  return states;
}

const entryFiles = (root: string) =>
  existsSync(planCacheDir(root))
    ? readdirSync(planCacheDir(root)).filter((name) => /^[0-9a-f]{32}\.json$/.test(name))
    : [];

afterEach(() => vi.restoreAllMocks());

describe('openPack through the plan cache', () => {
  it('reads an unchanged pack back from the plan cache of cwd, with the states loading derives', async () => {
    const { root, pack } = project();
    const loads = vi.spyOn(load, 'loadPackOrThrow');
    const cold = await openPack('pack', root);
    expect(loads).toHaveBeenCalledTimes(1);
    expect(entryFiles(root)).toHaveLength(1);
    const warm = await openPack('pack', root);
    expect(loads).toHaveBeenCalledTimes(1);
    expect(warm.pack.dir).toBe(pack);
    expect(warm.pack.manifest).toEqual(cold.pack.manifest);
    expect([...warm.pack.seeds]).toEqual([...cold.pack.seeds]);
    expect(warm.pack.tasks).toEqual(cold.pack.tasks);
    expect([...warm.pack.executions]).toEqual([...cold.pack.executions]);
    // The starter's outcomes are written as API calls: their after-states are derived.
    expect(caseStates(warm)).toEqual(caseStates(cold));
    expect(warm.task('starter_1').outcome('related', 'status-moved').case.label).toBe('invalid');
  });

  it('loads the pack again when one of its files changes', async () => {
    const { root, pack } = project();
    await openPack(pack, root);
    const file = path.join(pack, 'tasks/starter_1.json');
    const task = JSON.parse(readFileSync(file, 'utf8'));
    task.instruction = `${task.instruction} (edited)`;
    writeFileSync(file, JSON.stringify(task, null, 2));
    const loads = vi.spyOn(load, 'loadPackOrThrow');
    const edited = await openPack(pack, root);
    expect(loads).toHaveBeenCalledTimes(1);
    expect(edited.task('starter_1').public.instruction).toBe(task.instruction);
    expect(entryFiles(root)).toHaveLength(2);
  });

  it('shares its entry with a run over the same pack and root', async () => {
    const { root, pack } = project();
    await openPack(pack, root);
    const loads = vi.spyOn(load, 'loadPackOrThrow');
    const verifier = path.join(REPO, 'fixtures/verifiers/starter/correct/{task}.ts');
    const planned = await planRun(resolveOptions({ pack, verifier }, root));
    expect(loads).not.toHaveBeenCalled();
    expect(planned.tasks.map((entry) => entry.qualification.qualified)).toEqual([true, true]);
  });

  it('loads afresh, with a warning naming the entry, when the entry fails its seal', async () => {
    const { root, pack } = project();
    const fresh = await openPack(pack, root, { planCache: false });
    await openPack(pack, root);
    const [entry] = entryFiles(root);
    const entryFile = path.join(planCacheDir(root), entry!);
    const text = readFileSync(entryFile, 'utf8');
    const forged = text.replace('"status-moved"', '"status-kept"');
    expect(forged).not.toEqual(text);
    writeFileSync(entryFile, forged);
    const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const reopened = await openPack(pack, root);
    expect(warnings).toHaveBeenCalledWith(
      expect.stringMatching(
        `plan cache entry \\.agentproofbench/\\.plans/${entry!.replace('.', '\\.')} was not used: its content does not match its digest`,
      ),
    );
    expect(reopened.pack.tasks).toEqual(fresh.pack.tasks);
    // The entry was replaced by the pack just loaded: the next open reads it, silently.
    warnings.mockClear();
    const loads = vi.spyOn(load, 'loadPackOrThrow');
    expect((await openPack(pack, root)).pack.tasks).toEqual(fresh.pack.tasks);
    expect(loads).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });

  it('loads every time and writes no cache with planCache: false', async () => {
    const { root, pack } = project();
    const loads = vi.spyOn(load, 'loadPackOrThrow');
    await openPack(pack, root, { planCache: false });
    await openPack(pack, root, { planCache: false });
    expect(loads).toHaveBeenCalledTimes(2);
    expect(existsSync(planCacheDir(root))).toBe(false);
  });
});
