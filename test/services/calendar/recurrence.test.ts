import { describe, expect, it } from 'vitest';
import { expandSeries, parseRule } from '../../../src/services/calendar/recurrence.js';
import { wallToInstant } from '../../../src/services/calendar/time-zones.js';

const NY = 'America/New_York';
const wall = (text: string): number => Date.parse(`${text}Z`);
const show = (walls: number[]): string[] =>
  walls.map((value) => new Date(value).toISOString().slice(0, 16));

describe('parseRule', () => {
  it('reads FREQ, INTERVAL, COUNT, BYDAY with ordinals and WKST', () => {
    const rule = parseRule(['RRULE:FREQ=MONTHLY;INTERVAL=2;COUNT=4;BYDAY=1TH,-1FR;WKST=SU']);
    expect(rule).toMatchObject({ freq: 'MONTHLY', interval: 2, count: 4, weekStart: 0 });
    expect(rule?.byDay).toEqual([
      { weekday: 4, ordinal: 1 },
      { weekday: 5, ordinal: -1 },
    ]);
  });

  it('ignores recurrences without a usable RRULE', () => {
    expect(parseRule(['EXDATE:20260310T140000Z'])).toBeUndefined();
    expect(parseRule(['RRULE:FREQ=SECONDLY'])).toBeUndefined();
  });
});

describe('expandSeries', () => {
  const monday9 = { wall: wall('2026-03-02T09:00:00'), allDay: false, timeZone: NY };

  it('keeps local time across the US daylight-saving change', () => {
    const walls = expandSeries(['RRULE:FREQ=WEEKLY;COUNT=3'], monday9, undefined);
    expect(show(walls)).toEqual(['2026-03-02T09:00', '2026-03-09T09:00', '2026-03-16T09:00']);
    const utcHours = walls.map((value) => new Date(wallToInstant(value, NY)).getUTCHours());
    expect(utcHours).toEqual([14, 13, 13]);
  });

  it('expands WEEKLY with BYDAY and INTERVAL, stopping at UNTIL', () => {
    const walls = expandSeries(
      ['RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20260325T235959Z'],
      monday9,
      undefined,
    );
    expect(show(walls)).toEqual([
      '2026-03-02T09:00',
      '2026-03-04T09:00',
      '2026-03-16T09:00',
      '2026-03-18T09:00',
    ]);
  });

  it('expands DAILY on weekdays only and removes EXDATEs (zoned and UTC forms)', () => {
    const walls = expandSeries(
      [
        'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=6',
        'EXDATE;TZID=America/New_York:20260303T090000',
        'EXDATE:20260306T140000Z',
      ],
      monday9,
      undefined,
    );
    // COUNT counts occurrences before exclusion (RFC 5545), so six weekdays minus two.
    expect(show(walls)).toEqual([
      '2026-03-02T09:00',
      '2026-03-04T09:00',
      '2026-03-05T09:00',
      '2026-03-09T09:00',
    ]);
  });

  it('expands MONTHLY by ordinal weekday and by negative month day', () => {
    const firstThursday = expandSeries(
      ['RRULE:FREQ=MONTHLY;BYDAY=1TH;COUNT=3'],
      { ...monday9, wall: wall('2026-03-05T16:00:00') },
      undefined,
    );
    expect(show(firstThursday)).toEqual([
      '2026-03-05T16:00',
      '2026-04-02T16:00',
      '2026-05-07T16:00',
    ]);
    const secondToLast = expandSeries(
      ['RRULE:FREQ=MONTHLY;BYMONTHDAY=-2;COUNT=3'],
      { ...monday9, wall: wall('2026-03-30T09:00:00') },
      undefined,
    );
    expect(show(secondToLast)).toEqual([
      '2026-03-30T09:00',
      '2026-04-29T09:00',
      '2026-05-30T09:00',
    ]);
  });

  it('stops an open-ended series at the horizon and adds RDATEs', () => {
    const horizon = wallToInstant(wall('2026-03-20T00:00:00'), NY);
    const walls = expandSeries(
      ['RRULE:FREQ=WEEKLY', 'RDATE;TZID=America/New_York:20260311T120000'],
      monday9,
      horizon,
    );
    expect(show(walls)).toEqual([
      '2026-03-02T09:00',
      '2026-03-09T09:00',
      '2026-03-11T12:00',
      '2026-03-16T09:00',
    ]);
  });

  it('expands all-day series by date', () => {
    const walls = expandSeries(
      ['RRULE:FREQ=WEEKLY;BYDAY=SA,SU;COUNT=3'],
      { wall: wall('2026-03-07T00:00:00'), allDay: true, timeZone: NY },
      undefined,
    );
    expect(show(walls)).toEqual(['2026-03-07T00:00', '2026-03-08T00:00', '2026-03-14T00:00']);
  });
});
