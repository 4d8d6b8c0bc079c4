import { describe, expect, it } from 'vitest';
import { completeRecurrence } from '../../../../src/import/agent-diff/construct/recurrence.js';
import { translateAssertion } from '../../../../src/import/agent-diff/construct/translate.js';
import type { LegacyAssertion } from '../../../../src/reference/legacy-diff/spec.js';
import { stateOf } from '../support/mini.js';

const patrols =
  'Create the calendar first. The weekly Lantern Patrols need to happen every Tuesday at 7:00pm for 6 weeks starting June 19, 2018, lasting 1 hour - set that up as a recurring event (one series, not six separate events). Then update the Lantern Patrol location.';

describe('a recurrence completed from the instruction', () => {
  it('"every Tuesday … for 6 weeks" on a weekly rule gives COUNT=6 and BYDAY=TU, appended', () => {
    expect(completeRecurrence('FREQ=WEEKLY', 'Lantern Patrol', patrols, '2018-06-19')).toEqual({
      ok: true,
      rule: 'RRULE:FREQ=WEEKLY;COUNT=6;BYDAY=TU',
    });
  });

  it('reads only the sentences naming the event', () => {
    const text = 'Book the Standup every Monday. The Retro runs for 3 weeks.';
    expect(completeRecurrence('RRULE:FREQ=WEEKLY', 'Standup', text, '2018-06-18')).toEqual({
      ok: true,
      rule: 'RRULE:FREQ=WEEKLY;BYDAY=MO',
    });
  });

  it('"N times" bounds any frequency; an already matching BYDAY is kept', () => {
    const text = 'Schedule Board Game Brawl Night every Monday, four times in all.';
    expect(
      completeRecurrence(
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
        'Board Game Brawl Night',
        text,
        '2018-06-18',
      ),
    ).toEqual({ ok: true, rule: 'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4' });
  });

  it('an open-ended instruction leaves the rule as asserted', () => {
    expect(
      completeRecurrence(
        'FREQ=DAILY',
        'Dawn Bell Rite',
        'Set up the Dawn Bell Rite daily.',
        '2018-06-18',
      ),
    ).toEqual({ ok: true, rule: 'RRULE:FREQ=DAILY' });
  });

  it('refuses what it cannot read safely: another unit, an end date, a weekday the series does not start on', () => {
    const span = completeRecurrence(
      'FREQ=DAILY',
      'Rite',
      'Hold the Rite daily for 2 weeks.',
      '2018-06-18',
    );
    expect(span).toMatchObject({ ok: false, reason: expect.stringContaining('for 2 weeks') });
    const until = completeRecurrence(
      'FREQ=WEEKLY',
      'Rite',
      'Hold the Rite weekly until July 30.',
      '2018-06-18',
    );
    expect(until).toMatchObject({ ok: false, reason: expect.stringContaining('end') });
    const day = completeRecurrence(
      'FREQ=WEEKLY',
      'Rite',
      'Hold the Rite every Friday.',
      '2018-06-19',
    );
    expect(day).toMatchObject({ ok: false, reason: expect.stringContaining('2018-06-19') });
    const other = completeRecurrence(
      'FREQ=WEEKLY;BYDAY=MO',
      'Rite',
      'Hold the Rite every Friday.',
      '2018-06-22',
    );
    expect(other).toMatchObject({ ok: false, reason: expect.stringContaining('BYDAY=MO') });
  });
});

describe('the Calendar events.insert recipe', () => {
  it('writes the completed rule, not the bare asserted FREQ', () => {
    const assertion: LegacyAssertion = {
      diff_type: 'added',
      entity: 'calendar_events',
      where: {
        summary: { contains: 'Lantern Patrol' },
        'start.dateTime': { contains: '2018-06-19T19:00' },
        'start.timeZone': { eq: 'America/Los_Angeles' },
        recurrence: { contains: 'FREQ=WEEKLY' },
      },
      expected_changes: {},
      ignore: [],
      expected_count: 1,
    };
    const made = translateAssertion('calendar', assertion, {
      before: stateOf({ calendar_events: [] }),
      instruction: patrols,
      actor: { id: 'user_agent', name: 'Agent' },
    });
    expect(made.ok && made.calls[0]?.body).toMatchObject({
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6;BYDAY=TU'],
    });
  });
});
