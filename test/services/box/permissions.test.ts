import { describe, expect, it } from 'vitest';
import { type Body, fileNamed, folderNamed, get, rows, userNamed } from './fixture.js';

const rootNames = (actorName: string) =>
  get('/folders/0/items', undefined, { actor: userNamed(actorName) }).body.entries.map(
    (entry: Body) => entry.name as string,
  );

describe('Box visibility', () => {
  it('shows the actor their own top-level folders and those shared with them, never private ones', () => {
    expect(rootNames('Marta Kowalczyk')).toEqual([
      'Intake - survey exports',
      'Nursery Orders',
      'Projects',
      'Site Surveys',
      'Studio Admin',
    ]);
    expect(rootNames('Priya Desai')).toEqual(['Desai - drafts', 'Nursery Orders', 'Projects']);
  });

  it('lets an admin see every folder', () => {
    const topLevel = rows('box_folders')
      .filter((row) => row.parent_id === '0')
      .map((row) => row.name);
    expect(rootNames('Owen Achterberg').sort()).toEqual([...topLevel].sort());
  });

  it('answers hidden items exactly like missing ones', () => {
    const drafts = folderNamed('Desai - drafts', '0');
    const draft = fileNamed('Orchard Lane cost plan v2.csv', String(drafts.id));
    const missing = get('/files/1');
    for (const path of [
      `/files/${draft.id}`,
      `/files/${draft.id}/content`,
      `/folders/${drafts.id}`,
      `/folders/${drafts.id}/items`,
    ]) {
      const response = get(path);
      expect(response.status, path).toBe(404);
      expect(response.body.code).toBe(missing.body.code);
    }
    expect(get(`/files/${draft.id}`, undefined, { actor: userNamed('Priya Desai') }).status).toBe(
      200,
    );
  });

  it("shows a collaborated folder from the collaborator's root", () => {
    const surveys = folderNamed('Site Surveys', '0');
    const body = get(`/folders/${surveys.id}`).body;
    expect(body.owned_by.name).toBe('Priya Raman');
    expect(body.path_collection.entries.map((entry: Body) => entry.id)).toEqual(['0']);
  });

  it('keeps comments and tasks of hidden files hidden', () => {
    const hr = folderNamed('HR Confidential', '0');
    const payroll = folderNamed('Payroll 2026', String(hr.id));
    const file = fileNamed('Payroll January 2026.csv', String(payroll.id));
    expect(get(`/files/${file.id}/comments`).status).toBe(404);
    expect(get(`/files/${file.id}/tasks`).status).toBe(404);
    expect(
      get(`/files/${file.id}`, undefined, { actor: userNamed('Owen Achterberg') }).status,
    ).toBe(200);
  });
});
