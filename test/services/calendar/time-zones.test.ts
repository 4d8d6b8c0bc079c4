import { describe, expect, it } from 'vitest';
import {
  formatInZone,
  instantToWall,
  offsetMinutes,
  parseRfc3339,
  wallToInstant,
} from '../../../src/services/calendar/time-zones.js';

const wall = (text: string): number => Date.parse(`${text}Z`);

describe('time zones', () => {
  it('reads the offset on both sides of a DST change', () => {
    expect(offsetMinutes(Date.parse('2026-03-08T06:59:00Z'), 'America/New_York')).toBe(-300);
    expect(offsetMinutes(Date.parse('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(-240);
    expect(offsetMinutes(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(120);
  });

  it('converts wall-clock time to instants and back', () => {
    const instant = wallToInstant(wall('2026-04-14T10:00:00'), 'America/New_York');
    expect(new Date(instant).toISOString()).toBe('2026-04-14T14:00:00.000Z');
    expect(instantToWall(instant, 'America/New_York')).toBe(wall('2026-04-14T10:00:00'));
  });

  it('formats an instant the way Google writes event times', () => {
    expect(formatInZone(Date.parse('2026-03-02T15:00:00Z'), 'America/New_York')).toBe(
      '2026-03-02T10:00:00-05:00',
    );
    expect(formatInZone(Date.parse('2026-04-14T08:00:00Z'), 'Europe/Berlin')).toBe(
      '2026-04-14T10:00:00+02:00',
    );
    expect(formatInZone(Date.parse('2026-04-14T08:00:00Z'), 'UTC')).toBe('2026-04-14T08:00:00Z');
  });

  it('treats an unknown zone as UTC instead of throwing', () => {
    expect(offsetMinutes(Date.parse('2026-04-14T08:00:00Z'), 'Mars/Olympus_Mons')).toBe(0);
  });

  it('accepts RFC 3339 only with an offset', () => {
    expect(parseRfc3339('2026-04-14T10:00:00-04:00')).toBe(Date.parse('2026-04-14T14:00:00Z'));
    expect(parseRfc3339('2026-04-14T10:00:00.250Z')).toBe(Date.parse('2026-04-14T10:00:00.250Z'));
    expect(parseRfc3339('2026-04-14T10:00:00')).toBeUndefined();
    expect(parseRfc3339('2026-04-14')).toBeUndefined();
    expect(parseRfc3339('next tuesday')).toBeUndefined();
  });
});
