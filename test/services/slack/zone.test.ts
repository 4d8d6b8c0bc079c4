import { describe, expect, it } from 'vitest';
import { zoneAt } from '../../../src/services/slack/zone.js';

describe('zoneAt (Slack tz_label / tz_offset)', () => {
  it('follows daylight saving time at the given instant', () => {
    const july = Date.UTC(2026, 6, 1) / 1000;
    const january = Date.UTC(2026, 0, 15) / 1000;
    expect(zoneAt('Europe/Berlin', july)).toEqual({
      label: 'Central European Summer Time',
      offset: 7200,
    });
    expect(zoneAt('Europe/Berlin', january)).toEqual({
      label: 'Central European Standard Time',
      offset: 3600,
    });
    expect(zoneAt('America/Los_Angeles', january)).toEqual({
      label: 'Pacific Standard Time',
      offset: -28800,
    });
    expect(zoneAt('Asia/Kolkata', january).offset).toBe(19800);
  });

  it('answers the zone name and offset 0 for a zone Intl does not know', () => {
    expect(zoneAt('Mars/Olympus', 0)).toEqual({ label: 'Mars/Olympus', offset: 0 });
  });
});
