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

  it('is strict by default and keeps the suite ignores and per-assertion ignores (ignore_fields wins)', () => {
    const spec = normalizeLegacyDiffSpec({
      ignore_fields: { global: ['updatedAt'], issues: ['sortOrder'] },
      assertions: [
        { diff_type: 'added', entity: 'issues', ignore: ['a'] },
        { diff_type: 'added', entity: 'issues', ignore: ['a'], ignore_fields: ['b'] },
      ],
    });
    expect(spec.strict).toBe(true);
    expect(spec.ignoreFields).toEqual({ global: ['updatedAt'], issues: ['sortOrder'] });
    expect(spec.assertions.map((assertion) => assertion.ignore)).toEqual([['a'], ['b']]);
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
    expect(paths).toContain('assertions.1.where.title');
    expect(paths).toContain('assertions.1.expected_count');
  });

  it('throws an error that says what a spec should look like', () => {
    expect(() => normalizeLegacyDiffSpec({ checks: [] })).toThrow(LegacyDiffSpecError);
    expect(() => normalizeLegacyDiffSpec({ checks: [] })).toThrow(
      /expected \{assertions: \[\{diff_type, entity, where/,
    );
  });
});
