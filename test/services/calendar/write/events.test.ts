import { describe, expect, it } from 'vitest';
import { calendarWriteModel } from '../../../../src/services/calendar/write/index.js';
import { createWriteEnvironment } from '../../../../src/services/write-model.js';
import {
  applied,
  BOARD,
  CLOCK,
  DANA,
  googleErrorBody,
  miniState,
  PRIYA,
  read,
  run,
  TEAM,
  WREN,
} from './mini-seed.js';

const NY = 'America/New_York';
const NOW = '2026-04-10T14:00:00';
// The first etag and event id of the stream "test" (pinned: a change of the id stream shows here).
const ETAG = '"3629233557420528"';
const NEW_ID = 'ccru9n1bp4eadss4n225venttp';
const ETAG_AFTER_ID = '"3855050210310324"';
const teamEvents = `/calendars/${encodeURIComponent(TEAM)}/events`;
const at = (date: string, time: string) => ({ dateTime: `${date}T${time}:00-04:00`, timeZone: NY });

function refusal(result: ReturnType<typeof run>) {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.patch)}`);
  return result.refusal;
}

const WRITER_NEEDED = googleErrorBody(
  403,
  'requiredAccessLevel',
  'You need to have writer access to this calendar.',
  'calendar',
);

describe('events.insert', () => {
  const body = {
    summary: 'Plan',
    start: at('2026-04-21', '11:00'),
    end: at('2026-04-21', '11:30'),
    attendees: [{ email: 'wren@ex.example' }],
  };

  it('writes the event with the ids, stamps and people the server assigns', () => {
    const result = run(DANA, { method: 'POST', path: teamEvents, body });
    expect(result.ok && result.status).toBe(200);
    expect(result.ok && result.patch).toEqual([
      {
        op: 'insert',
        table: 'calendar_events',
        row: {
          id: NEW_ID,
          calendar_id: TEAM,
          ical_uid: `${NEW_ID}@google.com`,
          summary: 'Plan',
          description: null,
          location: null,
          status: 'confirmed',
          visibility: 'default',
          transparency: 'opaque',
          event_type: 'default',
          creator_id: 'u_dana',
          organizer_id: 'u_dana',
          creator_email: 'dana@ex.example',
          organizer_email: 'dana@ex.example',
          recurrence: null,
          recurring_event_id: null,
          original_start_time: null,
          sequence: 0,
          start: at('2026-04-21', '11:00'),
          end: at('2026-04-21', '11:30'),
          start_datetime: '2026-04-21T11:00:00',
          end_datetime: '2026-04-21T11:30:00',
          etag: ETAG_AFTER_ID,
          html_link: `https://www.google.com/calendar/event?eid=${NEW_ID}`,
          created_at: NOW,
          updated_at: NOW,
        },
      },
      {
        op: 'insert',
        table: 'calendar_event_attendees',
        row: {
          event_id: NEW_ID,
          email: 'wren@ex.example',
          response_status: 'needsAction',
          display_name: null,
          optional: false,
          resource: false,
        },
      },
    ]);
    expect(NEW_ID).toMatch(/^[0-9a-v]{26}$/);
  });

  it('answers with the event the read replica then shows', () => {
    const result = run(DANA, { method: 'POST', path: teamEvents, body });
    const shown = read(applied(result), `${teamEvents}/${NEW_ID}`);
    expect(shown.status).toBe(200);
    expect(result.ok && result.response).toEqual(shown.body);
    expect(shown.body).toMatchObject({
      id: NEW_ID,
      summary: 'Plan',
      organizer: { email: 'dana@ex.example', self: true },
      attendees: [{ email: 'wren@ex.example', responseStatus: 'needsAction' }],
      created: '2026-04-10T14:00:00.000Z',
      sequence: 0,
    });
  });

  it('keeps an organizer primary calendar as organizer when a writer adds to it', () => {
    const primary = run(DANA, { method: 'POST', path: '/calendars/primary/events', body });
    expect(primary.ok && primary.patch[0]).toMatchObject({
      row: {
        calendar_id: 'dana@ex.example',
        organizer_email: 'dana@ex.example',
        organizer_id: 'u_dana',
      },
    });
  });

  it('refuses a reader with requiredAccessLevel and an invisible calendar with 404', () => {
    expect(refusal(run(WREN, { method: 'POST', path: teamEvents, body })).body).toEqual(
      WRITER_NEEDED,
    );
    const board = refusal(run(WREN, { method: 'POST', path: `/calendars/${BOARD}/events`, body }));
    expect(board).toMatchObject({ status: 404, summary: '404 notFound' });
  });

  it('refuses a missing end, an empty time range, a bad id and a taken id', () => {
    expect(
      refusal(run(DANA, { method: 'POST', path: teamEvents, body: { start: body.start } })).body,
    ).toEqual(googleErrorBody(400, 'required', 'Missing end time.'));
    const backwards = { ...body, end: at('2026-04-21', '10:00') };
    expect(refusal(run(DANA, { method: 'POST', path: teamEvents, body: backwards })).body).toEqual(
      googleErrorBody(400, 'timeRangeEmpty', 'The specified time range is empty.', 'calendar'),
    );
    expect(
      refusal(run(DANA, { method: 'POST', path: teamEvents, body: { ...body, id: 'Bad_Id' } }))
        .summary,
    ).toBe('400 invalid');
    expect(
      refusal(run(DANA, { method: 'POST', path: teamEvents, body: { ...body, id: 'evlunch001' } }))
        .body,
    ).toEqual(googleErrorBody(409, 'duplicate', 'The requested identifier already exists.'));
  });
});

