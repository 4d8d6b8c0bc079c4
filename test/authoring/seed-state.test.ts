import { describe, expect, it } from 'vitest';
import { applyPatch, stateFromSeed } from '../../src/authoring/seed-state.js';
import type { Seed } from '../../src/schema/seed.js';
import { base, codeOf, seed } from './tiny-seed.js';

describe('applyPatch', () => {
  it('returns the state after the patch and leaves the original untouched', () => {
    const after = applyPatch(base, [
      { op: 'update', table: 'issues', key: { id: '7' }, set: { assigneeId: 'u1' } },
    ]);
    expect(after.get('issues', { id: '7' })?.assigneeId).toBe('u1');
    expect(base.get('issues', { id: '7' })?.assigneeId).toBe('u3');
  });

  it('refuses a patch that does not apply, naming it', () => {
    expect(() =>
      applyPatch(
        base,
        [{ op: 'update', table: 'issues', key: { id: '404' }, set: { title: 'x' } }],
        'the related patch',
      ),
    ).toThrow(/the related patch does not apply/);
  });
});

describe('stateFromSeed', () => {
  it("gives a seed built in code as a state holding the seed's tables and rows", () => {
    const state = stateFromSeed(seed);
    expect(state.tableNames()).toEqual(['users', 'issues']);
    expect(state.rows('users').map((row) => row.id)).toEqual(['u1', 'u2', 'u3']);
    expect(state.get('issues', { id: '7' })).toEqual({
      id: '7',
      title: 'Fix the pump',
      assigneeId: 'u3',
    });
  });

  it('refuses a seed the schema refuses, naming the seed and where it is wrong', () => {
    const keyless = {
      ...seed,
      tables: { ...seed.tables, teams: { rows: [{ id: 't1' }] } },
    } as unknown as Seed;
    expect(codeOf(() => stateFromSeed(keyless))).toBe('APB_AUTHORING');
    expect(() => stateFromSeed(keyless)).toThrow(
      /^APB_AUTHORING: seed "tiny" is not a valid seed at tables\.teams\.key: /,
    );
    const unknownService = { ...seed, service: 'jira' } as unknown as Seed;
    expect(() => stateFromSeed(unknownService)).toThrow(
      /seed "tiny" is not a valid seed at service/,
    );
  });
});
