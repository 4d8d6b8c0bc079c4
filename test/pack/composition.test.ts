import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packComposition } from '../../src/pack/composition.js';
import { type Task, TaskSchema } from '../../src/schema/task.js';
import { taskWithPatches } from '../../src/schema/with-patches.js';

const starter = (id: string): Task =>
  taskWithPatches(
    TaskSchema.parse(
      JSON.parse(
        readFileSync(
          path.resolve(import.meta.dirname, `../../fixtures/packs/starter/tasks/${id}.json`),
          'utf8',
        ),
      ),
    ),
  );

describe('packComposition', () => {
  const one = starter('starter_1');
  const two = starter('starter_2');

  it('counts tasks, families and the families that hold two or more tasks', () => {
    const twin: Task = { ...two, id: 'starter_2b', family: one.family, traps: ['shared-name'] };
    const composition = packComposition([
      { ...one, traps: ['shared-name', 'pagination'] },
      two,
      twin,
    ]);
    expect(composition.tasks.total).toBe(3);
    expect(composition.tasks.byService.linear).toBe(3);
    expect(composition.families.total).toBe(2);
    expect(composition.families.withTwoOrMoreTasks).toBe(1);
    expect(composition.traps['shared-name']).toBe(3);
    expect(composition.traps['renamed-entity']).toBe(1);
    expect(composition.traps.pagination).toBe(1);
    expect(composition.traps.recurrence).toBe(0);
  });

  it('counts a fault once per task however many panels repeat it, and every panel state', () => {
    const composition = packComposition([one]);
    const faults = Object.values(one.outcomes)
      .flat()
      .filter((outcome) => outcome?.fault);
    const distinct = new Set(faults.map((outcome) => outcome!.id));
    const totalDistinct = Object.values(composition.faults).reduce((s, c) => s + c.distinct, 0);
    const totalStates = Object.values(composition.faults).reduce((s, c) => s + c.states, 0);
    expect(totalDistinct).toBe(distinct.size);
    expect(totalStates).toBe(faults.length);
  });

  it('counts the related change of each task and the witness pairs', () => {
    const composition = packComposition([one, two]);
    const changes = [one, two].map((task) => task.conditions.related?.change);
    for (const change of ['binding', 'value', 'membership', 'preservation'] as const)
      expect(composition.relatedChanges[change]).toBe(changes.filter((c) => c === change).length);
    const withWitness = [one, two].filter((task) => task.witness && task.conditions.related);
    expect(composition.states.witness).toBe(withWitness.length * 2);
  });
});
