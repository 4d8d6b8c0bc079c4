import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPLICAS_DOC } from '../../../scripts/docs/read-exposure.js';
import {
  withWriteOperationTables,
  writeOperationsTable,
} from '../../../scripts/docs/write-operations.js';
import { slackWriteModel } from '../../../src/services/slack/write/index.js';

describe('docs/replicas.md write-operation tables', () => {
  it("match the write models' operations (regenerate: npx tsx scripts/docs/write-operations.ts)", () => {
    const committed = readFileSync(REPLICAS_DOC, 'utf8');
    expect(committed).toBe(withWriteOperationTables(committed));
  });

  it('list every Slack write operation with its permission and server-written fields', () => {
    const table = writeOperationsTable('slack') ?? '';
    for (const { name, permission, serverWritten } of slackWriteModel.operations) {
      const row = table.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      expect(row, name).toBeDefined();
      expect(row).toContain(permission);
      for (const field of serverWritten) expect(row).toContain(`\`${field}\``);
    }
    const committed = readFileSync(REPLICAS_DOC, 'utf8');
    expect(committed).toContain(table);
  });
});
