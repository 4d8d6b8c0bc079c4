import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../../src/services/api.js';
import { createCalendarReplica } from '../../../src/services/calendar/index.js';
import { builtinState, dana } from '../calendar/builtin-seed.js';
import { checkExposure } from './support.js';

const replica = createCalendarReplica(builtinState, dana);
const handle = (request: ApiRequest) => replica.handle(request);
const events = () => ({
  method: 'GET',
  path: `/calendars/${encodeURIComponent(dana.email)}/events`,
  query: { maxResults: 2500 },
});
const operation = 'GET /calendars/{calendarId}/events';

describe('checkExposure (the read-exposure test harness)', () => {
  it('accepts columns the answer serves with their row', () => {
    const exposure = [
      { operation, exposes: { calendar_events: ['id', 'summary', 'start_datetime'] } },
    ];
    expect(checkExposure(exposure, { [operation]: events }, builtinState, handle)).toEqual([]);
  });

  it("finds a claimed column no answer serves (a user row's display name)", () => {
    const exposure = [{ operation, exposes: { calendar_users: ['id', 'display_name'] } }];
    expect(checkExposure(exposure, { [operation]: events }, builtinState, handle)).toEqual([
      { operation, problem: expect.stringContaining('calendar_users.id') },
      { operation, problem: expect.stringContaining('calendar_users.display_name') },
    ]);
  });

  it("binds a value to its row: a value listed beside another row's id proves nothing", () => {
    const seed = {
      rows: () => [
        { id: 'a', name: 'Alder' },
        { id: 'b', name: 'Birch' },
      ],
      keyColumns: () => ['id'],
    };
    const answer = (entries: unknown) => () => ({ status: 200, headers: {}, body: { entries } });
    const exposure = [{ operation: 'list', exposes: { trees: ['id', 'name'] } }];
    const probes = { list: () => ({ method: 'GET', path: '/trees' }) };
    const swapped = answer([
      { id: 'a', name: 'Birch' },
      { id: 'b', name: 'Alder' },
    ]);
    expect(checkExposure(exposure, probes, seed, swapped)).toEqual([
      { operation: 'list', problem: expect.stringContaining('trees.name') },
    ]);
    const right = answer([
      { id: 'b', name: 'Birch' },
      { id: 'a', name: 'Alder' },
    ]);
    expect(checkExposure(exposure, probes, seed, right)).toEqual([]);
  });

  it('reports an operation no probe calls, and one whose every request is refused', () => {
    const exposure = [
      { operation: 'GET /nowhere', exposes: { calendars: ['id'] } },
      { operation, exposes: { calendars: ['id'] } },
    ];
    const refused = () => ({ method: 'GET', path: '/calendars/nobody%40example.test/events' });
    expect(checkExposure(exposure, { [operation]: refused }, builtinState, handle)).toEqual([
      { operation: 'GET /nowhere', problem: 'no probe calls it' },
      { operation, problem: expect.stringContaining('no probe request was answered') },
      { operation, problem: expect.stringContaining('calendars.id') },
    ]);
  });
});
