// The four Calendar states no API call produces (issue #27), each a broken pack written as the
// actor's calls (packs/broken/calls-calendar.ts): refused with the file, the JSON path
// of the call or written op, and Google's error or the rows the server writes instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCalendarCallsMini } from '../../packs/broken/calls-calendar.js';
import { loadPack } from '../../src/pack/load.js';
import { formatJsonPath } from '../../src/pack/pack-error.js';

const broken = path.resolve(import.meta.dirname, '../../fixtures/packs/broken');
const FILE = 'tasks/calendar_calls_mini.json';

async function onlyError(name: string) {
  const result = await loadPack(path.join(broken, name));
  if (result.ok) throw new Error(`expected ${name} to be refused`);
  expect(result.errors).toHaveLength(1);
  const [error] = result.errors;
  return {
    file: error?.file,
    at: formatJsonPath(error?.path ?? []),
    code: error?.code,
    message: error?.message,
  };
}

describe('Calendar states no call can produce', () => {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it('the unbroken pack, written as calls, loads', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'apb-cal-calls-')), 'pack');
    made.push(path.dirname(dir));
    writeCalendarCallsMini(dir);
    const result = await loadPack(dir);
    expect(result.ok ? 'loaded' : result.errors).toBe('loaded');
  });

  it("writing another user's calendarList: no such route, 404 notFound", async () => {
    expect(await onlyError('calls-calendar-other-users-calendar-list')).toEqual({
      file: FILE,
      at: '$.outcomes.source[2].calls[0]',
      code: 'call_refused',
      message:
        'calendar_calls_mini source/hidden-for-ana, call 0 (PATCH /users/ana@studio.example/calendarList/cal-studio) refused: 404 notFound (HTTP 404)',
    });
  });

  it('cancelling an instance id that is not an occurrence of the series: 404 notFound', async () => {
    expect(await onlyError('calls-calendar-cancel-non-occurrence')).toEqual({
      file: FILE,
      at: '$.outcomes.source[2].calls[0]',
      code: 'call_refused',
      message:
        'calendar_calls_mini source/standup-cancelled-wrong-hour, call 0 (DELETE /calendars/cal-studio/events/evstandup_20260420T080000Z) refused: 404 notFound (HTTP 404)',
    });
  });

  it('an event deleted outright: events.delete writes a cancelled record instead', async () => {
    const error = await onlyError('calls-calendar-event-deleted-outright');
    expect(error).toMatchObject({
      file: FILE,
      at: '$.outcomes.source[2].patch[0]',
      code: 'calls_disagree',
    });
    expect(error.message).toContain(
      'op 0 is {"key":{"id":"ev-review"},"op":"delete","table":"calendar_events"}',
    );
    expect(error.message).toContain('"sequence":1,"status":"cancelled"');
  });

  it('events.move keeping the old organizer: the destination calendar becomes the organizer', async () => {
    const error = await onlyError('calls-calendar-move-keeps-organizer');
    expect(error).toMatchObject({
      file: FILE,
      at: '$.outcomes.source[2].patch[0]',
      code: 'calls_disagree',
    });
    expect(error.message).toContain('"organizer_email":"cal-home"');
  });
});
