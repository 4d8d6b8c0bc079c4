import { describe, expect, it } from 'vitest';
import { evaluateDeclarative } from '../../src/reference/evaluate.js';
import { registerPredicate } from '../../src/reference/predicates.js';
import type { Patch } from '../../src/schema/patch.js';
import {
  type Check,
  type DeclarativeReference,
  DeclarativeReferenceSchema,
} from '../../src/schema/reference.js';
import type { Seed } from '../../src/schema/seed.js';
import { State } from '../../src/state/state.js';

const seed: Seed = {
  name: 'ref-test',
  service: 'linear',
  tables: {
    users: {
      key: ['id'],
      rows: [
        { id: 'u1', name: 'Rashida Diaz' },
        { id: 'u2', name: 'Rashida Diaz-Moore' },
        { id: 'u3', name: 'Ines Vale' },
      ],
    },
    issues: {
      key: ['id'],
      rows: [
        {
          id: 'i1',
          title: 'Plot B3',
          status: 'Active',
          assigneeId: null,
          meta: '{"area":{"m2":12}}',
        },
        { id: 'i2', title: 'Plot B3 (archive)', status: 'Dormant', assigneeId: 'u3', meta: null },
        { id: 'i3', title: 'Plot C1', status: 'Active', assigneeId: 'u1', meta: null },
      ],
    },
    members: {
      key: ['teamId', 'userId'],
      rows: [
        { teamId: 't1', userId: 'u1' },
        { teamId: 't1', userId: 'u3' },
      ],
    },
  },
};
const base = State.fromSeed(seed);

const reference = (
  checks: unknown[],
  selectors: Record<string, unknown> = {},
): DeclarativeReference =>
  DeclarativeReferenceSchema.parse({
    version: 1,
    selectors: {
      b3: { table: 'issues', where: { title: 'Plot B3' } },
      rashida: { table: 'users', where: { name: 'Rashida Diaz' } },
      ...selectors,
    },
    checks,
  });
const run = (ref: DeclarativeReference, patch: Patch, before: State = base) =>
  evaluateDeclarative(ref, before, before.apply(patch).state);
const check = (c: Partial<Check> & { kind: Check['kind'] }) => ({
  name: c.kind,
  category: 'value',
  reason: 'test',
  ...c,
});

/** One insert, one delete and one update of the issues table. */
const INSERT_DELETE_UPDATE: Patch = [
  {
    op: 'insert',
    table: 'issues',
    row: { id: 'i9', title: 'New', status: 'Active', assigneeId: null, meta: null },
  },
  { op: 'delete', table: 'issues', key: { id: 'i2' } },
  { op: 'update', table: 'issues', key: { id: 'i3' }, set: { status: 'Dormant' } },
];

describe('selectors', () => {
  it('resolve from the current before-state, exactly as named (no prefix match)', () => {
    const ref = reference([
      check({
        kind: 'field',
        target: 'b3',
        field: 'assigneeId',
        expect: { ref: 'rashida', field: 'id' },
      }),
    ]);
    const result = run(ref, [
      { op: 'update', table: 'issues', key: { id: 'i1' }, set: { assigneeId: 'u1' } },
    ]);
    expect(result.label).toBe('valid');
    expect(result.checks[0]!.evidence).toMatchObject({
      rows: [{ table: 'issues', key: { id: 'i1' } }],
      actual: 'u1',
    });
  });

  it('a selector matching 2 rows when 1 is required is a qualification error, not a pick', () => {
    const ref = reference(
      [
        check({
          kind: 'field',
          target: 'b3',
          field: 'assigneeId',
          expect: { ref: 'rashida', field: 'id' },
        }),
      ],
      {
        rashida: { table: 'users', where: { name: { startsWith: 'Rashida' } } },
      },
    );
    const result = run(ref, [
      { op: 'update', table: 'issues', key: { id: 'i1' }, set: { assigneeId: 'u1' } },
    ]);
    expect(result.label).toBe('invalid');
    expect(result.qualificationErrors).toEqual([
      expect.stringContaining('matched 2 row(s) in the before-state; expected exactly 1'),
    ]);
    expect(result.checks[0]!.ok).toBe(false);
  });

  it('a selector matching 0 rows is a qualification error too', () => {
    const ref = reference([check({ kind: 'preserved', target: 'b3', fields: ['status'] })], {
      b3: { table: 'issues', where: { title: 'Plot Z9' } },
    });
    expect(run(ref, []).qualificationErrors[0]).toContain('matched 0 row(s)');
  });

  it('re-resolve when the before-state moves the name to another row (binding)', () => {
    const ref = reference([
      check({
        kind: 'field',
        target: 'b3',
        field: 'assigneeId',
        expect: { ref: 'rashida', field: 'id' },
      }),
    ]);
    const related = base.apply([
      { op: 'update', table: 'users', key: { id: 'u1' }, set: { name: 'Rashida Diaz (left)' } },
      { op: 'update', table: 'users', key: { id: 'u2' }, set: { name: 'Rashida Diaz' } },
    ]).state;
    const stale = [
      { op: 'update' as const, table: 'issues', key: { id: 'i1' }, set: { assigneeId: 'u1' } },
    ];
    expect(run(ref, stale).label).toBe('valid');
    expect(run(ref, stale, related).label).toBe('invalid');
    expect(
      run(
        ref,
        [{ op: 'update', table: 'issues', key: { id: 'i1' }, set: { assigneeId: 'u2' } }],
        related,
      ).label,
    ).toBe('valid');
  });
});

