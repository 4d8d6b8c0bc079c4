import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../src/services/calendar/errors.js';
import { paginate } from '../../../src/services/calendar/paging.js';

const failureOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiFailure) return error.response;
    throw error;
  }
  throw new Error('expected an ApiFailure');
};

describe('paginate', () => {
  const items = Array.from({ length: 7 }, (_, index) => index);

  it('walks a list in pages and ends without a token', () => {
    const first = paginate(items, 'list', undefined, 3);
    const second = paginate(items, 'list', first.nextPageToken, 3);
    const third = paginate(items, 'list', second.nextPageToken, 3);
    expect([first.items, second.items, third.items]).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(third.nextPageToken).toBeUndefined();
  });

  it("refuses another list's token and garbage", () => {
    const token = paginate(items, 'list-a', undefined, 3).nextPageToken;
    expect(failureOf(() => paginate(items, 'list-b', token, 3)).status).toBe(400);
    expect(failureOf(() => paginate(items, 'list-a', '%%%not-a-token', 3)).status).toBe(400);
  });
});
