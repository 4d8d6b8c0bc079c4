import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ApiRequest, HARNESS_ERROR_HEADER } from '../../../src/services/api.js';
import { OperationBudget } from '../../../src/services/budget.js';
import {
  CalendarDocs,
  CalendarTableKeys,
  createCalendarReplica,
} from '../../../src/services/calendar/index.js';
import { BudgetExhaustedError, createApiClient } from '../../../src/services/client.js';
import { serveRequest } from '../../../src/services/gateway.js';
import { builtinSeed, builtinState, calendarIdOf, dana, errorReason } from './builtin-seed.js';

const replica = () => createCalendarReplica(builtinState, dana);
const operations = encodeURIComponent(calendarIdOf('Operations'));
const eventId = String(
  builtinState
    .rows('calendar_events')
    .find((row) => row.calendar_id === calendarIdOf('Operations'))!.id,
);

const WRITES: ApiRequest[] = [
  {
    method: 'POST',
    path: `calendars/${operations}/events`,
    body: {
      summary: 'New',
      start: { dateTime: '2026-04-01T10:00:00Z' },
      end: { dateTime: '2026-04-01T11:00:00Z' },
    },
  },
  {
    method: 'PATCH',
    path: `calendars/${operations}/events/${eventId}`,
    body: { summary: 'Renamed' },
  },
  {
    method: 'PUT',
    path: `calendars/${operations}/events/${eventId}`,
    body: { summary: 'Replaced' },
  },
  { method: 'DELETE', path: `calendars/${operations}/events/${eventId}` },
  {
    method: 'POST',
    path: `calendars/${operations}/events/${eventId}/move`,
    query: { destination: 'primary' },
  },
  {
    method: 'POST',
    path: `calendars/${operations}/events/quickAdd`,
    query: { text: 'Lunch tomorrow noon' },
  },
  { method: 'POST', path: `calendars/${operations}/events/import`, body: {} },
  {
    method: 'POST',
    path: `calendars/${operations}/acl`,
    body: { role: 'reader', scope: { type: 'user', value: 'x@example.com' } },
  },
  { method: 'DELETE', path: `calendars/${operations}/acl/user:kofi.mensah@meridianloom.example` },
  { method: 'POST', path: 'calendars', body: { summary: 'Another' } },
  { method: 'DELETE', path: `calendars/${operations}` },
  { method: 'POST', path: `calendars/${operations}/clear` },
  { method: 'PATCH', path: `users/me/calendarList/${operations}`, body: { hidden: true } },
  { method: 'POST', path: 'users/me/calendarList', body: { id: 'x' } },
  { method: 'POST', path: `calendars/${operations}/events/watch`, body: {} },
  { method: 'POST', path: 'channels/stop', body: {} },
];