describe('check kinds', () => {
  it('field: operators, refs, dotted paths into JSON strings', () => {
    const ref = reference([
      check({
        kind: 'field',
        target: 'b3',
        field: 'status',
        expect: { in: ['Active', 'Dormant'] },
      }),
      check({ kind: 'field', target: 'b3', field: 'meta.area.m2', expect: { gte: 10, lt: 13 } }),
      check({ kind: 'field', target: 'b3', field: 'title', expect: { regex: '^Plot [A-Z]\\d$' } }),
    ]);
    expect(run(ref, []).label).toBe('valid');
    const broken = run(ref, [
      { op: 'update', table: 'issues', key: { id: 'i1' }, set: { meta: '{"area":{"m2":40}}' } },
    ]);
    expect(broken.checks.map((c) => c.ok)).toEqual([true, false, true]);
    expect(broken.checks[1]!.message).toContain('is 40');
  });

  it('field: a deleted target fails with a message saying so', () => {
    const ref = reference([
      check({ kind: 'field', target: 'b3', field: 'status', expect: 'Active' }),
    ]);
    const result = run(ref, [{ op: 'delete', table: 'issues', key: { id: 'i1' } }]);
    expect(result.checks[0]).toMatchObject({
      ok: false,
      message: expect.stringContaining('no longer exists'),
    });
  });

  it("preserved: compares with this run's before-state, not with a remembered value", () => {
    const ref = reference([
      check({ kind: 'preserved', category: 'preservation', target: 'b3', fields: ['status'] }),
    ]);
    const dormant = base.apply([
      { op: 'update', table: 'issues', key: { id: 'i1' }, set: { status: 'Dormant' } },
    ]).state;
    const writesActive: Patch = [
      {
        op: 'update',
        table: 'issues',
        key: { id: 'i1' },
        set: { status: 'Active', assigneeId: 'u1' },
      },
    ];
    expect(run(ref, writesActive).label).toBe('valid');
    const related = run(ref, writesActive, dormant);
    expect(related.label).toBe('invalid');
    expect(related.checks[0]!.evidence).toMatchObject({ expected: 'Dormant', actual: 'Active' });
  });

  it('set: equal / superset / subset / disjoint over after-state rows', () => {
    const members = (mode: string, expect: unknown) =>
      reference([
        check({
          kind: 'set',
          category: 'set',
          table: 'members',
          where: { teamId: 't1' },
          field: 'userId',
          expect,
          mode,
        } as never),
      ]);
    const add: Patch = [{ op: 'insert', table: 'members', row: { teamId: 't1', userId: 'u2' } }];
    expect(run(members('equal', ['u1', 'u2', 'u3']), add).label).toBe('valid');
    const missing = run(members('equal', ['u1', 'u2', 'u3']), []);
    expect(missing.checks[0]!.message).toContain('missing "u2"');
    expect(run(members('superset', ['u1']), add).label).toBe('valid');
    expect(run(members('subset', ['u1', 'u3']), add).label).toBe('invalid');
    expect(run(members('disjoint', ['u2']), add).label).toBe('invalid');
    expect(run(members('disjoint', ['u2']), []).label).toBe('valid');
  });

  it('set: the required set can come from a many-selector on the before-state', () => {
    const ref = reference(
      [
        check({
          kind: 'set',
          category: 'set',
          table: 'issues',
          where: { assigneeId: 'u3' },
          field: 'id',
          expect: { refs: 'active', field: 'id' },
        }),
      ],
      { active: { table: 'issues', where: { status: 'Active' }, cardinality: 'many' } },
    );
    const assignAll: Patch = [
      { op: 'update', table: 'issues', key: { id: 'i1' }, set: { assigneeId: 'u3' } },
      { op: 'update', table: 'issues', key: { id: 'i3' }, set: { assigneeId: 'u3' } },
      { op: 'update', table: 'issues', key: { id: 'i2' }, set: { assigneeId: null } },
    ];
    expect(run(ref, assignAll).label).toBe('valid');
    expect(run(ref, assignAll.slice(0, 1).concat(assignAll.slice(2))).label).toBe('invalid');
  });

  it('count: after, inserted, deleted and updated scopes; sizeOf a selector', () => {
    const ref = (scope: string, expect: unknown) =>
      reference([check({ kind: 'count', table: 'issues', where: {}, scope, expect } as never)], {
        active: { table: 'issues', where: { status: 'Active' }, cardinality: 'many' },
      });
    const patch = INSERT_DELETE_UPDATE;
    expect(run(ref('after', 3), patch).label).toBe('valid');
    expect(run(ref('inserted', 1), patch).label).toBe('valid');
    expect(run(ref('deleted', 1), patch).label).toBe('valid');
    expect(run(ref('updated', { min: 1, max: 1 }), patch).label).toBe('valid');
    expect(run(ref('inserted', { sizeOf: 'active' }), patch).label).toBe('invalid');
    expect(run(ref('inserted', 2), patch).checks[0]!.message).toContain('1 inserted row(s)');
  });

  it('created: binds inserted rows for later checks and fails them when absent', () => {
    const ref = reference([
      check({
        kind: 'created',
        category: 'identity',
        bind: 'tracker',
        table: 'issues',
        where: { title: { containsIgnoreCase: 'tracker' } },
      }),
      check({
        kind: 'field',
        target: 'tracker',
        field: 'assigneeId',
        expect: { ref: 'rashida', field: 'id' },
      }),
    ]);
    const insert: Patch = [
      {
        op: 'insert',
        table: 'issues',
        row: { id: 'i9', title: 'Garden Tracker', status: 'Active', assigneeId: 'u1', meta: null },
      },
    ];
    expect(run(ref, insert).label).toBe('valid');
    const none = run(ref, []);
    expect(none.checks.map((c) => c.ok)).toEqual([false, false]);
    expect(none.checks[1]!.message).toContain('0 new issues row(s)');
    // An already existing row is not "created".
    expect(
      run(ref, [{ op: 'update', table: 'issues', key: { id: 'i3' }, set: { title: 'Tracker' } }])
        .label,
    ).toBe('invalid');
  });

  it('deleted: the target must be gone (or stay)', () => {
    const gone = reference([check({ kind: 'deleted', target: 'b3' })]);
    const stays = reference([check({ kind: 'deleted', target: 'b3', expect: false } as never)]);
    const remove: Patch = [{ op: 'delete', table: 'issues', key: { id: 'i1' } }];
    expect(run(gone, remove).label).toBe('valid');
    expect(run(gone, []).label).toBe('invalid');
    expect(run(stays, remove).label).toBe('invalid');
  });

  it('unchanged: nothing else changed except the named rows, ignoring listed fields', () => {
    const ref = reference([
      check({ kind: 'unchanged', tables: ['issues'], except: ['b3'], ignoreFields: ['updatedAt'] }),
    ]);
    expect(
      run(ref, [{ op: 'update', table: 'issues', key: { id: 'i1' }, set: { status: 'Done' } }])
        .label,
    ).toBe('valid');
    expect(
      run(ref, [{ op: 'update', table: 'issues', key: { id: 'i3' }, set: { updatedAt: 'later' } }])
        .label,
    ).toBe('valid');
    const stray = run(ref, [
      { op: 'update', table: 'issues', key: { id: 'i2' }, set: { status: 'Done' } },
    ]);
    expect(stray.label).toBe('invalid');
    expect(stray.checks[0]!.message).toBe(
      '1 change(s) outside the requested work: issues updated status',
    );
    expect(stray.checks[0]!.evidence.rows).toEqual([{ table: 'issues', key: { id: 'i2' } }]);
  });

  it('predicate: calls the registered function and reports an unknown name', () => {
    registerPredicate('test.titleLength', ({ after, params }) => {
      const row = after.get('issues', { id: 'i1' });
      const ok = String(row?.title ?? '').length <= Number(params.max);
      return {
        ok,
        message: ok ? 'short enough' : 'too long',
        evidence: { actual: String(row?.title) },
      };
    });
    const ref = (name: string) =>
      reference([check({ kind: 'predicate', predicate: name, params: { max: 8 } } as never)]);
    expect(run(ref('test.titleLength'), []).label).toBe('valid');
    expect(
      run(ref('test.titleLength'), [
        { op: 'update', table: 'issues', key: { id: 'i1' }, set: { title: 'A much longer title' } },
      ]).checks[0]!.message,
    ).toBe('too long');
    expect(run(ref('test.unknown'), []).checks[0]!.message).toContain(
      'no predicate registered as "test.unknown"',
    );
  });

  it('every check outcome carries name, category and reason', () => {
    const ref = reference([
      {
        kind: 'preserved',
        name: 'B3 keeps status',
        category: 'preservation',
        reason: 'keep its initial status',
        target: 'b3',
        fields: ['status'],
      },
    ]);
    expect(run(ref, []).checks[0]).toMatchObject({
      name: 'B3 keeps status',
      category: 'preservation',
      reason: 'keep its initial status',
      kind: 'preserved',
      ok: true,
    });
  });
});

