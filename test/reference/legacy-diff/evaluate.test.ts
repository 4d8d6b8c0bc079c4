import { describe, expect, it } from 'vitest';
import { evaluateLegacyDiff } from '../../../src/reference/legacy-diff/evaluate.js';
import { normalizeLegacyDiffSpec } from '../../../src/reference/legacy-diff/spec.js';
import { stateOf } from '../../import/agent-diff/support/mini.js';

const before = stateOf({
  issues: [
    {
      id: 'i-1',
      title: 'Proof chapter 3',
      stateId: 'ws-todo',
      assigneeId: 'u-bex',
      priority: 2,
      updatedAt: 't0',
    },
    {
      id: 'i-2',
      title: 'Order paper stock',
      stateId: 'ws-todo',
      assigneeId: null,
      priority: 3,
      updatedAt: 't0',
    },
  ],
  comments: [{ id: 'c-1', issueId: 'i-1', body: 'Waiting on proofs' }],
});

const evaluate = (spec: unknown, patch: Parameters<typeof before.apply>[0]) => {
  const { state, errors } = before.apply(patch);
  expect(errors).toEqual([]);
  return evaluateLegacyDiff(normalizeLegacyDiffSpec(spec), before, state);
};

const assign = {
  op: 'update',
  table: 'issues',
  key: { id: 'i-2' },
  set: { assigneeId: 'u-cyr', stateId: 'ws-prog', updatedAt: 't1' },
} as const;
const changedSpec = {
  ignore_fields: { global: ['updatedAt'] },
  assertions: [
    {
      diff_type: 'changed',
      entity: 'issues',
      where: { title: 'Order paper stock' },
      expected_changes: {
        assigneeId: { to: 'u-cyr' },
        stateId: { from: 'ws-todo', to: { eq: 'ws-prog' } },
      },
      expected_count: 1,
    },
  ],
};

describe('evaluateLegacyDiff: added / removed', () => {
  it('counts inserted rows matching where, exactly or within {min, max}', () => {
    const insert = {
      op: 'insert',
      table: 'comments',
      row: { id: 'c-2', issueId: 'i-1', body: 'Proofs are back' },
    } as const;
    const exact = {
      assertions: [
        {
          diff_type: 'added',
          entity: 'comments',
          where: { body: { i_contains: 'proofs' } },
          expected_count: 1,
        },
      ],
    };
    expect(evaluate(exact, [insert]).passed).toBe(true);
    const range = {
      assertions: [
        { diff_type: 'added', entity: 'comments', where: {}, expected_count: { min: 2 } },
      ],
    };
    expect(evaluate(range, [insert])).toMatchObject({
      passed: false,
      failures: ["assertion#1 comments expected count {'min': 2} but got 1"],
    });
  });

  it('without expected_count requires at least one match, in Agent-Diff words', () => {
    const spec = {
      assertions: [{ diff_type: 'removed', entity: 'comments', where: { id: 'c-1' } }],
    };
    expect(evaluate(spec, []).failures).toEqual([
      'assertion#1 comments expected at least 1 match but got 0',
    ]);
    expect(evaluate(spec, [{ op: 'delete', table: 'comments', key: { id: 'c-1' } }]).passed).toBe(
      true,
    );
  });

  it('scores assertions like Agent-Diff: passed / total and percent', () => {
    const spec = {
      assertions: [
        { diff_type: 'removed', entity: 'comments', where: {}, expected_count: 0 },
        { diff_type: 'added', entity: 'comments', where: {} },
      ],
    };
    expect(evaluate(spec, []).score).toEqual({ passed: 1, total: 2, percent: 50 });
  });
});

describe('evaluateLegacyDiff: changed', () => {
  it('passes when the expected fields change as described and nothing else does (ignores aside)', () => {
    const result = evaluate(changedSpec, [assign]);
    expect(result.passed).toBe(true);
    expect(result.assertions[0]!.matched.map((row) => row.id)).toEqual(['i-2']);
  });

  it('is strict: an unexpected changed field fails with the sorted field lists', () => {
    const result = evaluate(changedSpec, [{ ...assign, set: { ...assign.set, priority: 1 } }]);
    expect(result.failures).toEqual([
      "assertion#1 issues changed fields ['assigneeId', 'priority', 'stateId'] not subset of expected ['assigneeId', 'stateId']",
      'assertion#1 issues expected count 1 but got 0',
    ]);
  });

  it('strict: false lets other fields change', () => {
    const result = evaluate({ ...changedSpec, strict: false }, [
      { ...assign, set: { ...assign.set, priority: 1 } },
    ]);
    expect(result.passed).toBe(true);
  });

  it('a per-assertion ignore and a per-table suite ignore both widen what may change', () => {
    const patch = [{ ...assign, set: { ...assign.set, priority: 1 } }];
    const [assertion] = changedSpec.assertions;
    expect(
      evaluate({ ...changedSpec, assertions: [{ ...assertion, ignore: ['priority'] }] }, patch)
        .passed,
    ).toBe(true);
    expect(
      evaluate(
        { ...changedSpec, ignore_fields: { global: ['updatedAt'], issues: ['priority'] } },
        patch,
      ).passed,
    ).toBe(true);
    expect(
      evaluate(
        { ...changedSpec, ignore_fields: { global: ['updatedAt'], comments: ['priority'] } },
        patch,
      ).passed,
    ).toBe(false);
  });

  it('checks `from` against the before value and `to` against the after value', () => {
    const wrongFrom = {
      ...changedSpec,
      assertions: [
        {
          ...changedSpec.assertions[0],
          expected_changes: { assigneeId: { from: 'u-bex', to: 'u-cyr' }, stateId: {} },
        },
      ],
    };
    expect(evaluate(wrongFrom, [assign]).failures).toEqual([
      'assertion#1 issues expected count 1 but got 0',
    ]);
  });

  it('a field listed in expected_changes must actually change', () => {
    const spec = {
      ...changedSpec,
      assertions: [
        {
          ...changedSpec.assertions[0],
          expected_changes: { assigneeId: {}, stateId: {}, priority: {} },
        },
      ],
    };
    expect(evaluate(spec, [assign]).passed).toBe(false);
  });

  it('finds the row when where holds before or after the change', () => {
    const renamed = {
      op: 'update',
      table: 'issues',
      key: { id: 'i-2' },
      set: { title: 'Order more paper' },
    } as const;
    const byOldTitle = {
      assertions: [
        {
          diff_type: 'changed',
          entity: 'issues',
          where: { title: 'Order paper stock' },
          expected_changes: { title: { to: 'Order more paper' } },
        },
      ],
    };
    const byNewTitle = {
      assertions: [
        {
          diff_type: 'changed',
          entity: 'issues',
          where: { title: 'Order more paper' },
          expected_changes: { title: {} },
        },
      ],
    };
    expect(evaluate(byOldTitle, [renamed]).passed).toBe(true);
    expect(evaluate(byNewTitle, [renamed]).passed).toBe(true);
  });

  it('rows that changed only in ignored columns are neither matched nor strict failures', () => {
    const touched = {
      op: 'update',
      table: 'issues',
      key: { id: 'i-2' },
      set: { updatedAt: 't9' },
    } as const;
    const result = evaluate(
      { ...changedSpec, assertions: [{ ...changedSpec.assertions[0], expected_count: 0 }] },
      [touched],
    );
    expect(result).toMatchObject({ passed: true, failures: [] });
  });
});
