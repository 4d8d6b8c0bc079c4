import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  alternative,
  applyPatch,
  complete,
  fault,
  findRow,
  findRows,
  idOf,
  idSequence,
  jsonText,
  only,
  prefix,
  seedFile,
  staleGeneratedFiles,
  taskFile,
  writeGeneratedFiles,
} from '../../src/authoring/index.js';
import { isAgentProofBenchError } from '../../src/contract/error.js';
import type { Seed } from '../../src/schema/seed.js';
import { type Task, TaskSchema } from '../../src/schema/task.js';
import { State } from '../../src/state/state.js';

const seed: Seed = {
  name: 'tiny',
  service: 'linear',
  tables: {
    users: {
      key: ['id'],
      rows: [
        { id: 'u1', name: 'Priya Raman', active: true },
        { id: 'u2', name: 'Priya Raman', active: false },
        { id: 'u3', name: 'Dana Whitfield', active: true },
      ],
    },
    issues: { key: ['id'], rows: [{ id: '7', title: 'Fix the pump', assigneeId: 'u3' }] },
  },
};
const base = State.fromSeed(seed);

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isAgentProofBenchError(error) ? error.code : 'not an AgentProofBenchError';
  }
  return undefined;
}

describe('lookups by name', () => {
  it('finds the one row a column match or a predicate selects', () => {
    expect(idOf(findRow(base, 'users', { name: 'Priya Raman', active: true }))).toBe('u1');
    expect(findRow(base, 'users', (row) => row.name === 'Dana Whitfield').id).toBe('u3');
    expect(findRows(base, 'users', { name: 'Priya Raman' }).map(idOf)).toEqual(['u1', 'u2']);
  });

  it('refuses an ambiguous or missing name with APB_AUTHORING, saying how many it found', () => {
    expect(codeOf(() => findRow(base, 'users', { name: 'Priya Raman' }))).toBe('APB_AUTHORING');
    expect(() => findRow(base, 'users', { name: 'Nobody' }, 'user Nobody')).toThrow(
      /expected exactly one user Nobody, found 0/,
    );
    expect(() => only([1, 2], 'thing')).toThrow(/found 2/);
  });
});

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

describe('idSequence', () => {
  it('hands out formatted ids in order, the same on every new sequence', () => {
    const make = () => idSequence({ start: 8, format: (n) => `iss-${n}`, avoid: [base] });
    const first = make();
    const second = make();
    expect([first(), first(), first()]).toEqual(['iss-8', 'iss-9', 'iss-10']);
    expect(second()).toBe('iss-8');
  });

  it('refuses an id the seed already uses', () => {
    const next = idSequence({ start: 6, avoid: [base] });
    expect(next()).toBe('6');
    expect(codeOf(next)).toBe('APB_AUTHORING');
  });
});

describe('outcome builders', () => {
  it('label outcomes by role and type faults', () => {
    expect(complete('done', 'd', []).label).toBe('valid');
    expect(alternative('other', 'd', []).label).toBe('valid');
    expect(prefix('half', 'd', []).label).toBe('invalid');
    expect(fault('wrong', 'identity', 'd', [])).toMatchObject({
      role: 'fault',
      label: 'invalid',
      fault: 'identity',
    });
  });
});

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
