import type { Row } from '../../schema/json.js';
import { instant } from './comparators.js';
import { linearError } from './errors.js';
import { text } from './view.js';

export interface PagingArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  includeArchived?: boolean | null;
  orderBy?: 'createdAt' | 'updatedAt' | null;
}

export interface Connection {
  nodes: Row[];
  edges: { node: Row; cursor: string }[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

export const DEFAULT_PAGE_SIZE = 50;

/** Archived rows (and trashed issues) are listed only with `includeArchived: true`, as in Linear. */
export function isArchived(row: Row): boolean {
  return (row.archivedAt ?? null) !== null || row.trashed === true;
}

/**
 * Newest first by `orderBy` (default createdAt), ties broken by id so pages are stable.
 * Each row's instant and id are read once, not at every comparison.
 */
function sortRows(rows: readonly Row[], orderBy: 'createdAt' | 'updatedAt'): Row[] {
  const keyed = rows.map((row) => ({
    row,
    at: instant(row[orderBy]) ?? 0,
    id: text(row, 'id') ?? '',
  }));
  keyed.sort((a, b) => {
    const difference = b.at - a.at;
    if (difference !== 0) return difference;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return keyed.map((entry) => entry.row);
}

/** A Relay connection over rows; cursors are node ids, as Linear's are. */
export function paginate(rows: readonly Row[], args: PagingArgs): Connection {
  const { first, after, last, before } = args;
  // Linear refuses a page asked from both ends.
  if (first !== undefined && first !== null && last !== undefined && last !== null)
    throw linearError(
      'INVALID_INPUT',
      'Argument Validation Error: first and last cannot be used together',
    );
  if (first !== undefined && first !== null && first < 0)
    throw linearError(
      'INVALID_INPUT',
      'Argument Validation Error: first must be a non-negative integer',
    );
  if (last !== undefined && last !== null && last < 0)
    throw linearError(
      'INVALID_INPUT',
      'Argument Validation Error: last must be a non-negative integer',
    );
  const listed = sortRows(
    args.includeArchived ? rows : rows.filter((row) => !isArchived(row)),
    args.orderBy ?? 'createdAt',
  );
  let start = 0;
  let end = listed.length;
  if (after) {
    const index = listed.findIndex((row) => text(row, 'id') === after);
    if (index < 0)
      throw linearError(
        'INVALID_INPUT',
        `Argument Validation Error: cursor "${after}" is not in this collection`,
      );
    start = index + 1;
  }
  if (before) {
    const index = listed.findIndex((row) => text(row, 'id') === before);
    if (index < 0)
      throw linearError(
        'INVALID_INPUT',
        `Argument Validation Error: cursor "${before}" is not in this collection`,
      );
    end = index;
  }
  let hasNextPage = end < listed.length;
  let hasPreviousPage = start > 0;
  const backward = last !== undefined && last !== null && (first === undefined || first === null);
  if (backward) {
    if (end - start > last) {
      start = end - last;
      hasPreviousPage = true;
    }
  } else {
    const size = first ?? DEFAULT_PAGE_SIZE;
    if (end - start > size) {
      end = start + size;
      hasNextPage = true;
    }
  }
  const nodes = listed.slice(start, Math.max(start, end));
  const edges = nodes.map((node) => ({ node, cursor: text(node, 'id') ?? '' }));
  return {
    nodes,
    edges,
    pageInfo: {
      hasNextPage,
      hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
