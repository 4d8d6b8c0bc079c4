import { describe, expect, it } from 'vitest';
import { LinearDocs } from '../../../src/services/linear/index.js';
import { linearSchema } from '../../../src/services/linear/schema.js';

describe('LinearDocs', () => {
  it('documents every root query field the replica serves', () => {
    const fields = Object.keys(linearSchema().getQueryType()?.getFields() ?? {});
    const undocumented = fields.filter((field) => !LinearDocs.includes(`\`${field}`));
    expect(fields.length).toBeGreaterThan(10);
    expect(undocumented).toEqual([]);
  });

  it('documents every comparator the filter inputs accept', () => {
    const comparator = linearSchema().getType('NullableStringComparator');
    const operators =
      comparator && 'getFields' in comparator ? Object.keys(comparator.getFields()) : [];
    expect(operators.length).toBeGreaterThan(5);
    expect(operators.filter((operator) => !LinearDocs.includes(`\`${operator}\``))).toEqual([]);
  });
});
