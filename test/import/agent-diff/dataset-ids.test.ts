import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { datasetKey, readDatasetIds } from '../../../src/import/agent-diff/dataset-ids.js';
import { MINI_DIR } from './support/mini.js';

const temporary: string[] = [];
afterAll(async () => {
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

describe('readDatasetIds', () => {
  it('maps service, seed and trimmed instruction to the dataset id', async () => {
    const ids = await readDatasetIds(MINI_DIR);
    expect(
      ids.get(
        datasetKey(
          'linear',
          'quill_base',
          "Assign 'Order paper stock' to Cyrus Lindqvist and move it to In Progress.  ",
        ),
      ),
    ).toBe('linear_901');
    expect(
      ids.get(
        datasetKey(
          'linear',
          'quill_busy',
          "Assign 'Order paper stock' to Cyrus Lindqvist and move it to In Progress.",
        ),
      ),
    ).toBeUndefined();
  });

  it('gives no ids without a datasets folder, and names the line of a broken one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'apb-datasets-'));
    temporary.push(dir);
    expect((await readDatasetIds(dir)).size).toBe(0);
    await mkdir(path.join(dir, 'datasets'));
    await writeFile(path.join(dir, 'datasets', 'train.jsonl'), '{"test_id": "a_1"}\n{oops\n');
    await expect(readDatasetIds(dir)).rejects.toThrow(/train\.jsonl line 2 is not JSON/);
  });
});