describe('events.patch and events.update', () => {
  const review = `${teamEvents}/evreview01`;

  it('patch writes only the fields sent, and bumps sequence when the time moves', () => {
    const result = run(DANA, {
      method: 'PATCH',
      path: review,
      body: {
        location: 'Room 4',
        start: at('2026-04-14', '16:00'),
        end: at('2026-04-14', '17:00'),
      },
    });
    expect(result.ok && result.patch).toEqual([
      {
        op: 'update',
        table: 'calendar_events',
        key: { id: 'evreview01' },
        set: {
          location: 'Room 4',
          start: at('2026-04-14', '16:00'),
          end: at('2026-04-14', '17:00'),
          start_datetime: '2026-04-14T16:00:00',
          end_datetime: '2026-04-14T17:00:00',
          sequence: 1,
          etag: ETAG,
          updated_at: NOW,
        },
      },
    ]);
    expect(read(applied(result), review).body).toMatchObject({
      location: 'Room 4',
      sequence: 1,
      etag: ETAG,
    });
  });

  it('patch of the title alone leaves sequence as it was', () => {
    const result = run(DANA, { method: 'PATCH', path: review, body: { summary: 'Review v2' } });
    expect(result.ok && result.patch).toEqual([
      {
        op: 'update',
        table: 'calendar_events',
        key: { id: 'evreview01' },
        set: { summary: 'Review v2', etag: ETAG, updated_at: NOW },
      },
    ]);
  });

  it('update replaces the resource: guests and fields it omits are cleared', () => {
    const result = run(DANA, {
      method: 'PUT',
      path: review,
      body: { summary: 'Review', start: at('2026-04-14', '15:00'), end: at('2026-04-14', '16:00') },
    });
    expect(result.ok && result.patch).toEqual([
      {
        op: 'update',
        table: 'calendar_events',
        key: { id: 'evreview01' },
        set: {
          summary: 'Review',
          start: at('2026-04-14', '15:00'),
          end: at('2026-04-14', '16:00'),
          start_datetime: '2026-04-14T15:00:00',
          end_datetime: '2026-04-14T16:00:00',
          description: null,
          location: null,
          visibility: 'default',
          transparency: 'opaque',
          recurrence: null,
          etag: ETAG,
          updated_at: NOW,
        },
      },
      {
        op: 'delete',
        table: 'calendar_event_attendees',
        key: { event_id: 'evreview01', email: 'priya@ex.example' },
      },
      {
        op: 'delete',
        table: 'calendar_event_attendees',
        key: { event_id: 'evreview01', email: 'dana@ex.example' },
      },
    ]);
  });

  it('patching one occurrence stores an exception with recurringEventId and originalStartTime', () => {
    const instance = `${teamEvents}/evsync0001_20260420T140000Z`;
    const result = run(DANA, {
      method: 'PATCH',
      path: instance,
      body: { start: at('2026-04-21', '14:00'), end: at('2026-04-21', '14:45') },
    });
    expect(result.ok && result.patch).toHaveLength(1);
    const op = result.ok ? result.patch[0] : undefined;
    expect(op).toEqual({
      op: 'insert',
      table: 'calendar_events',
      row: expect.objectContaining({
        id: 'evsync0001_20260420T140000Z',
        calendar_id: TEAM,
        ical_uid: 'evsync0001@google.com',
        summary: 'Design sync',
        status: 'confirmed',
        recurrence: null,
        recurring_event_id: 'evsync0001',
        original_start_time: at('2026-04-20', '10:00'),
        start: at('2026-04-21', '14:00'),
        end: at('2026-04-21', '14:45'),
        start_datetime: '2026-04-21T14:00:00',
        end_datetime: '2026-04-21T14:45:00',
        sequence: 1,
        etag: ETAG,
        html_link: 'https://www.google.com/calendar/event?eid=evsync0001_20260420T140000Z',
        created_at: NOW,
        updated_at: NOW,
      }),
    });
    const shown = read(applied(result), instance).body as Record<string, unknown>;
    expect(shown).toMatchObject({
      recurringEventId: 'evsync0001',
      originalStartTime: at('2026-04-20', '10:00'),
      start: at('2026-04-21', '14:00'),
    });
  });

  it('refuses a reader (requiredAccessLevel) and a guest changing shared fields (forbiddenForNonOrganizer)', () => {
    expect(
      refusal(run(WREN, { method: 'PATCH', path: review, body: { summary: 'x' } })).body,
    ).toEqual(WRITER_NEEDED);
    expect(
      refusal(
        run(DANA, {
          method: 'PATCH',
          path: '/calendars/primary/events/evlunch001',
          body: { summary: 'x' },
        }),
      ).body,
    ).toEqual(
      googleErrorBody(
        403,
        'forbiddenForNonOrganizer',
        'Shared properties can only be changed by the organizer of the event.',
        'calendar',
      ),
    );
  });

  it("lets a guest answer on their copy: their attendee row and the event's etag change", () => {
    const result = run(DANA, {
      method: 'PATCH',
      path: '/calendars/primary/events/evlunch001',
      body: {
        attendees: [
          { email: 'priya@ex.example', responseStatus: 'accepted' },
          { email: 'dana@ex.example', responseStatus: 'accepted' },
        ],
      },
    });
    expect(result.ok && result.patch).toEqual([
      {
        op: 'update',
        table: 'calendar_event_attendees',
        key: { event_id: 'evlunch001', email: 'dana@ex.example' },
        set: { response_status: 'accepted' },
      },
      {
        op: 'update',
        table: 'calendar_events',
        key: { id: 'evlunch001' },
        set: { etag: ETAG, updated_at: NOW },
      },
    ]);
  });

  it('refuses an update without times, a bad enum and mixed date and dateTime', () => {
    expect(
      refusal(run(DANA, { method: 'PUT', path: review, body: { summary: 'x' } })).body,
    ).toEqual(googleErrorBody(400, 'required', 'Missing start time.'));
    expect(
      refusal(run(DANA, { method: 'PATCH', path: review, body: { status: 'gone' } })).summary,
    ).toBe('400 invalid');
    expect(
      refusal(run(DANA, { method: 'PATCH', path: review, body: { start: { date: '2026-04-14' } } }))
        .summary,
    ).toBe('400 invalid');
  });

  it('refuses an instance id that is not an occurrence of the series (404)', () => {
    // 15:00Z is an hour off the April occurrences (14:00Z, 10:00 New York daylight time).
    const wrong = refusal(
      run(DANA, {
        method: 'PATCH',
        path: `${teamEvents}/evsync0001_20260420T150000Z`,
        body: { summary: 'x' },
      }),
    );
    expect(wrong.body).toEqual(googleErrorBody(404, 'notFound', 'Not Found'));
  });
});

