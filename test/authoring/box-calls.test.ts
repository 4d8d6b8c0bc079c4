// The Box call builders are requests the Box write model answers: derived on the built-in Box
// seed as Marta, they write what the row builders wrote by hand, plus the stamps Box adds.
import { describe, expect, it } from 'vitest';
import {
  assignCall,
  collaborateCall,
  commentCall,
  hubCall,
  hubItemsCall,
  purgeCall,
  restoreCall,
  taskCall,
  trashCall,
  updateCall,
  uploadCall,
  uploadFile,
} from '../../src/authoring/box.js';
import { deriveCalls } from '../../src/authoring/derive-calls.js';
import { findRow, idSequence } from '../../src/authoring/index.js';
import type { CallClock } from '../../src/schema/call.js';
import { baseState } from '../services/box/fixture.js';

const CLOCK: CallClock = { start: '2026-03-10T10:04:00Z', stepMs: 60_000, idSeed: 'box-calls' };
const martaRow = findRow(baseState, 'box_users', { name: 'Marta Kowalczyk' });
const priya = findRow(baseState, 'box_users', { name: 'Priya Raman' });
const marta = { id: String(martaRow.id), name: 'Marta Kowalczyk' };
const orchard = findRow(baseState, 'box_folders', { name: 'Orchard Lane Community Garden' });
const surveys = findRow(baseState, 'box_folders', {
  name: 'Surveys',
  parent_id: String(orchard.id),
});
const soil = findRow(baseState, 'box_files', {
  name: 'Soil tests.csv',
  parent_id: String(surveys.id),
});
const derive = (calls: Parameters<typeof deriveCalls>[2], stream = 'box_test/source/x') =>
  deriveCalls(baseState, marta, calls, CLOCK, stream);

describe('Box call builders', () => {
  it('upload then comment on the new file through a response reference', () => {
    const { patch, after } = derive([
      uploadCall('Notes.md', surveys, 'levels ok\n'),
      commentCall('{{0.entries.0.id}}', 'Checked on site.'),
    ]);
    const file = after.rows('box_files').find((row) => row.name === 'Notes.md')!;
    const byHand = uploadFile('Notes.md', surveys, 'levels ok\n', {
      by: martaRow,
      when: '2026-03-10T10:04:00+00:00',
      newId: idSequence({ start: 1 }),
    }).file;
    // The model writes what the row builder wrote, with its own id, and counts the comment.
    expect(file).toEqual({ ...byHand, id: file.id, comment_count: 1 });
    expect(after.rows('box_comments').at(-1)).toMatchObject({
      file_id: file.id,
      created_at: '2026-03-10T10:05:00+00:00',
    });
    expect(patch.map((op) => `${op.op} ${op.table}`)).toEqual([
      'insert box_files',
      'insert box_file_versions',
      'insert box_comments',
      'update box_files',
    ]);
  });

  it('a task assigned through the new task’s id; rename, move, trash, restore and purge', () => {
    const { after } = derive([
      taskCall(soil, { message: 'Recheck pH', action: 'complete' }),
      assignCall('{{0.id}}', priya),
      updateCall('file', soil, { name: 'Soil tests (2026).csv', parent: orchard }),
    ]);
    const task = after.rows('box_tasks').find((row) => row.message === 'Recheck pH')!;
    expect(after.rows('box_task_assignments').at(-1)).toMatchObject({
      task_id: task.id,
      assigned_to_id: priya.id,
    });
    expect(after.get('box_files', { id: String(soil.id) })).toMatchObject({
      name: 'Soil tests (2026).csv',
      parent_id: orchard.id,
    });
    const trashed = derive([trashCall('file', soil), restoreCall('file', soil)]).after;
    expect(trashed.get('box_files', { id: String(soil.id) })!.item_status).toBe('active');
    const purged = derive([trashCall('file', soil), purgeCall('file', soil)]).after;
    expect(purged.get('box_files', { id: String(soil.id) })).toBeUndefined();
  });

  it('hubs, hub items and collaborations', () => {
    const { after } = derive([
      hubCall({ title: 'Surveys pack', description: 'For the contractor' }),
      hubItemsCall('{{0.id}}', 'add', [{ type: 'folder', item: surveys }]),
      collaborateCall('folder', surveys, priya, 'viewer'),
    ]);
    const hub = after.rows('box_hubs').find((row) => row.title === 'Surveys pack')!;
    expect(after.rows('box_hub_items').filter((row) => row.hub_id === hub.id)).toHaveLength(1);
    expect(after.rows('box_collaborations').at(-1)).toMatchObject({
      role: 'viewer',
      status: 'accepted',
    });
  });

  it('names the refused call and Box’s error', () => {
    expect(() => derive([purgeCall('file', soil)])).toThrow(/not_trashed/);
  });
});
