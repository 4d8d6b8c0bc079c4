import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRunFile, RunFileError, readRunFile } from '../../../src/import/agent-diff/runs.js';
import { MINI_DIR } from './support/mini.js';

describe('Agent-Diff run files', () => {
  it('reads the snapshot layout: runId -> run, tables taken out of the rows', async () => {
    const runs = await readRunFile(path.join(MINI_DIR, 'runs/snapshot.json'));
    expect(runs.map((run) => [run.runId, run.format, run.passed])).toEqual([
      ['snap-1', 'snapshot', true],
      ['snap-2', 'snapshot', false],
      ['snap-3', 'snapshot', true],
      ['snap-4', 'snapshot', false],
      ['snap-5', 'snapshot', false],
    ]);
    const [update] = runs[0]!.updates;
    expect(update!.table).toBe('issues');
    expect(update!.after).not.toHaveProperty('__table__');
    expect(runs[2]!.inserts[0]).toMatchObject({ table: 'comments', row: { id: 'c-2' } });
  });

  it('reads the journal layout with models, keeping repeated updates in order', async () => {
    const runs = await readRunFile(path.join(MINI_DIR, 'runs/journal.json'));
    expect(runs.map((run) => [run.runId, run.format, run.model])).toEqual([
      ['jr-1', 'journal', 'demo/model-a'],
      ['jr-2', 'journal', 'demo/model-b'],
      ['jr-3', 'journal', 'demo/model-a'],
      ['jr-4', 'journal', 'demo/model-b'],
    ]);
    expect(runs[3]!.updates.map((update) => update.after.assigneeId)).toEqual(['u-bex', 'u-cyr']);
  });

  it('keeps a run whose recording has no diff, marked as such', () => {
    const [run] = parseRunFile(
      { crashed: { prompt: 'x', passed: false, failures: ['timeout'], diff: null } },
      'c.json',
    );
    expect(run).toMatchObject({
      runId: 'crashed',
      hasDiff: false,
      inserts: [],
      updates: [],
      deletes: [],
    });
  });

  it('rejects a file of another shape, naming the expected layouts and the problem', () => {
    expect(() => parseRunFile({ r1: { prompt: 'x', diff: {} } }, 'bad.json')).toThrow(RunFileError);
    expect(() => parseRunFile({ r1: { prompt: 'x', diff: {} } }, 'bad.json')).toThrow(
      /bad\.json is not an Agent-Diff run file .*r1\.passed/,
    );
    expect(() =>
      parseRunFile([{ prompt: 'x', passed: true, diff: { inserts: [{ id: 1 }] } }], 'j.json'),
    ).toThrow(/"__table__"/);
  });
});