describe('events.delete', () => {
  it('keeps a cancelled record with sequence bumped, which showDeleted still lists', () => {
    const result = run(DANA, { method: 'DELETE', path: `${teamEvents}/evreview01` });
    expect(result.ok && result.status).toBe(204);
    expect(result.ok && result.patch).toEqual([
      {
        op: 'update',
        table: 'calendar_events',
        key: { id: 'evreview01' },
        set: { status: 'cancelled', sequence: 1, etag: ETAG, updated_at: NOW },
      },
    ]);
    const state = applied(result);
    expect(read(state, `${teamEvents}/evreview01`).body).toMatchObject({ status: 'cancelled' });
    const listed = read(state, teamEvents, DANA, { showDeleted: 'true' }).body as {
      items: { id: string }[];
    };
    expect(listed.items.map((item) => item.id)).toContain('evreview01');
  });

  it('cancelling one occurrence stores a cancelled exception under the instance id', () => {
    const result = run(DANA, {
      method: 'DELETE',
      path: `${teamEvents}/evsync0001_20260413T140000Z`,
    });
    expect(result.ok && result.patch[0]).toEqual({
      op: 'insert',
      table: 'calendar_events',
      row: expect.objectContaining({
        id: 'evsync0001_20260413T140000Z',
        status: 'cancelled',
        recurring_event_id: 'evsync0001',
        original_start_time: at('2026-04-13', '10:00'),
        start: at('2026-04-13', '10:00'),
        sequence: 1,
        etag: ETAG,
      }),
    });
    const instances = read(applied(result), `${teamEvents}/evsync0001/instances`).body as {
      items: { id: string }[];
    };
    expect(instances.items.map((item) => item.id)).not.toContain('evsync0001_20260413T140000Z');
    expect(instances.items).toHaveLength(5);
  });

  it('refuses an already deleted event with 410 deleted, a reader with requiredAccessLevel', () => {
    expect(refusal(run(DANA, { method: 'DELETE', path: `${teamEvents}/evgone0001` })).body).toEqual(
      googleErrorBody(410, 'deleted', 'Resource has been deleted'),
    );
    expect(refusal(run(WREN, { method: 'DELETE', path: `${teamEvents}/evreview01` })).body).toEqual(
      WRITER_NEEDED,
    );
  });

  it('refuses a made-up instance id and a second delete of the same occurrence', () => {
    expect(
      refusal(run(DANA, { method: 'DELETE', path: `${teamEvents}/evsync0001_20260413T150000Z` }))
        .summary,
    ).toBe('404 notFound');
    const once = applied(
      run(DANA, { method: 'DELETE', path: `${teamEvents}/evsync0001_20260413T140000Z` }),
    );
    expect(
      refusal(
        run(DANA, { method: 'DELETE', path: `${teamEvents}/evsync0001_20260413T140000Z` }, once),
      ).summary,
    ).toBe('410 deleted');
  });

  it('a guest deleting their copy declines instead of cancelling the event', () => {
    const result = run(DANA, { method: 'DELETE', path: '/calendars/primary/events/evlunch001' });
    expect(result.ok && result.patch).toEqual([
      {
        op: 'update',
        table: 'calendar_event_attendees',
        key: { event_id: 'evlunch001', email: 'dana@ex.example' },
        set: { response_status: 'declined' },
      },
      {
        op: 'update',
        table: 'calendar_events',
        key: { id: 'evlunch001' },
        set: { etag: ETAG, updated_at: NOW },
      },
    ]);
  });
});

