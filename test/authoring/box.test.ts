// The Box row builders write what the Box API call writes: each patch applies to the built-in
// Box seed and the replica then serves the change the way Box would.
import { describe, expect, it } from 'vitest';
import {
  addComment,
  currentContent,
  editItem,
  hubItem,
  moveFile,
  newHub,
  newVersion,
  sha1Of,
  taskFor,
  touchHub,
  trashItem,
  uploadFile,
} from '../../src/authoring/box.js';
import { applyPatch, findRow, idSequence } from '../../src/authoring/index.js';
import type { Row } from '../../src/schema/json.js';
import { baseState, get } from '../services/box/fixture.js';

const marta = findRow(baseState, 'box_users', { name: 'Marta Kowalczyk' });
const priya = findRow(baseState, 'box_users', { name: 'Priya Raman' });
const projects = findRow(baseState, 'box_folders', { name: 'Projects', parent_id: '0' });
const orchard = findRow(baseState, 'box_folders', {
  name: 'Orchard Lane Community Garden',
  parent_id: String(projects.id),
});
const surveys = findRow(baseState, 'box_folders', {
  name: 'Surveys',
  parent_id: String(orchard.id),
});
const soil = findRow(baseState, 'box_files', {
  name: 'Soil tests.csv',
  parent_id: String(surveys.id),
});
const when = '2026-03-10T10:04:00+00:00';
const call = () => ({ by: marta, when, newId: idSequence({ start: 9_800_000_001 }) });
const names = (folder: Row, state = baseState) =>
  (get(`/folders/${folder.id}/items`, { limit: 1000 }, { state }).body.entries as Row[]).map(
    (entry) => entry.name,
  );

describe('Box row builders', () => {
  it('editItem bumps modified_at/by, sequence_id and etag with the fields sent', () => {
    const op = editItem('box_files', soil, { description: 'Checked.' }, call());
    const sequence = String(Number(soil.sequence_id) + 1);
    expect(op.set).toEqual({
      description: 'Checked.',
      modified_at: when,
      modified_by_id: marta.id,
      sequence_id: sequence,
      etag: sequence,
    });
    const state = applyPatch(baseState, [op]);
    expect(get(`/files/${soil.id}`, undefined, { state }).body.description).toBe('Checked.');
  });

  it('uploadFile writes the file and its first version, which the replica lists and serves', () => {
    const upload = uploadFile('Soil tests 2026.csv', surveys, 'sample,ph\nS1,6.5\n', call());
    expect(upload.ops.map((op) => op.table)).toEqual(['box_files', 'box_file_versions']);
    expect(upload.file).toMatchObject({ extension: 'csv', sha_1: sha1Of('sample,ph\nS1,6.5\n') });
    const state = applyPatch(baseState, upload.ops);
    expect(names(surveys, state)).toContain('Soil tests 2026.csv');
    expect(get(`/files/${upload.file.id}/content`, undefined, { state }).body).toBe(
      'sample,ph\nS1,6.5\n',
    );
  });

  it('newVersion makes the new content current and keeps the old version listed', () => {
    const text = `${currentContent(baseState, soil)}S9,30,6.9,3.0,loam,20\n`;
    const state = applyPatch(baseState, newVersion(baseState, soil, text, call()));
    expect(currentContent(state, soil)).toBe(text);
    expect(get(`/files/${soil.id}/content`, undefined, { state }).body).toBe(text);
    expect(get(`/files/${soil.id}/versions`, undefined, { state }).body.total_count).toBe(
      Number(soil.version_number),
    );
  });

  it('addComment inserts the comment and counts it on the file', () => {
    const state = applyPatch(baseState, addComment(baseState, soil, 'Retest S2.', call()));
    const comments = get(`/files/${soil.id}/comments`, undefined, { state }).body.entries as Row[];
    expect(comments.at(-1)).toMatchObject({ message: 'Retest S2.', item: { type: 'file' } });
    expect(findRow(state, 'box_files', { id: String(soil.id) }).comment_count).toBe(
      Number(soil.comment_count) + 1,
    );
  });

  it('moveFile and trashItem move a file and send it to the trash', () => {
    const budgets = findRow(baseState, 'box_folders', {
      name: 'Budgets',
      parent_id: String(orchard.id),
    });
    const moved = applyPatch(baseState, [moveFile(soil, budgets, call())]);
    expect(names(budgets, moved)).toContain('Soil tests.csv');
    const trashed = applyPatch(baseState, [trashItem('box_files', soil, call())]);
    expect(get(`/files/${soil.id}`, undefined, { state: trashed }).status).toBe(404);
    expect(get(`/files/${soil.id}/trash`, undefined, { state: trashed }).body.item_status).toBe(
      'trashed',
    );
  });

  it('taskFor creates the task and one assignment per person', () => {
    const patch = taskFor(soil, { message: 'Check pH.', action: 'complete' }, [priya], call());
    const state = applyPatch(baseState, patch);
    const task = (get(`/files/${soil.id}/tasks`, undefined, { state }).body.entries as Row[]).at(
      -1,
    ) as Row & { task_assignment_collection: { entries: Row[] } };
    expect(task).toMatchObject({ action: 'complete', message: 'Check pH.', due_at: null });
    expect(task.task_assignment_collection.entries.map((entry) => entry.assigned_to)).toEqual([
      expect.objectContaining({ id: priya.id }),
    ]);
  });

  it('newHub, hubItem and touchHub make a hub that lists its item', () => {
    const ids = call();
    const hub = newHub({ title: 'Soil', description: 'Soil results.' }, ids);
    const state = applyPatch(baseState, [
      { op: 'insert', table: 'box_hubs', row: hub },
      hubItem(hub, surveys, 'folder', ids),
      touchHub(hub, ids),
    ]);
    const items = get('/hub_items', { hub_id: String(hub.id) }, { state }).body.entries as Row[];
    expect(items.map((item) => item.id)).toEqual([surveys.id]);
  });

  it('refuse to insert rows without an id sequence', () => {
    expect(() => uploadFile('x.txt', surveys, 'x', { by: marta, when })).toThrow(/newId/);
  });
});
