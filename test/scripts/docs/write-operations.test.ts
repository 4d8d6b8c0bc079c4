import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPLICAS_DOC } from '../../../scripts/docs/read-exposure.js';
import {
  withWriteOperationTables,
  writeOperationsTable,
} from '../../../scripts/docs/write-operations.js';
import { calendarWriteModel } from '../../../src/services/calendar/write/index.js';

describe('docs/replicas.md write-operation tables', () => {
  it("match the write models' own lists (regenerate: npx tsx scripts/docs/write-operations.ts)", () => {
    const committed = readFileSync(REPLICAS_DOC, 'utf8');
    expect(committed).toBe(withWriteOperationTables(committed));
  });

  it('list every Calendar write operation, with its permission and server-written fields', () => {
    const committed = readFileSync(REPLICAS_DOC, 'utf8');
    const table = writeOperationsTable('calendar') ?? '';
    expect(committed).toContain(table);
    for (const operation of calendarWriteModel.operations) {
      const line = table.split('\n').find((row) => row.startsWith(`| \`${operation.name}\` |`));
      expect(line, operation.name).toBeDefined();
      expect(line).toContain(operation.serverWritten[0]?.replaceAll('|', '\\|') ?? '');
    }
    for (const name of [
      'events.insert',
      'events.update',
      'events.patch',
      'events.delete',
      'events.move',
      'acl.insert',
      'acl.delete',
      'calendarList.patch',
      'calendars.insert',
      'calendars.clear',
    ])
      expect(table).toContain(`| \`${name}\` |`);
  });
});