describe('events.move', () => {
  it('moves a series with its exceptions, and the destination becomes the organizer', () => {
    const withException = applied(
      run(DANA, { method: 'DELETE', path: `${teamEvents}/evsync0001_20260413T140000Z` }),
    );
    const result = calendarWriteModel.apply(
      withException,
      DANA,
      { method: 'POST', path: `${teamEvents}/evsync0001/move`, query: { destination: 'primary' } },
      createWriteEnvironment(CLOCK, 'move'),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.refusal));
    expect(
      result.patch.map(
        (op) =>
          op.op === 'update' && [
            op.key,
            op.set.calendar_id,
            op.set.organizer_email,
            op.set.organizer_id,
          ],
      ),
    ).toEqual([
      [{ id: 'evsync0001' }, 'dana@ex.example', 'dana@ex.example', 'u_dana'],
      [{ id: 'evsync0001_20260413T140000Z' }, 'dana@ex.example', 'dana@ex.example', 'u_dana'],
    ]);
    for (const op of result.patch)
      expect(op.op === 'update' && op.set).toMatchObject({
        etag: expect.stringMatching(/^"\d{16}"$/),
        updated_at: NOW,
      });
    const moved = read(
      withException.apply(result.patch).state,
      '/calendars/primary/events/evsync0001',
    );
    expect(moved.body).toMatchObject({ organizer: { email: 'dana@ex.example', self: true } });
  });

  it('refuses an instance (cannotChangeOrganizerOfInstance) and a read-only destination', () => {
    expect(
      refusal(
        run(DANA, {
          method: 'POST',
          path: `${teamEvents}/evsync0001_20260420T140000Z/move`,
          query: { destination: 'primary' },
        }),
      ).body,
    ).toEqual(
      googleErrorBody(
        400,
        'cannotChangeOrganizerOfInstance',
        'Cannot change the organizer of an instance.',
        'calendar',
      ),
    );
    expect(
      refusal(
        run(DANA, {
          method: 'POST',
          path: `${teamEvents}/evreview01/move`,
          query: { destination: BOARD },
        }),
      ).body,
    ).toEqual(WRITER_NEEDED);
  });

  it('refuses a guest moving their copy (cannotChangeOrganizer) and a missing destination', () => {
    expect(
      refusal(
        run(DANA, {
          method: 'POST',
          path: '/calendars/primary/events/evlunch001/move',
          query: { destination: TEAM },
        }),
      ).summary,
    ).toBe('400 cannotChangeOrganizer');
    expect(
      refusal(run(DANA, { method: 'POST', path: `${teamEvents}/evreview01/move` })).summary,
    ).toBe('400 required');
  });
});

describe('the event write path', () => {
  it('is deterministic: the same call on the same stream writes the same rows', () => {
    const body = { summary: 'x', start: at('2026-04-21', '11:00'), end: at('2026-04-21', '12:00') };
    expect(run(DANA, { method: 'POST', path: teamEvents, body })).toEqual(
      run(DANA, { method: 'POST', path: teamEvents, body }),
    );
    const other = run(DANA, { method: 'POST', path: teamEvents, body }, miniState, 'another');
    expect(other.ok && other.patch[0]?.op === 'insert' && other.patch[0].row.id).not.toBe(NEW_ID);
  });

  it('answers an unknown route with 404 and a malformed body with a parse error', () => {
    expect(refusal(run(DANA, { method: 'POST', path: '/calendars/x/unknown' })).summary).toBe(
      '404 notFound',
    );
    expect(refusal(run(DANA, { method: 'POST', path: teamEvents, body: 'text' })).summary).toBe(
      '400 parseError',
    );
    expect(
      refusal(run(PRIYA, { method: 'POST', path: `${teamEvents}/quickAdd`, query: { text: 'x' } }))
        .status,
    ).toBe(501);
  });
});
