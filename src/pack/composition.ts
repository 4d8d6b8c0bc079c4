import type { Category } from '../schema/reference.js';
import { CATEGORIES } from '../schema/reference.js';
import type { Service } from '../schema/service.js';
import { SERVICES } from '../schema/service.js';
import {
  CONDITIONS,
  type ConditionName,
  RELATED_CHANGES,
  type RelatedChange,
  type Task,
  TRAPS,
  type Trap,
} from '../schema/task.js';
import { conditionsOf, outcomesOf } from './pack.js';

/**
 * What a pack is made of, counted from its tasks (docs/pack-format.md, Composition): how
 * many families and how many of them hold more than one task (family resampling only means
 * something then), which traps and related changes it exercises, and how many faults of each
 * category it plants.
 */
export interface PackComposition {
  tasks: { total: number; byService: Record<Service, number> };
  families: {
    total: number;
    byService: Record<Service, number>;
    /** Families holding at least two tasks. */
    withTwoOrMoreTasks: number;
  };
  /** Per trap, how many tasks name it. */
  traps: Record<Trap, number>;
  /** Per related-change kind, how many tasks' `related` condition moves it. */
  relatedChanges: Record<RelatedChange, number>;
  /**
   * Per fault category: `distinct` fault outcomes (a task's outcome id counted once however
   * many panels repeat it) and `states` (fault outcomes summed over every condition's panel).
   */
  faults: Record<Category, { distinct: number; states: number }>;
  /** Panel outcomes per condition, and witness states (two per task with a witness). */
  states: Record<ConditionName, number> & { witness: number; total: number };
}

function zeros<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
}

export function packComposition(tasks: readonly Task[]): PackComposition {
  const familiesByService = new Map<Service, Set<string>>();
  const tasksPerFamily = new Map<string, number>();
  const composition: PackComposition = {
    tasks: { total: tasks.length, byService: zeros(SERVICES) },
    families: { total: 0, byService: zeros(SERVICES), withTwoOrMoreTasks: 0 },
    traps: zeros(TRAPS),
    relatedChanges: zeros(RELATED_CHANGES),
    faults: Object.fromEntries(
      CATEGORIES.map((category) => [category, { distinct: 0, states: 0 }]),
    ) as PackComposition['faults'],
    states: { ...zeros(CONDITIONS), witness: 0, total: 0 },
  };
  for (const task of tasks) {
    composition.tasks.byService[task.service] += 1;
    const families = familiesByService.get(task.service) ?? new Set<string>();
    families.add(task.family);
    familiesByService.set(task.service, families);
    tasksPerFamily.set(task.family, (tasksPerFamily.get(task.family) ?? 0) + 1);
    for (const trap of task.traps ?? []) composition.traps[trap] += 1;
    const change = task.conditions.related?.change;
    if (change) composition.relatedChanges[change] += 1;
    const distinct = new Map<string, Category>();
    for (const condition of conditionsOf(task)) {
      const outcomes = outcomesOf(task, condition);
      composition.states[condition] += outcomes.length;
      for (const outcome of outcomes) {
        if (!outcome.fault) continue;
        composition.faults[outcome.fault].states += 1;
        distinct.set(outcome.id, outcome.fault);
      }
    }
    for (const category of distinct.values()) composition.faults[category].distinct += 1;
    if (task.witness && task.conditions.related) composition.states.witness += 2;
  }
  for (const [service, families] of familiesByService)
    composition.families.byService[service] = families.size;
  composition.families.total = tasksPerFamily.size;
  composition.families.withTwoOrMoreTasks = [...tasksPerFamily.values()].filter(
    (count) => count >= 2,
  ).length;
  composition.states.total =
    CONDITIONS.reduce((sum, condition) => sum + composition.states[condition], 0) +
    composition.states.witness;
  return composition;
}

/** Counts as `name n, name n, …` in key order: how `validate` and the pack README print them. */
export function countList(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
}