describe('states of one seed', () => {
  const patch: Patch = [
    ...INSERT_DELETE_UPDATE,
    { op: 'update', table: 'issues', key: { id: 'i1' }, set: { status: 'Active' } },
  ];
  const scoped = reference(
    (['inserted', 'deleted', 'updated', 'after'] as const).map((scope) =>
      check({ kind: 'count', name: scope, table: 'issues', where: {}, scope, expect: 1 } as never),
    ),
  );

  it('count the same rows in every scope as states of two copies of the seed do', () => {
    // Copies of one seed share no rows, so every row is compared; one seed compares only changed keys.
    const copy = State.fromSeed(structuredClone(seed));
    const shared = run(scoped, patch);
    const apart = evaluateDeclarative(scoped, copy, base.apply(patch).state);
    expect(shared.checks.map((c) => c.message)).toEqual(apart.checks.map((c) => c.message));
    expect(shared.checks.map((c) => c.message)).toEqual([
      '1 inserted row(s) of issues match {}; expected 1',
      '1 deleted row(s) of issues match {}; expected 1',
      '1 updated row(s) of issues match {}; expected 1',
      '3 after row(s) of issues match {}; expected 1',
    ]);
  });

  it('resolve selectors against each after-state of a shared before-state, and after an edit of the selectors', () => {
    const ref = reference([
      check({ kind: 'field', target: 'b3', field: 'status', expect: 'Closed' }),
    ]);
    const closed = run(ref, [
      { op: 'update', table: 'issues', key: { id: 'i1' }, set: { status: 'Closed' } },
    ]);
    const open = run(ref, []);
    expect([closed.label, open.label]).toEqual(['valid', 'invalid']);
    // The same reference object edited in place reads the new selector on the same before-state.
    ref.selectors.b3!.where = { title: 'Plot C1' };
    const moved = run(ref, [
      { op: 'update', table: 'issues', key: { id: 'i3' }, set: { status: 'Closed' } },
    ]);
    expect(moved.label).toBe('valid');
    expect(moved.checks[0]!.evidence.rows).toEqual([{ table: 'issues', key: { id: 'i3' } }]);
  });
});

