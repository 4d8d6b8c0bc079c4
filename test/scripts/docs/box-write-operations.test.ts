import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boxWriteTable, withBoxWriteTable } from '../../../scripts/docs/box-write-operations.js';
import { REPLICAS_DOC } from '../../../scripts/docs/read-exposure.js';
import { BOX_WRITE_ROUTES, boxWriteModel } from '../../../src/services/box/write/index.js';
import { serviceWriteModel } from '../../../src/services/registry.js';

describe('docs/replicas.md, Box write operations', () => {
  it("match the write model's declarations (regenerate: npx tsx scripts/docs/box-write-operations.ts)", () => {
    const committed = readFileSync(REPLICAS_DOC, 'utf8');
    expect(committed).toBe(withBoxWriteTable(committed));
  });

  it('document exactly the operations the model routes, each once, with a permission rule', () => {
    const names = boxWriteModel.operations.map((operation) => operation.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...BOX_WRITE_ROUTES].sort());
    for (const operation of boxWriteModel.operations) {
      expect(operation.permission.length, operation.name).toBeGreaterThan(10);
      expect(boxWriteTable()).toContain(`| \`${operation.name}\` |`);
    }
  });

  it('is the model the registry gives for box', () => {
    expect(serviceWriteModel('box')).toBe(boxWriteModel);
  });
});
