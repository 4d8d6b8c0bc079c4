import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../src/services/calendar/errors.js';
import { QueryParams } from '../../../src/services/calendar/query.js';

const params = (query: ConstructorParameters<typeof QueryParams>[0], path = '') =>
  new QueryParams(query, new URLSearchParams(path));
const failureOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiFailure) return error.response;
    throw error;
  }
  throw new Error('expected an ApiFailure');
};

describe('QueryParams', () => {
  it('reads strings, numbers, booleans and the first of repeated values', () => {
    const query = params({
      q: 'review',
      maxResults: 20,
      singleEvents: true,
      orderBy: ['startTime', 'updated'],
    });
    expect(query.string('q')).toBe('review');
    expect(query.integer('maxResults', 250, 1, 2500)).toBe(20);
    expect(query.boolean('singleEvents', false)).toBe(true);
    expect(query.string('orderBy')).toBe('startTime');
  });

  it('lets explicit query values override the query string of the path', () => {
    const query = params({ maxResults: 5 }, 'maxResults=9&q=sync');
    expect(query.integer('maxResults', 250, 1, 2500)).toBe(5);
    expect(query.string('q')).toBe('sync');
  });

  it('caps integers at the maximum and refuses bad values with Google errors', () => {
    expect(params({ maxResults: 99999 }).integer('maxResults', 250, 1, 2500)).toBe(2500);
    const bad = failureOf(() => params({ maxResults: 'ten' }).integer('maxResults', 250, 1, 2500));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('parameter maxResults');
    expect(
      failureOf(() => params({ singleEvents: 'yes' }).boolean('singleEvents', false)).body,
    ).toMatchObject({ error: { errors: [{ reason: 'invalid' }] } });
  });
});
