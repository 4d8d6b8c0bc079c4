import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPackOrThrow } from '../../src/pack/load.js';
import { conditionsOf, outcomesOf, type Pack } from '../../src/pack/pack.js';
import { qualifyPack } from '../../src/pack/qualify.js';
import { CATEGORIES } from '../../src/schema/reference.js';
import { SERVICES } from '../../src/schema/service.js';
import { RELATED_CHANGES } from '../../src/schema/task.js';

let pack: Pack;
beforeAll(async () => {
  pack = await loadPackOrThrow(path.resolve(import.meta.dirname, '../../fixtures/packs/builtin'));
});

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
