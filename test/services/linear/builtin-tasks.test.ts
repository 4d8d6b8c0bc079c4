import { describe, expect, it } from 'vitest';
import { conditionsOf, outcomesOf } from '../../../src/pack/pack.js';
import { qualifyTask } from '../../../src/pack/qualify.js';
import { evaluateReference } from '../../../src/reference/index.js';
import type { PatchOp } from '../../../src/schema/patch.js';
import { CATEGORIES } from '../../../src/schema/reference.js';
import { RELATED_CHANGES } from '../../../src/schema/task.js';
import { DEFAULT_PAGE_SIZE } from '../../../src/services/linear/paging.js';
import type { State } from '../../../src/state/state.js';
import { loadBuiltinPack } from '../../support/verifier-harness.js';

// Through the plan cache: the pack is only this test's fixture (test/run/open-pack.test.ts).
const pack = await loadBuiltinPack();
const tasks = pack.tasks.filter((task) => task.service === 'linear');

/** Row changes that a Linear call could not have produced. */
function unrealistic(op: PatchOp, base: State): string[] {
  const problems: string[] = [];
  if (op.op === 'insert') {
    const sample = base.rows(op.table)[0];
    const missing = Object.keys(sample ?? {}).filter((column) => !(column in op.row));
    if (missing.length > 0) problems.push(`insert into ${op.table} lacks ${missing.join(', ')}`);
  }
  if (
    op.op === 'update' &&
    ['issues', 'users', 'comments'].includes(op.table) &&
    !('updatedAt' in op.set)
  ) {
    problems.push(`update of ${op.table} ${JSON.stringify(op.key)} leaves updatedAt`);
  }
  if (op.op === 'update' && op.table === 'issues' && 'stateId' in op.set) {
    const type = base.get('workflow_states', { id: String(op.set.stateId) })?.type;
    if (type === 'completed' && !op.set.completedAt)
      problems.push('moved to a completed state without completedAt');
    if (type === 'canceled' && !op.set.canceledAt)
      problems.push('moved to a canceled state without canceledAt');
  }
  return problems;
}

describe('the built-in Linear tasks', () => {
  it('are linear_1..linear_16 in at least 12 families, four of them holding two tasks', () => {
    expect(tasks.map((task) => task.id)).toEqual(
      Array.from({ length: 16 }, (_, index) => `linear_${index + 1}`).sort(),
    );
    const perFamily = new Map<string, number>();
    for (const task of tasks) perFamily.set(task.family, (perFamily.get(task.family) ?? 0) + 1);
    expect(perFamily.size).toBeGreaterThanOrEqual(12);
    expect([...perFamily.values()].filter((count) => count >= 2).length).toBeGreaterThanOrEqual(4);
  });

  it('name every related-change kind in at least three tasks and every trap they use in at least two', () => {
    for (const change of RELATED_CHANGES)
      expect(
        tasks.filter((task) => task.conditions.related?.change === change).length,
        change,
      ).toBeGreaterThanOrEqual(3);
    const traps = new Map<string, number>();
    for (const task of tasks)
      for (const trap of task.traps ?? []) traps.set(trap, (traps.get(trap) ?? 0) + 1);
    for (const trap of [
      'shared-name',
      'renamed-entity',
      'pagination',
      'archived-or-trashed',
      'case-whitespace',
      'copied-value',
      'preserve-across-tables',
      'legal-alternative',
    ])
      expect(traps.get(trap) ?? 0, trap).toBeGreaterThanOrEqual(2);
  });

  it('hold at least eight distinct faults of each category', () => {
    for (const category of CATEGORIES) {
      const faults = new Set(
        tasks.flatMap((task) =>
          conditionsOf(task).flatMap((condition) =>
            outcomesOf(task, condition)
              .filter((outcome) => outcome.fault === category)
              .map((outcome) => `${task.id}/${outcome.id}`),
          ),
        ),
      );
      expect(faults.size, category).toBeGreaterThanOrEqual(8);
    }
  });

  it('make the pagination tasks span more than one default page of issues', () => {
    for (const task of tasks.filter((candidate) => candidate.traps?.includes('pagination'))) {
      for (const condition of conditionsOf(task)) {
        const complete = outcomesOf(task, condition).find((outcome) => outcome.role === 'complete');
        const edited = new Set(
          complete?.patch.map((op) => JSON.stringify('key' in op ? op.key : op.row)),
        );
        expect(edited.size, `${task.id}/${condition}`).toBeGreaterThan(DEFAULT_PAGE_SIZE);
      }
    }
  });

  it.each(tasks.map((task) => [task.id, task] as const))('%s qualifies', (_id, task) => {
    const qualification = qualifyTask(pack, task);
    expect(qualification.problems).toEqual([]);
  });

  it('cover at least three related-change kinds and four fault categories', () => {
    const changes = new Set(tasks.map((task) => task.conditions.related?.change));
    expect(
      [...changes].filter((change) => change && RELATED_CHANGES.includes(change)).length,
    ).toBeGreaterThanOrEqual(3);
    const faults = new Set(
      tasks
        .flatMap((task) =>
          conditionsOf(task).flatMap((condition) =>
            outcomesOf(task, condition).map((outcome) => outcome.fault),
          ),
        )
        .filter(Boolean),
    );
    expect(faults.size).toBeGreaterThanOrEqual(4);
  });

  it('give every condition a complete outcome and two faults, and a prefix in at least one task', () => {
    for (const task of tasks) {
      for (const condition of conditionsOf(task)) {
        const roles = outcomesOf(task, condition).map((outcome) => outcome.role);
        expect(
          roles.filter((role) => role === 'complete'),
          `${task.id}/${condition}`,
        ).toHaveLength(1);
        expect(
          roles.filter((role) => role === 'fault').length,
          `${task.id}/${condition}`,
        ).toBeGreaterThanOrEqual(2);
      }
    }
    expect(
      tasks.some((task) =>
        conditionsOf(task).every((condition) =>
          outcomesOf(task, condition).some((outcome) => outcome.role === 'prefix'),
        ),
      ),
    ).toBe(true);
  });

  it('make every fault fail a reference check of its own category', () => {
    for (const task of tasks) {
      for (const condition of conditionsOf(task)) {
        for (const outcome of outcomesOf(task, condition).filter(
          (candidate) => candidate.role === 'fault',
        )) {
          const { before, after } = pack.states(task, condition, outcome.id);
          const failing = evaluateReference(task.reference, before, after)
            .checks.filter((check) => !check.ok)
            .map((check) => check.category);
          expect(failing, `${task.id}/${condition}/${outcome.id}`).toContain(outcome.fault);
        }
      }
    }
  });

  it('only write row changes a Linear call would produce', () => {
    const problems: string[] = [];
    for (const task of tasks) {
      for (const condition of conditionsOf(task)) {
        const before = pack.before(task, condition);
        for (const op of task.conditions[condition]?.patch ?? [])
          problems.push(
            ...unrealistic(op, pack.seedState(task.seed)).map(
              (p) => `${task.id} ${condition}: ${p}`,
            ),
          );
        for (const outcome of outcomesOf(task, condition)) {
          for (const op of outcome.patch)
            problems.push(
              ...unrealistic(op, before).map((p) => `${task.id} ${condition}/${outcome.id}: ${p}`),
            );
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
