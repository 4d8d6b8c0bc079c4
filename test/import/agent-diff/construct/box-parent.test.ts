import { describe, expect, it } from 'vitest';
import { boxParentFromInstruction } from '../../../../src/import/agent-diff/construct/box-parent.js';
import { translateAssertion } from '../../../../src/import/agent-diff/construct/translate.js';
import type { LegacyAssertion } from '../../../../src/reference/legacy-diff/spec.js';
import { stateOf } from '../support/mini.js';

const newFolder = (name: string): LegacyAssertion => ({
  diff_type: 'added',
  entity: 'box_folders',
  where: { name: { eq: name } },
  expected_changes: {},
  ignore: [],
  expected_count: 1,
});
const actor = { id: '27512847635', name: 'Agent' };
const folder = (id: string, name: string, parent: string) => ({
  id,
  name,
  parent_id: parent,
  item_status: 'active',
});

describe('a new Box folder whose parent the assertions leave open', () => {
  const before = stateOf({
    box_folders: [
      folder('100', 'history', '0'),
      folder('200', 'readings', '100'),
      folder('300', 'Drafts', '100'),
      folder('301', 'drafts', '200'),
    ],
  });
  const instruction =
    'Move the file "week 3 reading.txt" to readings. Create a new folder called ' +
    '"Archive_Cleanup_2026" in the root of the history folder to track this. Inside it, create a ' +
    'subfolder called "Duplicates_Review" for duplicates.';

  it('is made where the instruction says: a named folder, then inside the folder made by the earlier call', () => {
    const ctx = { before, instruction, actor };
    expect(translateAssertion('box', newFolder('Archive_Cleanup_2026'), ctx)).toEqual({
      ok: true,
      calls: [
        {
          method: 'POST',
          path: '/folders',
          body: { name: 'Archive_Cleanup_2026', parent: { id: '100' } },
        },
      ],
    });
    // The later call references the earlier response's id: the folder does not exist before.
    const createdFolders = new Map([['Archive_Cleanup_2026', '{{1.id}}']]);
    expect(
      translateAssertion('box', newFolder('Duplicates_Review'), { ...ctx, createdFolders }),
    ).toEqual({
      ok: true,
      calls: [
        {
          method: 'POST',
          path: '/folders',
          body: { name: 'Duplicates_Review', parent: { id: '{{1.id}}' } },
        },
      ],
    });
    // Without the earlier folder, "inside it" names nothing the task creates: refused.
    const alone = translateAssertion('box', newFolder('Duplicates_Review'), ctx);
    expect(alone.ok).toBe(false);
  });

  it('refuses a parent name that matches several folders, or none', () => {
    const ambiguous = boxParentFromInstruction(
      'Q3',
      'Create a folder "Q3" inside the drafts folder.',
      before,
      { created: new Map() },
    );
    expect(ambiguous).toEqual({ ok: false, reason: expect.stringMatching(/names 2 folders/) });
    const missing = boxParentFromInstruction(
      'Q3',
      'Create a folder "Q3" under "Reports".',
      before,
      { created: new Map() },
    );
    expect(missing).toEqual({ ok: false, reason: expect.stringMatching(/names 0 folders/) });
    // A name both the before-state and the task's own folders carry is as ambiguous.
    const twice = boxParentFromInstruction('Q3', "Create a folder 'Q3' in 'readings'.", before, {
      created: new Map([['readings', '{{0.id}}']]),
    });
    expect(twice).toEqual({ ok: false, reason: expect.stringMatching(/names 2 folders/) });
  });

  it('refuses a placement it cannot read, and uses the Box root when nothing places the folder', () => {
    expect(
      boxParentFromInstruction('Q3', 'Make a nested folder "Q3" next to the report.', before, {
        created: new Map(),
      }).ok,
    ).toBe(false);
    expect(
      boxParentFromInstruction('Q3', 'Create a new folder called "Q3".', before, {
        created: new Map(),
      }),
    ).toEqual({ ok: true, parent: '0' });
    expect(
      boxParentFromInstruction('Q3', 'Create "Q3" under \'history\'.', before, {
        created: new Map(),
      }),
    ).toEqual({ ok: true, parent: '100' });
  });
});
