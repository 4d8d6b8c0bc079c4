import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TaskSchema } from '../../src/schema/task.js';

const task = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../../fixtures/packs/starter/tasks/starter_1.json'),
    'utf8',
  ),
);

function issuesOf(value: unknown) {
  const result = TaskSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path, issue.message]);
}

describe('TaskSchema', () => {
  it('accepts the starter task with traps named', () => {
    expect(issuesOf({ ...task, traps: ['shared-name', 'copied-value'] })).toEqual([]);
  });

  it('refuses a related condition that does not name what it moves', () => {
    const related = { ...task.conditions.related };
    delete related.change;
    expect(issuesOf({ ...task, conditions: { ...task.conditions, related } })).toEqual([
      [
        ['conditions', 'related', 'change'],
        'a related condition names what it moves: binding, value, membership or preservation',
      ],
    ]);
  });

  it('refuses an unknown trap and a trap listed twice', () => {
    expect(issuesOf({ ...task, traps: ['pagination', 'pagination'] })).toEqual([
      [['traps', 1], 'trap pagination is listed twice'],
    ]);
    expect(issuesOf({ ...task, traps: ['guesswork'] })[0]?.[0]).toEqual(['traps', 0]);
  });
});
