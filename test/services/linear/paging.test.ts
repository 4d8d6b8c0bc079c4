import { describe, expect, it } from 'vitest';
import type { Row } from '../../../src/schema/json.js';
import { DEFAULT_PAGE_SIZE, paginate } from '../../../src/services/linear/paging.js';
import { post, query, replicaFor } from './builtin-seed.js';

const rows = Array.from({ length: 7 }, (_, index) => ({
  id: `r${index}`,
  createdAt: `2026-01-0${index + 1}T00:00:00.000Z`,
}));

describe('paginate', () => {
  it('orders newest first and pages forward with first/after', () => {
    const page1 = paginate(rows, { first: 3 });
    expect(page1.nodes.map((row) => row.id)).toEqual(['r6', 'r5', 'r4']);
    expect(page1.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: 'r6',
      endCursor: 'r4',
    });
    const page3 = paginate(rows, { first: 3, after: 'r1' });
    expect(page3.nodes.map((row) => row.id)).toEqual(['r0']);
    expect(page3.pageInfo.hasNextPage).toBe(false);
    expect(page3.pageInfo.hasPreviousPage).toBe(true);
  });

  it('pages backward with last/before', () => {
    const page = paginate(rows, { last: 2, before: 'r1' });
    expect(page.nodes.map((row) => row.id)).toEqual(['r3', 'r2']);
    expect(page.pageInfo.hasPreviousPage).toBe(true);
    expect(page.pageInfo.hasNextPage).toBe(true);
  });

  it('orders by updatedAt when asked and defaults to 50 per page', () => {
    const updated = rows.map((row, index) => ({
      ...row,
      updatedAt: `2026-02-0${7 - index}T00:00:00.000Z`,
    }));
    expect(paginate(updated, { orderBy: 'updatedAt', first: 1 }).nodes[0]?.id).toBe('r0');
    const many = Array.from({ length: 60 }, (_, index) => ({
      id: `m${String(index).padStart(2, '0')}`,
      createdAt: '2026-01-01T00:00:00.000Z',
    }));
    expect(paginate(many, {}).nodes).toHaveLength(DEFAULT_PAGE_SIZE);
  });

  it('orders by the instant, whatever the text, with ties by id', () => {
    const mixed: Row[] = [
      { id: 'b', createdAt: '2026-01-01T01:00:00+01:00' },
      { id: 'late', createdAt: '2026-01-01T00:00:01' },
      { id: 'a', createdAt: '2026-01-01T00:00:00.000Z' },
      { id: 'none' },
      { id: 'bad', createdAt: 'soon' },
    ];
    expect(paginate(mixed, {}).nodes.map((row) => row.id)).toEqual([
      'late',
      'a',
      'b',
      'bad',
      'none',
    ]);
  });

  it('leaves archived rows out unless includeArchived', () => {
    const withArchived = [
      ...rows,
      { id: 'gone', createdAt: '2026-01-09T00:00:00.000Z', archivedAt: '2026-01-10T00:00:00.000Z' },
    ];
    expect(paginate(withArchived, {}).nodes.map((row) => row.id)).not.toContain('gone');
    expect(paginate(withArchived, { includeArchived: true }).nodes[0]?.id).toBe('gone');
  });
});

describe('paging through the replica', () => {
  const replica = replicaFor();

  it('edges carry the node and its cursor, and an unknown cursor is an input error', () => {
    const data = query<{
      issues: {
        edges: Array<{ node: { id: string }; cursor: string }>;
        pageInfo: { endCursor: string };
      };
    }>(replica, '{ issues(first: 2) { edges { node { id } cursor } pageInfo { endCursor } } }');
    expect(data.issues.edges.every((edge) => edge.cursor === edge.node.id)).toBe(true);
    expect(data.issues.pageInfo.endCursor).toBe(data.issues.edges[1]?.cursor);
    const bad = post(replica, '{ issues(after: "nope") { nodes { id } } }');
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
  });

  it('refuses a negative page size', () => {
    const bad = post(replica, '{ teams(first: -1) { nodes { id } } }');
    expect(bad.body.data).toBeNull();
    expect(bad.body.errors?.[0]?.message).toMatch(/first must be a non-negative integer/);
  });
});
