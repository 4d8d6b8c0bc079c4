import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPLICAS_DOC } from '../../../../scripts/docs/read-exposure.js';
import { linearWriteModel } from '../../../../src/services/linear/write/index.js';
import { serviceWriteModel } from '../../../../src/services/registry.js';

const START = '<!-- write-operations:linear:start';
const END = '<!-- write-operations:linear:end -->';
const cell = (value: string) => value.replace(/\|/g, '\\|');

/** The rows of the Linear write-operations table of docs/replicas.md. */
function documentedRows(): string[] {
  const markdown = readFileSync(REPLICAS_DOC, 'utf8');
  const from = markdown.indexOf(START);
  const to = markdown.indexOf(END);
  expect(from).toBeGreaterThan(-1);
  expect(to).toBeGreaterThan(from);
  return markdown
    .slice(from, to)
    .split('\n')
    .filter((line) => line.startsWith('| `'));
}

describe('docs/replicas.md, Linear write operations', () => {
  it('is the write model the registry serves for linear', () => {
    expect(serviceWriteModel('linear')).toBe(linearWriteModel);
  });

  it('lists each operation of the model, in order, with its permission and server-written fields (regenerate: npx tsx scripts/docs/write-operations.ts)', () => {
    const rows = documentedRows();
    expect(rows.map((row) => /^\| `([^`]+)`/.exec(row)?.[1])).toEqual(
      linearWriteModel.operations.map((operation) => operation.name),
    );
    linearWriteModel.operations.forEach((operation, index) => {
      const row = rows[index]!;
      expect(row).toContain(cell(operation.permission));
      for (const field of operation.serverWritten) expect(row).toContain(cell(field));
    });
  });

  it('models every mutation the built-in Linear tasks and stories use', () => {
    const names = new Set(linearWriteModel.operations.map((operation) => operation.name));
    for (const name of [
      'issueUpdate',
      'commentCreate',
      'commentDelete',
      'issueRelationCreate',
      'issueRelationDelete',
      'issueLabelCreate',
      'issueLabelUpdate',
      'projectCreate',
      'projectUpdate',
    ])
      expect(names.has(name)).toBe(true);
  });
});
