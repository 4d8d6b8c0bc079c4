import { describe, expect, it } from 'vitest';
import type { Seed } from '../../src/schema/seed.js';
import { DERIVED_STATES_KEPT } from '../../src/state/derived-values.js';
import { State } from '../../src/state/state.js';

const seed = (): Seed => ({
  name: 'tiny',
  service: 'slack',
  tables: {
    users: {
      key: ['id'],
      rows: [
        { id: 'u1', name: 'Ada' },
        { id: 'u2', name: 'Bo' },
      ],
    },
    members: {
      key: ['channel', 'user'],
      rows: [
        { channel: 'c1', user: 'u1' },
        { channel: 'c1', user: 'u2' },
      ],
    },
  },
});

describe('State.apply', () => {
  it('applies insert, update and delete in order', () => {
    const { state, errors } = State.fromSeed(seed()).apply([
      { op: 'insert', table: 'users', row: { id: 'u3', name: 'Cy' } },
      { op: 'update', table: 'users', key: { id: 'u1' }, set: { name: 'Ada L.' } },
      { op: 'update', table: 'users', key: { id: 'u3' }, set: { name: 'Cyd' } },
      { op: 'delete', table: 'users', key: { id: 'u2' } },
    ]);
    expect(errors).toEqual([]);
    expect(state.rows('users')).toEqual([
      { id: 'u1', name: 'Ada L.' },
      { id: 'u3', name: 'Cyd' },
    ]);
    expect(state.get('users', { id: 'u2' })).toBeUndefined();
  });

  it('addresses rows by composite keys', () => {
    const { state, errors } = State.fromSeed(seed()).apply([
      { op: 'delete', table: 'members', key: { channel: 'c1', user: 'u2' } },
      { op: 'insert', table: 'members', row: { channel: 'c2', user: 'u2' } },
    ]);
    expect(errors).toEqual([]);
    expect(state.rows('members')).toEqual([
      { channel: 'c1', user: 'u1' },
      { channel: 'c2', user: 'u2' },
    ]);
    expect(state.get('members', { channel: 'c2', user: 'u2' })).toEqual({
      channel: 'c2',
      user: 'u2',
    });
  });

  it('shares the seed rows and isolates sibling states (copy-on-write)', () => {
    const base = State.fromSeed(seed());
    const a = base.apply([
      { op: 'update', table: 'users', key: { id: 'u1' }, set: { name: 'A' } },
    ]).state;
    const b = base.apply([
      { op: 'update', table: 'users', key: { id: 'u1' }, set: { name: 'B' } },
    ]).state;
    const c = a.apply([{ op: 'delete', table: 'users', key: { id: 'u2' } }]).state;
    expect(a.get('users', { id: 'u1' })?.name).toBe('A');
    expect(b.get('users', { id: 'u1' })?.name).toBe('B');
    expect(base.get('users', { id: 'u1' })?.name).toBe('Ada');
    expect(a.rows('users')).toHaveLength(2);
    expect(c.rows('users')).toHaveLength(1);
    // Untouched tables are the seed's own array, not copies.
    expect(a.rows('members')).toBe(base.seed.tables.members!.rows);
    // An untouched row is the seed's own object.
    expect(b.get('users', { id: 'u2' })).toBe(base.seed.tables.users!.rows[1]);
  });

  it('reports every operation that cannot apply, with its index and code', () => {
    const { state, errors } = State.fromSeed(seed()).apply([
      { op: 'update', table: 'users', key: { id: 'nobody' }, set: { name: 'x' } },
      { op: 'insert', table: 'users', row: { id: 'u1', name: 'dup' } },
      { op: 'delete', table: 'teams', key: { id: 't1' } },
      { op: 'delete', table: 'members', key: { channel: 'c1' } },
      { op: 'update', table: 'users', key: { id: 'u2' }, set: { id: 'u9' } },
      { op: 'update', table: 'users', key: { id: 'u2' }, set: { name: 'Bob' } },
    ]);
    expect(errors.map((error) => [error.opIndex, error.code])).toEqual([
      [0, 'missing_row'],
      [1, 'duplicate_key'],
      [2, 'unknown_table'],
      [3, 'bad_key'],
      [4, 'bad_key'],
    ]);
    expect(errors[0]!.message).toContain('"nobody"');
    expect(errors[2]!.message).toContain('users, members');
    // The valid operation after the broken ones still applied.
    expect(state.get('users', { id: 'u2' })?.name).toBe('Bob');
  });

  it('rejects a second delete of the same row but lets the key be inserted again', () => {
    const { errors } = State.fromSeed(seed()).apply([
      { op: 'delete', table: 'users', key: { id: 'u1' } },
      { op: 'delete', table: 'users', key: { id: 'u1' } },
      { op: 'insert', table: 'users', row: { id: 'u1', name: 'again' } },
    ]);
    expect(errors.map((error) => error.code)).toEqual(['missing_row']);
  });
});

