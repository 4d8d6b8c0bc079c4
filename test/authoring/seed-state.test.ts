import { describe, expect, it } from 'vitest';
import { applyPatch } from '../../src/authoring/seed-state.js';
import { base } from './tiny-seed.js';

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
