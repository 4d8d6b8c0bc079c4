import { describe, expect, it } from 'vitest';
import { declarativeReference, unchangedCheck } from '../../src/authoring/reference.js';
import type { Check } from '../../src/schema/reference.js';
import { CheckSchema, DeclarativeReferenceSchema } from '../../src/schema/reference.js';

const checks: Check[] = [
  {
    kind: 'field',
    name: 'renamed',
    category: 'value',
    reason: 'asked for',
    target: 'issue',
    field: 'title',
    expect: 'New title',
  },
];
const selectors = {
  issue: { table: 'issues', where: { title: 'Old title' }, cardinality: 'one' as const },
};

describe('declarativeReference', () => {
  it('builds a version-1 reference the schema accepts unchanged, ignoring no columns by default', () => {
    const reference = declarativeReference(selectors, checks);
    expect(reference).toEqual({
      kind: 'declarative',
      version: 1,
      selectors,
      checks,
      ignoreFields: [],
    });
    expect(DeclarativeReferenceSchema.parse(reference)).toEqual(reference);
  });

  it('carries the ignored bookkeeping columns it is given', () => {
    expect(declarativeReference(selectors, checks, ['etag']).ignoreFields).toEqual(['etag']);
  });
});

describe('unchangedCheck', () => {
  it('builds an unchanged check the schema accepts as is, excepting nothing by default', () => {
    const check = unchangedCheck('nothing else', 'preservation', 'one issue asked for', ['issues']);
    expect(check).toEqual({
      kind: 'unchanged',
      name: 'nothing else',
      category: 'preservation',
      reason: 'one issue asked for',
      tables: ['issues'],
      except: [],
      ignoreFields: [],
    });
    expect(CheckSchema.parse(check)).toEqual(check);
  });

  it('lets the rows of the named selectors and bindings change', () => {
    expect(unchangedCheck('n', 'identity', 'r', ['issues'], ['issue', 'link'])).toMatchObject({
      category: 'identity',
      except: ['issue', 'link'],
    });
  });
});
