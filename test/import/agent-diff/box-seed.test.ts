import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeContent, loadAgentDiffBoxSeed } from '../../../src/import/agent-diff/box-seed.js';
import type { Row } from '../../../src/schema/json.js';
import { createBoxReplica } from '../../../src/services/box/index.js';
import { State } from '../../../src/state/state.js';
import type { Body } from '../../services/box/fixture.js';
import { AGENT_DIFF_DIR, describeWithAgentDiff } from '../../support/shared.js';

describe('Agent-Diff Box seed loader', () => {
  it('keeps UTF-8 text as text and anything else as base64', () => {
    expect(encodeContent(new TextEncoder().encode('plot,level\nA7,31.2\n'))).toEqual({
      content: 'plot,level\nA7,31.2\n',
      content_encoding: 'utf8',
    });
    const binary = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0xfe]);
    const encoded = encodeContent(binary);
    expect(encoded.content_encoding).toBe('base64');
    expect([...Buffer.from(encoded.content, 'base64')]).toEqual([...binary]);
    expect(encodeContent(new Uint8Array([0xc3, 0x28])).content_encoding).toBe('base64');
  });

  it('names the file it expected when the seed is missing', () => {
    expect(() => loadAgentDiffBoxSeed('/nonexistent/agent-diff')).toThrow(
      /expected \/nonexistent\/agent-diff\/seeds\/box\/box_default\.json/,
    );
  });
});

describeWithAgentDiff('Box replica on the Agent-Diff seed', () => {
  const raw = () =>
    JSON.parse(
      readFileSync(path.join(AGENT_DIFF_DIR, 'seeds/box/box_default.json'), 'utf8'),
    ) as Record<string, Row[]>;
  const load = () => {
    const { seed, skippedTables, missingContent } = loadAgentDiffBoxSeed(AGENT_DIFF_DIR);
    const data = raw();
    const admin = data.box_users!.find((row) => row.role === 'admin')!;
    const replica = createBoxReplica(State.fromSeed(seed), {
      id: String(admin.id),
      name: String(admin.name),
    });
    const get = (pathname: string, query?: Record<string, string | number>) =>
      replica.handle({ method: 'GET', path: pathname, query });
    return { seed, skippedTables, missingContent, data, admin, get };
  };
  // Loaded in beforeAll so that collecting the skipped suite never touches the missing data.
  let fixture: ReturnType<typeof load>;
  beforeAll(() => {
    fixture = load();
  });

  it('loads every table with the rows the seed holds', () => {
    expect(fixture.skippedTables).toEqual([]);
    for (const [table, rows] of Object.entries(fixture.data))
      expect(fixture.seed.tables[table]?.rows.length, table).toBe(rows.length);
    expect(fixture.missingContent.length).toBeLessThanOrEqual(4);
  });

  it("lists every folder's children through paged /folders/{id}/items", () => {
    for (const folder of fixture.data.box_folders!) {
      const expected = [...fixture.data.box_folders!, ...fixture.data.box_files!].filter(
        (row) => row.parent_id === folder.id && row.id !== folder.id,
      );
      const seen: string[] = [];
      for (let offset = 0; ; offset += 5) {
        const response = fixture.get(`/folders/${folder.id}/items`, { limit: 5, offset });
        expect(response.status).toBe(200);
        const body = response.body as Body;
        seen.push(...body.entries.map((entry: Body) => String(entry.id)));
        if (offset + 5 >= body.total_count) break;
      }
      expect(seen.sort(), String(folder.name)).toEqual(
        expected.map((row) => String(row.id)).sort(),
      );
    }
  });

  it("serves each file's bytes exactly as stored on disk", () => {
    let compared = 0;
    for (const version of fixture.data.box_file_versions!) {
      const relative = String(version.local_path).split('filesystem/')[1]!;
      let bytes: Buffer;
      try {
        bytes = readFileSync(path.join(AGENT_DIFF_DIR, 'seeds/box/filesystem', relative));
      } catch {
        expect(fixture.get(`/files/${version.file_id}/content`).status).toBe(404);
        continue;
      }
      const response = fixture.get(`/files/${version.file_id}/content`);
      expect(response.status).toBe(200);
      const served =
        response.headers['content-transfer-encoding'] === 'base64'
          ? Buffer.from(String(response.body), 'base64')
          : Buffer.from(String(response.body), 'utf8');
      expect(served.equals(bytes), relative).toBe(true);
      compared++;
    }
    expect(compared).toBe(fixture.data.box_file_versions!.length - fixture.missingContent.length);
  });

  it('finds files by name through search', () => {
    for (const file of fixture.data.box_files!.slice(0, 40)) {
      const response = fixture.get('/search', {
        query: `"${file.name}"`,
        content_types: 'name',
        type: 'file',
        limit: 200,
      });
      const found = (response.body as Body).entries.map((entry: Body) => entry.id);
      const expected = fixture.data
        .box_files!.filter((row) =>
          String(row.name).toLowerCase().includes(String(file.name).toLowerCase()),
        )
        .map((row) => row.id);
      expect(found.sort(), String(file.name)).toEqual(expected.sort());
    }
  });

  it('serves comments, tasks and hubs of the seed', () => {
    for (const comment of fixture.data.box_comments!) {
      const body = fixture.get(`/files/${comment.item_id}/comments`).body as Body;
      expect(body.entries.map((entry: Body) => entry.id)).toContain(comment.id);
    }
    for (const task of fixture.data.box_tasks!) {
      expect((fixture.get(`/tasks/${task.id}`).body as Body).message).toBe(task.message);
    }
    const hubs = (fixture.get('/hubs').body as Body).entries.map((entry: Body) => entry.id);
    expect(hubs.sort()).toEqual(fixture.data.box_hubs!.map((row) => row.id).sort());
  });
});
