import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageOf } from '../../../src/services/slack/paging.js';

describe('cursor paging', () => {
  it('round-trips offsets and treats no cursor as the start', () => {
    for (const offset of [0, 1, 37, 1000]) expect(decodeCursor(encodeCursor(offset))).toBe(offset);
    expect(decodeCursor(undefined)).toBe(0);
    expect(decodeCursor('')).toBe(0);
  });

  it('rejects cursors it did not issue', () => {
    for (const cursor of [
      'abc',
      Buffer.from('offset:-1').toString('base64'),
      Buffer.from('offset:1.5').toString('base64'),
      Buffer.from('page:2').toString('base64'),
    ]) {
      expect(decodeCursor(cursor)).toBeUndefined();
    }
  });

  it('walks a list in pages whose concatenation is the list, ending with an empty cursor', () => {
    const items = Array.from({ length: 23 }, (_, index) => index);
    const seen: number[] = [];
    let offset: number | undefined = 0;
    let pages = 0;
    while (offset !== undefined) {
      const page: { items: number[]; nextCursor: string } = pageOf(items, offset, 5);
      seen.push(...page.items);
      pages += 1;
      offset = page.nextCursor === '' ? undefined : decodeCursor(page.nextCursor);
    }
    expect(seen).toEqual(items);
    expect(pages).toBe(Math.ceil(items.length / 5));
  });
});
