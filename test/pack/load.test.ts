import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPack, loadPackOrThrow } from '../../src/pack/load.js';
import { formatJsonPath, PackLoadError } from '../../src/pack/pack-error.js';

const packs = path.resolve(import.meta.dirname, '../../fixtures/packs');
const broken = (name: string) => path.join(packs, 'broken', name);
const errorsOf = async (dir: string) => {
  const result = await loadPack(dir);
  if (result.ok) throw new Error(`expected ${dir} to fail`);
  return result.errors.map((error) => ({
    file: error.file,
    at: formatJsonPath(error.path),
    code: error.code,
    message: error.message,
  }));
};

describe('loadPack', () => {
  it('loads the starter pack with its seeds, tasks and timing panel', async () => {
    const pack = await loadPackOrThrow(path.join(packs, 'starter'));
    expect(pack.tasks.map((task) => task.id)).toEqual(['starter_1', 'starter_2']);
    expect(pack.manifest.timingPanel).toHaveLength(2);
    const task = pack.task('starter_1');
    const { before, after } = pack.states(task, 'related', 'complete');
    expect(before.get('issues', { id: 'iss-fac-1' })?.stateId).toBe('st-FAC-inreview');
    expect(after.get('issues', { id: 'iss-fac-1' })?.assigneeId).toBe('usr-mateo');
    const witness = pack.witness(task)!;
    // The replay writes the source decision's literal status onto the related before-state.
    expect(witness.replay.after.get('issues', { id: 'iss-fac-1' })?.stateId).toBe('st-FAC-todo');
    expect(witness.replay.before).toBe(pack.before(task, 'related'));
  });

  it('names file, JSON path and position for malformed JSON', async () => {
    expect(await errorsOf(broken('malformed-json'))).toEqual([
      {
        file: 'tasks/starter_2.json',
        at: '$.reference',
        code: 'invalid_json',
        message: 'malformed JSON: a string is not closed (line 15, column 5)',
      },
    ]);
  });

  it('reports every schema violation of every file at once, at the failing field', async () => {
    expect(await errorsOf(broken('schema-violation'))).toEqual([
      {
        file: 'tasks/starter_1.json',
        at: '$.instruction',
        code: 'schema',
        message: expect.stringContaining('expected string'),
      },
      {
        file: 'tasks/starter_1.json',
        at: '$.outcomes.source[2].role',
        code: 'schema',
        message: expect.stringContaining('"complete"|"alternative"|"fault"|"natural"|"prefix"'),
      },
      {
        file: 'tasks/starter_2.json',
        at: '$.reference.checks[0].category',
        code: 'schema',
        message: expect.stringContaining('"identity"'),
      },
      {
        file: 'tasks/starter_2.json',
        at: '$.outcomes.related[3].fault',
        code: 'schema',
        message: 'a fault outcome needs a fault category',
      },
    ]);
  });

  it('rejects an unknown seed, naming the seeds there are', async () => {
    expect(await errorsOf(broken('unknown-seed'))).toEqual([
      {
        file: 'tasks/starter_2.json',
        at: '$.seed',
        code: 'unknown_seed',
        message: 'seed "linear-missing" is not in the pack (seeds: starter-linear)',
      },
    ]);
  });

  it('rejects a patch on an unknown table, naming task, outcome and patch index', async () => {
    const [error] = await errorsOf(broken('unknown-table'));
    expect(error).toMatchObject({
      file: 'tasks/starter_1.json',
      at: '$.outcomes.background[1].patch[1]',
      code: 'unknown_table',
    });
    expect(error!.message).toMatch(
      /^starter_1 background\/with-note, patch op 1: table "coments" is not in seed/,
    );
  });

  it('rejects broken patches (missing row, duplicate key), all of them', async () => {
    expect(await errorsOf(broken('broken-patch'))).toEqual([
      expect.objectContaining({
        at: '$.conditions.background.patch[1].row',
        code: 'incomplete_row',
        message: expect.stringContaining('lacks column(s) identifier, number, description'),
      }),
      expect.objectContaining({
        at: '$.conditions.background.patch[1]',
        code: 'patch',
        message: expect.stringContaining('duplicates key "iss-pay-5"'),
      }),
      expect.objectContaining({
        at: '$.outcomes.related[0].patch[0]',
        code: 'patch',
        message: expect.stringContaining('starter_1 related/complete, patch op 0'),
      }),
    ]);
  });

  it('loadPackOrThrow throws one error carrying every problem and a fix hint', async () => {
    const error = await loadPackOrThrow(broken('schema-violation')).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PackLoadError);
    expect((error as PackLoadError).errors).toHaveLength(4);
    expect((error as PackLoadError).message).toContain('agentproofbench validate');
  });
});
