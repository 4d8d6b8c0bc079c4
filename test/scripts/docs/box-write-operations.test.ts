import { describe, expect, it } from 'vitest';
import { writeOperationsTable } from '../../../scripts/docs/write-operations.js';
import { BOX_WRITE_ROUTES, boxWriteModel } from '../../../src/services/box/write/index.js';
import { serviceWriteModel } from '../../../src/services/registry.js';

// The table itself is checked with every service's by write-operations.test.ts.
describe('docs/replicas.md, Box write operations', () => {
  it('document exactly the operations the model routes, each once, with a permission rule', () => {
    const names = boxWriteModel.operations.map((operation) => operation.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...BOX_WRITE_ROUTES].sort());
    for (const operation of boxWriteModel.operations) {
      expect(operation.permission.length, operation.name).toBeGreaterThan(10);
      expect(writeOperationsTable('box')).toContain(`| \`${operation.name}\` |`);
    }
  });

  it('is the model the registry gives for box', () => {
    expect(serviceWriteModel('box')).toBe(boxWriteModel);
  });
});
