import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  jsonText,
  seedFile,
  staleGeneratedFiles,
  taskFile,
  writeGeneratedFiles,
} from '../../src/authoring/generated-file.js';
import { type Task, TaskSchema } from '../../src/schema/task.js';
import { seed } from './tiny-seed.js';

describe('generated files', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const task = TaskSchema.parse(
    JSON.parse(
      readFileSync(
        path.resolve(import.meta.dirname, '../../fixtures/packs/starter/tasks/starter_1.json'),
        'utf8',
      ),
    ),
  );

  it('write tasks and seeds where the loader reads them, as stable JSON', () => {
    expect(taskFile('pack', task)).toEqual({
      path: path.join('pack', 'tasks', `${task.id}.json`),
      text: jsonText(task),
    });
    expect(seedFile('pack', 'tiny', seed).path).toBe(path.join('pack', 'seeds', 'tiny.json'));
    expect(jsonText({ a: [1] }, 1)).toBe('{\n "a": [\n  1\n ]\n}\n');
  });

  it('refuse a task the schema refuses', () => {
    const broken = { ...task, outcomes: { source: [] } } as unknown as Task;
    expect(() => taskFile('pack', broken)).toThrow();
  });

  it('report which written files went stale', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'apb-authoring-'));
    dirs.push(root);
    const files = [taskFile('pack', task), seedFile('pack', 'tiny', seed)];
    expect(staleGeneratedFiles(root, files)).toEqual(
      files.map((file) => ({ path: file.path, problem: 'missing' })),
    );
    writeGeneratedFiles(root, files);
    expect(staleGeneratedFiles(root, files)).toEqual([]);
    const changed = [{ ...files[0]!, text: `${files[0]!.text} ` }, files[1]!];
    expect(staleGeneratedFiles(root, changed)).toEqual([
      { path: files[0]!.path, problem: 'differs' },
    ]);
  });
});