describe('the calendar replica as a service', () => {
  it('exports docs naming every read operation and a key for every table of the seed', () => {
    for (const operation of [
      '/users/me/calendarList',
      '/calendars/{calendarId}/events',
      '/events/{eventId}/instances',
      '/acl',
      '/freeBusy',
      '/users/me/settings',
      '/colors',
      'nextPageToken',
      'insufficientPermissions',
    ]) {
      expect(CalendarDocs).toContain(operation);
    }
    expect(Object.keys(CalendarTableKeys).sort()).toEqual(Object.keys(builtinSeed.tables).sort());
  });

  it.each(
    WRITES.map(
      (request) =>
        [`${request.method} ${request.path.split('/').slice(-2).join('/')}`, request] as const,
    ),
  )('refuses the write %s with 403 and changes nothing', (_name, request) => {
    const service = replica();
    const listBefore = service.handle({
      method: 'GET',
      path: `calendars/${operations}/events`,
      query: { showDeleted: true },
    });
    const response = service.handle(request);
    expect(service.isWrite(request)).toBe(true);
    expect(response.status).toBe(403);
    expect(errorReason(response)).toBe('insufficientPermissions');
    expect(
      service.handle({
        method: 'GET',
        path: `calendars/${operations}/events`,
        query: { showDeleted: true },
      }),
    ).toEqual(listBefore);
    expect(builtinState.changedKeys('calendar_events').size).toBe(0);
  });

  it('treats reads, freeBusy and unknown routes as non-writes', () => {
    const service = replica();
    expect(service.isWrite({ method: 'GET', path: `calendars/${operations}/events` })).toBe(false);
    expect(service.isWrite({ method: 'POST', path: 'freeBusy', body: {} })).toBe(false);
    expect(service.isWrite({ method: 'POST', path: 'graphql', body: { query: '{ a }' } })).toBe(
      false,
    );
  });

  it('answers unknown paths and methods with a Google 404', () => {
    const service = replica();
    for (const request of [
      { method: 'GET', path: 'nope' },
      { method: 'POST', path: 'graphql' },
      { method: 'DELETE', path: 'colors' },
      { method: 'GET', path: '' },
    ]) {
      const response = service.handle(request);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        error: {
          code: 404,
          message: 'Not Found',
          errors: [{ domain: 'global', reason: 'notFound', message: 'Not Found' }],
        },
      });
    }
  });

  it('accepts paths with or without a leading slash, full URLs and query strings in the path', () => {
    const service = replica();
    const plain = service.handle({
      method: 'GET',
      path: 'users/me/calendarList',
      query: { maxResults: 2 },
    });
    expect(
      service.handle({ method: 'GET', path: '/users/me/calendarList', query: { maxResults: '2' } }),
    ).toEqual(plain);
    expect(
      service.handle({
        method: 'GET',
        path: 'https://www.googleapis.com/calendar/v3/users/me/calendarList?maxResults=2',
      }),
    ).toEqual(plain);
    expect(
      service.handle({
        method: 'GET',
        path: 'users/me/calendarList',
        query: { maxResults: [2, 5] },
      }),
    ).toEqual(plain);
  });

  it('never throws, whatever the request', () => {
    const service = replica();
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.array(fc.string(), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'get', ''),
        fc.oneof(
          fc.string(),
          fc.constantFrom(
            'calendars/primary/events',
            'calendars/%E0%A4%A/events',
            'freeBusy',
            `calendars/${operations}/events/${eventId}/instances`,
            'users/me/settings/x',
          ),
        ),
        fc.dictionary(
          fc.constantFrom(
            'timeMin',
            'timeMax',
            'maxResults',
            'pageToken',
            'singleEvents',
            'orderBy',
            'q',
            'showDeleted',
            'originalStart',
          ),
          value,
        ),
        fc.anything(),
        (method, path, query, body) => {
          const response = service.handle({ method, path, query, body });
          expect(response.status).toBeGreaterThanOrEqual(200);
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('budget through the gateway', () => {
  it('charges one operation per call and refuses the 81st with budget_exhausted', () => {
    const service = replica();
    const budget = new OperationBudget();
    for (let call = 0; call < budget.limit; call += 1) {
      expect(serveRequest(service, budget, { method: 'GET', path: 'colors' }).status).toBe(200);
    }
    expect(budget.used).toBe(budget.limit);
    const refused = serveRequest(service, budget, { method: 'GET', path: 'colors' });
    expect(refused.status).toBe(429);
    expect(refused.headers[HARNESS_ERROR_HEADER]).toBe('budget_exhausted');
    expect(budget.exhausted).toBe(true);
  });

  it('counts refused writes too, and a shared budget spans before and after', async () => {
    const budget = new OperationBudget(3);
    const before = createApiClient((request) =>
      Promise.resolve(serveRequest(replica(), budget, request)),
    );
    const after = createApiClient((request) =>
      Promise.resolve(serveRequest(replica(), budget, request)),
    );
    await before.get('calendars/primary');
    await after.post(`calendars/${operations}/events`, { summary: 'x' });
    await after.get('colors');
    expect(budget.used).toBe(3);
    await expect(before.get('colors')).rejects.toBeInstanceOf(BudgetExhaustedError);
  });
});
