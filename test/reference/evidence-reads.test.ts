import { describe, expect, it } from 'vitest';
import { evidenceReads } from '../../src/reference/evidence-reads.js';
import { DeclarativeReferenceSchema } from '../../src/schema/reference.js';

describe('evidenceReads', () => {
  it('lists selector where fields, ref operands on the bound table, check fields and unchanged tables with their JSON paths', () => {
    const reference = DeclarativeReferenceSchema.parse({
      version: 1,
      selectors: {
        person: { table: 'users', where: { email: 'a@example.test', 'profile.title': 'Lead' } },
        issue: { table: 'issues', where: { assigneeId: { ref: 'person', field: 'id' } } },
      },
      checks: [
        {
          kind: 'field',
          name: 'n',
          category: 'value',
          reason: 'r',
          target: 'issue',
          field: 'stateId',
          expect: { in: { refs: 'person', field: 'teamId' } },
        },
        {
          kind: 'created',
          name: 'c',
          category: 'value',
          reason: 'r',
          bind: 'note',
          table: 'comments',
          where: { body: { contains: 'x' } },
        },
        {
          kind: 'preserved',
          name: 'p',
          category: 'preservation',
          reason: 'r',
          target: 'note',
          fields: ['userId'],
        },
        { kind: 'unchanged', name: 'u', category: 'preservation', reason: 'r', tables: ['teams'] },
        { kind: 'predicate', name: 'q', category: 'value', reason: 'r', predicate: 'anything' },
      ],
    });
    expect(
      evidenceReads(reference).map((read) => [read.path.join('.'), read.table, read.column]),
    ).toEqual([
      ['selectors.person.table', 'users', undefined],
      ['selectors.person.where.email', 'users', 'email'],
      ['selectors.person.where.profile.title', 'users', 'profile'],
      ['selectors.issue.table', 'issues', undefined],
      ['selectors.issue.where.assigneeId', 'issues', 'assigneeId'],
      ['selectors.issue.where.assigneeId.field', 'users', 'id'],
      ['checks.0.field', 'issues', 'stateId'],
      ['checks.0.expect.in.field', 'users', 'teamId'],
      ['checks.1.table', 'comments', undefined],
      ['checks.1.where.body', 'comments', 'body'],
      ['checks.2.fields.0', 'comments', 'userId'],
      ['checks.3.tables.0', 'teams', undefined],
    ]);
  });
});
