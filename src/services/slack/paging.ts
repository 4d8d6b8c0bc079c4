/**
 * Cursor paging as Slack does it: an opaque `next_cursor` (empty when done) that the
 * caller passes back as `cursor`. Our cursors encode the next offset; a cursor we did
 * not issue is `invalid_cursor`.
 */
export interface Page<T> {
  items: T[];
  nextCursor: string;
}

const PREFIX = 'offset:';

export function encodeCursor(offset: number): string {
  return Buffer.from(`${PREFIX}${offset}`, 'utf8').toString('base64');
}

/** Offset named by a cursor; 0 for none; undefined when the cursor is not one of ours. */
export function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return 0;
  const decoded = Buffer.from(cursor, 'base64').toString('utf8');
  if (!decoded.startsWith(PREFIX)) return undefined;
  const offset = Number(decoded.slice(PREFIX.length));
  return Number.isInteger(offset) && offset >= 0 && encodeCursor(offset) === cursor
    ? offset
    : undefined;
}

export function pageOf<T>(items: readonly T[], offset: number, limit: number): Page<T> {
  const end = offset + limit;
  return {
    items: items.slice(offset, end),
    nextCursor: end < items.length ? encodeCursor(end) : '',
  };
}
