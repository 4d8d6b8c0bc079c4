import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packComposition } from '../../src/pack/composition.js';
import { loadPackOrThrow } from '../../src/pack/load.js';
import { conditionsOf, outcomesOf, type Pack } from '../../src/pack/pack.js';
import { qualifyPack } from '../../src/pack/qualify.js';
import { CATEGORIES } from '../../src/schema/reference.js';
import { SERVICES } from '../../src/schema/service.js';
import { RELATED_CHANGES, TRAPS } from '../../src/schema/task.js';

let pack: Pack;
// Loading derives the states written as calls through the write models: allow a loaded machine.
beforeAll(async () => {
  pack = await loadPackOrThrow(path.resolve(import.meta.dirname, '../../fixtures/packs/builtin'));
}, 60_000);

describe('the built-in pack', () => {
  it('qualifies every task', () => {
    const failing = qualifyPack(pack).filter((result) => !result.qualified);
    expect(
      failing.map((result) => [result.task, result.problems.map((problem) => problem.message)]),
    ).toEqual([]);
  });

  it('has at least 16 families, at least 4 tasks per service, each family within one service', () => {
    const families = new Set(pack.tasks.map((task) => task.family));
    expect(families.size).toBeGreaterThanOrEqual(16);
    for (const family of families)
      expect(
        new Set(pack.tasks.filter((task) => task.family === family).map((task) => task.service))
          .size,
        family,
      ).toBe(1);
    for (const service of SERVICES)
      expect(
        pack.tasks.filter((task) => task.service === service).length,
        service,
      ).toBeGreaterThanOrEqual(4);
  });

  it('gives every task all three conditions, a witness, a complete outcome and two typed faults per condition', () => {
    for (const task of pack.tasks) {
      expect(conditionsOf(task), task.id).toEqual(['source', 'background', 'related']);
      expect(task.witness, task.id).toBeDefined();
      for (const condition of conditionsOf(task)) {
        const outcomes = outcomesOf(task, condition);
        expect(
          outcomes.filter((outcome) => outcome.role === 'complete'),
          `${task.id} ${condition}`,
        ).toHaveLength(1);
        expect(
          outcomes.filter((outcome) => outcome.role === 'fault').length,
          `${task.id} ${condition}`,
        ).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('covers every related-change kind and every fault category, and has prefix outcomes in at least four tasks', () => {
    expect(new Set(pack.tasks.map((task) => task.conditions.related?.change))).toEqual(
      new Set(RELATED_CHANGES),
    );
    const faults = new Set(
      pack.tasks.flatMap((task) =>
        conditionsOf(task).flatMap((condition) =>
          outcomesOf(task, condition).map((outcome) => outcome.fault),
        ),
      ),
    );
    for (const category of CATEGORIES) expect(faults.has(category), category).toBe(true);
    expect(
      pack.tasks.filter((task) =>
        outcomesOf(task, 'source').some((outcome) => outcome.role === 'prefix'),
      ).length,
    ).toBeGreaterThanOrEqual(4);
  });

  it('declares a 24-state timing panel drawn from its tasks, spanning every service', () => {
    const panel = pack.manifest.timingPanel;
    expect(panel).toHaveLength(24);
    expect(new Set(panel.map((ref) => `${ref.task}/${ref.condition}/${ref.outcome}`)).size).toBe(
      24,
    );
    expect(new Set(panel.map((ref) => pack.task(ref.task).service))).toEqual(new Set(SERVICES));
  });
});

// The scale family resampling needs (docs/pack-format.md, Composition): families per
// service, families of two tasks, every trap in several tasks, every related change and
// fault category well represented.
describe('the built-in pack composition', () => {
  const composition = () => packComposition(pack.tasks);

  it('has at least 64 tasks in at least 48 families, at least 12 per service', () => {
    expect(composition().tasks.total).toBeGreaterThanOrEqual(64);
    expect(composition().families.total).toBeGreaterThanOrEqual(48);
    for (const service of SERVICES)
      expect(composition().families.byService[service], service).toBeGreaterThanOrEqual(12);
  });

  it('has at least 12 families of two or more tasks, each with distinct instructions', () => {
    expect(composition().families.withTwoOrMoreTasks).toBeGreaterThanOrEqual(12);
    const instructions = new Map<string, Set<string>>();
    for (const task of pack.tasks)
      instructions.set(
        task.family,
        (instructions.get(task.family) ?? new Set()).add(task.instruction),
      );
    for (const [family, set] of instructions) {
      const size = pack.tasks.filter((task) => task.family === family).length;
      expect(set.size, family).toBe(size);
    }
  });

  it('names every trap in at least three tasks and every related change in at least ten', () => {
    for (const trap of TRAPS) expect(composition().traps[trap], trap).toBeGreaterThanOrEqual(3);
    for (const change of RELATED_CHANGES)
      expect(composition().relatedChanges[change], change).toBeGreaterThanOrEqual(10);
    for (const task of pack.tasks) expect(task.traps?.length ?? 0, task.id).toBeGreaterThan(0);
  });

  it('plants at least 30 distinct faults of every category', () => {
    for (const category of CATEGORIES)
      expect(composition().faults[category].distinct, category).toBeGreaterThanOrEqual(30);
  });
});
