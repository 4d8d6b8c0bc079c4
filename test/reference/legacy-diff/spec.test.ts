import { describe, expect, it } from 'vitest';
import {
  LegacyDiffSpecError,
  normalizeLegacyDiffSpec,
  validateLegacyDiffSpec,
} from '../../../src/reference/legacy-diff/spec.js';

describe('legacy-diff spec', () => {
  it('normalises literal shorthand in where and in expected_changes to {eq}', () => {
    const spec = normalizeLegacyDiffSpec({
      assertions: [
        {
          diff_type: 'changed',
          entity: 'issues',
          where: { title: 'Order paper stock', trashed: false },
          expected_changes: { stateId: { from: 'ws-todo', to: null } },
        },
      ],
    });
    expect(spec.assertions[0]!.where).toEqual({
      title: { eq: 'Order paper stock' },
      trashed: { eq: false },
    });
    expect(spec.assertions[0]!.expected_changes).toEqual({
      stateId: { from: { eq: 'ws-todo' }, to: { eq: null } },
    });
  });

  it('is strict by default and keeps the suite ignores and per-assertion ignores', () => {
    const spec = normalizeLegacyDiffSpec({
      ignore_fields: { global: ['updatedAt'], issues: ['sortOrder'] },
      assertions: [
        { diff_type: 'added', entity: 'issues', ignore: ['a'] },
        { diff_type: 'added', entity: 'issues' },
      ],
    });
    expect(spec.strict).toBe(true);
    expect(spec.ignoreFields).toEqual({ global: ['updatedAt'], issues: ['sortOrder'] });
    expect(spec.assertions.map((assertion) => assertion.ignore)).toEqual([['a'], []]);
  });

  it("refuses what Agent-Diff's compiler refuses, each at its JSON path", () => {
    const at = (spec: unknown) =>
      validateLegacyDiffSpec(spec).map(
        (problem) => `${problem.path.join('.')}: ${problem.message}`,
      );
    const one = (where: unknown, extra: Record<string, unknown> = {}) => ({
      assertions: [{ diff_type: 'added', entity: 'issues', where, ...extra }],
    });
    expect(at(one({ title: { not_eq: 'x' } }))).toEqual([
      expect.stringMatching(/^assertions\.0\.where\.title\.not_eq: unknown operator "not_eq"/),
    ]);
    expect(at(one({ priority: { gt: 1, lt: 3 } }))).toEqual([
      expect.stringMatching(
        /^assertions\.0\.where\.priority: a predicate has exactly one operator \(got gt, lt\)/,
      ),
    ]);
    expect(at(one({ priority: {} }))).toEqual([
      expect.stringMatching(/^assertions\.0\.where\.priority: .*an empty predicate/),
    ]);
    expect(at(one({ id: { in: 'abc' } }))).toEqual([
      'assertions.0.where.id.in: the operand of "in" must be a non-empty array, got "abc"',
    ]);
    expect(at(one({ id: { in: [] } }))).toHaveLength(1);
    expect(at(one({ priority: { gt: '2' } }))).toEqual([
      'assertions.0.where.priority.gt: the operand of "gt" must be a number, got "2"',
    ]);
    expect(at(one({ dueDate: { exists: 1 } }))).toEqual([
      'assertions.0.where.dueDate.exists: the operand of "exists" must be a boolean, got 1',
    ]);
    expect(at(one({ labels: ['a'] }))).toEqual([
      expect.stringMatching(/^assertions\.0\.where\.labels: expected a literal .* got a list/),
    ]);
    expect(at(one({}, { ignore_fields: ['updatedAt'] }))).toEqual([
      expect.stringMatching(/^assertions\.0: .*ignore_fields/),
    ]);
    expect(at(one({}, { ignore: ['a', 'a'] }))).toEqual([
      'assertions.0.ignore: a field is listed twice',
    ]);
    expect(at({ assertions: [] })).toEqual([expect.stringMatching(/^assertions: /)]);
    expect(
      at({ assertions: [{ diff_type: 'changed', entity: 'issues', expected_changes: {} }] }),
    ).toEqual([
      'assertions.0.expected_changes: a changed assertion lists at least one expected change',
    ]);
    expect(at({ ...one({}), ignore_fields: { 'bad-name': ['x'] } })).toHaveLength(1);
    expect(at({ ...one({}), version: '0.2' })).toHaveLength(1);
  });

  it('accepts the documented top-level version, scenario, task and aggregates, and unchanged', () => {
    expect(
      validateLegacyDiffSpec({
        version: '0.1',
        scenario: 'Move an issue',
        task: 'Move it to In Progress',
        aggregates: [{ fn: 'count', field: 'id', op: 'eq', value: 1 }],
        assertions: [
          { diff_type: 'unchanged', entity: 'issues' },
          { diff_type: 'added', entity: 'issues', where: { priority: { gte: 1 }, title: 'x' } },
        ],
        strict: false,
      }),
    ).toEqual([]);
  });

  it('reports each problem with its path inside the spec', () => {
    const problems = validateLegacyDiffSpec({
      assertions: [
        { diff_type: 'updated', entity: 'issues' },
        {
          diff_type: 'added',
          entity: 'issues',
          where: { title: { like: 'x' } },
          expected_count: -1,
        },
      ],
    });
    const paths = problems.map((problem) => problem.path.join('.'));
    expect(paths).toContain('assertions.0.diff_type');
    expect(paths).toContain('assertions.1.where.title.like');
    expect(paths).toContain('assertions.1.expected_count');
  });

  it('throws an error that says what a spec should look like', () => {
    expect(() => normalizeLegacyDiffSpec({ checks: [] })).toThrow(LegacyDiffSpecError);
    expect(() => normalizeLegacyDiffSpec({ checks: [] })).toThrow(
      /expected \{assertions: \[\{diff_type, entity, where/,
    );
  });
});