describe('State.derived', () => {
  it('computes once per state and never shares values between states', () => {
    const base = State.fromSeed(seed());
    const changed = base.apply([{ op: 'delete', table: 'users', key: { id: 'u1' } }]).state;
    let calls = 0;
    const countUsers = (state: State) => {
      calls += 1;
      return state.rows('users').length;
    };
    expect(base.derived(countUsers, countUsers)).toBe(2);
    expect(base.derived(countUsers, countUsers)).toBe(2);
    expect(changed.derived(countUsers, countUsers)).toBe(1);
    expect(calls).toBe(2);
  });

  it('keeps values only for the most recently used states, and computes the same again', () => {
    const base = State.fromSeed(seed());
    let calls = 0;
    const names = (state: State) => {
      calls += 1;
      return state.rows('users').map((row) => row.name);
    };
    const first = base.derived(names, names);
    // Other states used since: `base` is still among the kept ones...
    const others = Array.from(
      { length: DERIVED_STATES_KEPT - 1 },
      (_, index) =>
        base.apply([{ op: 'insert', table: 'users', row: { id: `x${index}`, name: 'X' } }]).state,
    );
    for (const other of others) other.derived(names, names);
    expect(base.derived(names, names)).toBe(first);
    expect(calls).toBe(DERIVED_STATES_KEPT);
    // ...and after a full bound of others, its value is gone and computed again, equal.
    for (const other of [...others, base.apply([]).state]) other.derived(names, names);
    const again = base.derived(names, names);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe('State.rows and State.rowsWithKeys', () => {
  const wide = (): Seed => ({
    name: 'wide',
    service: 'slack',
    tables: {
      users: {
        key: ['id'],
        rows: ['u1', 'u2', 'u3', 'u4', 'u5'].map((id) => ({ id, name: id.toUpperCase() })),
      },
    },
  });
  const changed = () =>
    State.fromSeed(wide())
      .apply([
        { op: 'insert', table: 'users', row: { id: 'n1', name: 'N1' } },
        { op: 'update', table: 'users', key: { id: 'u4' }, set: { name: 'four' } },
        { op: 'delete', table: 'users', key: { id: 'u2' } },
      ])
      .state.apply([
        { op: 'insert', table: 'users', row: { id: 'n2', name: 'N2' } },
        { op: 'delete', table: 'users', key: { id: 'u5' } },
        { op: 'insert', table: 'users', row: { id: 'u5', name: 'five again' } },
        { op: 'update', table: 'users', key: { id: 'u1' }, set: { name: 'one' } },
      ]).state;

  it('keeps seed order with changed rows in their place and new rows after, in insert order', () => {
    expect(changed().rows('users')).toEqual([
      { id: 'u1', name: 'one' },
      { id: 'u3', name: 'U3' },
      { id: 'u4', name: 'four' },
      { id: 'u5', name: 'five again' },
      { id: 'n1', name: 'N1' },
      { id: 'n2', name: 'N2' },
    ]);
  });

  it('picks the rows of some keys in the order rows() has them, skipping absent keys', () => {
    const state = changed();
    const all = state.rows('users');
    for (const ids of [['n2', 'u3', 'n1', 'u1'], ['u2', 'u5'], [], ['nobody', 'u4']]) {
      const keys = new Set(ids.map((id) => JSON.stringify(id)));
      expect(state.rowsWithKeys('users', keys)).toEqual(
        all.filter((row) => ids.includes(row.id as string)),
      );
    }
  });

  it('finds the rows whose own column holds a value as a filter of rows() would, in its order', () => {
    const base = State.fromSeed({
      name: 'teams',
      service: 'slack',
      tables: {
        users: {
          key: ['id'],
          rows: [
            { id: 'u1', team: 'a', admin: true, age: 0 },
            { id: 'u2', team: 'b', admin: false, age: 1 },
            { id: 'u3', team: 'a', admin: false },
            { id: 'u4', team: 'a', admin: true, age: 1 },
          ],
        },
      },
    });
    const state = base.apply([
      { op: 'insert', table: 'users', row: { id: 'n1', team: 'a', age: 1 } },
      { op: 'update', table: 'users', key: { id: 'u2' }, set: { team: 'a' } },
      { op: 'update', table: 'users', key: { id: 'u1' }, set: { team: 'c', age: -0 } },
      { op: 'delete', table: 'users', key: { id: 'u4' } },
      { op: 'insert', table: 'users', row: { id: 'n2', team: 'b', admin: true } },
    ]).state;
    const asks: Array<[string, string | number | boolean]> = [
      ['team', 'a'],
      ['team', 'b'],
      ['team', 'c'],
      ['team', 'z'],
      ['admin', true],
      ['admin', false],
      ['age', 0],
      ['age', 1],
      ['age', '1'],
    ];
    for (const one of [base, state])
      for (const [column, value] of asks)
        expect(one.rowsWithValue('users', column, value), `${column} = ${value}`).toEqual(
          one.rows('users').filter((row) => Object.hasOwn(row, column) && row[column] === value),
        );
  });

  it('gives up (undefined) on a seed that repeats a key, where only rows() is exact', () => {
    const twice = State.fromSeed({
      name: 'twice',
      service: 'slack',
      tables: { users: { key: ['id'], rows: [{ id: 'u1' }, { id: 'u1', name: 'again' }] } },
    });
    expect(twice.rowsWithKeys('users', new Set(['"u1"']))).toBeUndefined();
    expect(twice.rowsWithValue('users', 'id', 'u1')).toBeUndefined();
    const after = twice.apply([{ op: 'insert', table: 'users', row: { id: 'u2' } }]).state;
    expect(after.rows('users')).toEqual([{ id: 'u1' }, { id: 'u1', name: 'again' }, { id: 'u2' }]);
  });
});