describe('where over many rows', () => {
  const count = (where: unknown, selectors: Record<string, unknown> = {}) =>
    run(
      reference(
        [check({ kind: 'count', table: 'issues', where, scope: 'after', expect: 0 } as never)],
        selectors,
      ),
      [],
    ).checks[0]!;

  it('in / nin compare by JSON value: no string-number coercion, null matches a missing column', () => {
    expect(count({ assigneeId: { in: [null, 'u1'] } }).evidence.actual).toBe(2);
    expect(count({ assigneeId: { nin: [null, 'u1'] } }).evidence.actual).toBe(1);
    expect(count({ missing: { in: [null] } }).evidence.actual).toBe(3);
    expect(count({ title: { in: [3, true, 'Plot'] } }).evidence.actual).toBe(0);
    expect(
      count(
        { assigneeId: { in: { refs: 'people', field: 'id' } } },
        {
          people: {
            table: 'users',
            where: { name: { startsWith: 'Rashida' } },
            cardinality: 'many',
          },
        },
      ).evidence.actual,
    ).toBe(1);
  });

  it('an operand that does not resolve fails the check only when a row reaches it, as declared', () => {
    // No issue is Closed, so the second condition is never asked; asked first, it fails.
    const unasked = count({ status: 'Closed', title: { ref: 'nobody', field: 'title' } });
    expect([unasked.ok, unasked.evidence.actual]).toEqual([true, 0]);
    const asked = count({ title: { ref: 'nobody', field: 'title' }, status: 'Closed' });
    expect([asked.ok, asked.message]).toEqual([false, 'unknown binding "nobody"']);
    const someRows = count({ status: 'Active', title: { ref: 'nobody', field: 'title' } });
    expect(someRows.message).toBe('unknown binding "nobody"');
  });

  it('an operand that does not resolve fails the check with its reason, on any row', () => {
    const failed = count({ id: { in: { refs: 'nobody', field: 'id' } } });
    expect([failed.ok, failed.message]).toEqual([false, 'unknown binding "nobody"']);
    const many = count(
      { assigneeId: { ref: 'all', field: 'id' } },
      {
        all: { table: 'users', where: {}, cardinality: 'many' },
      },
    );
    expect(many.message).toBe('binding "all" holds 3 rows; {ref} needs exactly one (use {refs})');
  });
});
