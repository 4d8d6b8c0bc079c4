import { describe, expect, it } from 'vitest';
import { evaluateReference } from '../../../src/reference/evaluate.js';
import { LEGACY_DIFF_KIND } from '../../../src/reference/legacy-diff/kind.js';
import { getReferenceKind } from '../../../src/reference/reference-kinds.js';
import { stateOf } from '../../import/agent-diff/support/mini.js';

const before = stateOf({ comments: [{ id: 'c-1', issueId: 'i-1', body: 'first' }] });
const reference = {
  kind: LEGACY_DIFF_KIND,
  version: 1,
  spec: {
    assertions: [
      {
        diff_type: 'added',
        entity: 'comments',
        where: { issueId: 'i-1' },
        expected_count: 1,
        description: 'one new comment on PRD-1',
      },
    ],
  },
};

describe('legacy-diff reference kind', () => {
  it('is registered with the reference kinds without any import of the importer', () => {
    expect(getReferenceKind(LEGACY_DIFF_KIND)?.kind).toBe(LEGACY_DIFF_KIND);
  });

  it('labels through evaluateReference, one check per assertion with the Agent-Diff message', () => {
    const after = before.apply([
      { op: 'insert', table: 'comments', row: { id: 'c-2', issueId: 'i-1', body: 'second' } },
    ]).state;
    const valid = evaluateReference(reference, before, after);
    expect(valid.label).toBe('valid');
    expect(valid.checks).toHaveLength(1);
    expect(valid.checks[0]).toMatchObject({
      name: 'assertion#1 added comments',
      category: 'set',
      reason: 'one new comment on PRD-1',
      ok: true,
    });
    expect(valid.checks[0]!.evidence.rows).toEqual([{ table: 'comments', key: { id: 'c-2' } }]);

    const invalid = evaluateReference(reference, before, before);
    expect(invalid.label).toBe('invalid');
    expect(invalid.checks[0]).toMatchObject({
      ok: false,
      message: 'assertion#1 comments expected count 1 but got 0',
    });
  });

  it('validates specs for the pack loader and reports a broken spec as a qualification error', () => {
    const engine = getReferenceKind(LEGACY_DIFF_KIND)!;
    expect(
      engine
        .validate({ assertions: [{ diff_type: 'added' }] })
        .map((problem) => problem.path.join('.')),
    ).toEqual(['assertions.0.entity']);
    const result = evaluateReference(
      { kind: LEGACY_DIFF_KIND, version: 1, spec: { assertions: 'none' } },
      before,
      before,
    );
    expect(result.label).toBe('invalid');
    expect(result.qualificationErrors[0]).toMatch(/^APB_LEGACY_DIFF_SPEC/);
  });

  it("labels a state invalid where Agent-Diff's engine raises, with a failing check that says so", () => {
    const tagged = stateOf({ comments: [{ id: 'c-1', issueId: 'i-1', body: 'first' }] });
    const after = tagged.apply([
      { op: 'insert', table: 'comments', row: { id: 'c-2', issueId: 'i-1', body: 'v2 ready' } },
    ]).state;
    const raising = {
      kind: LEGACY_DIFF_KIND,
      version: 1,
      spec: {
        assertions: [{ diff_type: 'added', entity: 'comments', where: { body: { has_any: [2] } } }],
      },
    };
    const result = evaluateReference(raising, tagged, after);
    expect(result.label).toBe('invalid');
    expect(result.qualificationErrors).toEqual([]);
    expect(result.checks).toEqual([
      expect.objectContaining({
        name: 'Agent-Diff engine error',
        ok: false,
        message: expect.stringMatching(
          /^assertion#1 comments has_any: Agent-Diff's engine raises TypeError/,
        ),
      }),
    ]);
    // With no added row the where clause never runs: no error, an ordinary count failure.
    expect(evaluateReference(raising, tagged, tagged).checks[0]!.name).toBe(
      'assertion#1 added comments',
    );
  });

  it('reports a contains whose answer depends on int-versus-float number text as a qualification error', () => {
    const after = before.apply([
      { op: 'insert', table: 'comments', row: { id: 'c-2', issueId: 'i-1', body: { votes: 3 } } },
    ]).state;
    const result = evaluateReference(
      {
        kind: LEGACY_DIFF_KIND,
        version: 1,
        spec: {
          assertions: [
            { diff_type: 'added', entity: 'comments', where: { body: { contains: '3.0' } } },
          ],
        },
      },
      before,
      after,
    );
    expect(result.label).toBe('invalid');
    expect(result.qualificationErrors[0]).toMatch(
      /^APB_AGENT_DIFF_NUMBER_TEXT: assertion#1 comments contains: whether the JSON text contains "3.0" depends/,
    );
  });
});
