/**
 * Slack's `tz_label` and `tz_offset` for an IANA zone, at one instant (a zone's label and
 * offset change with daylight saving time; the replica uses the workspace's latest
 * activity as its "now", so the same seed always answers the same).
 */
export function zoneAt(zone: string, epochSeconds: number): { label: string; offset: number } {
  // Every user object of every answer asks, and making Intl formatters is costly (it was a
  // third of the host's time in `users.list`-heavy runs, docs/sandbox.md "Cost"); the answer
  // depends on the two arguments alone, so it is computed once per zone and instant.
  const key = `${zone}\0${epochSeconds}`;
  let known = zones.get(key);
  if (!known) {
    if (zones.size >= MAX_ZONES) zones.clear();
    known = computeZoneAt(zone, epochSeconds);
    zones.set(key, known);
  }
  return { ...known };
}

const MAX_ZONES = 4096;
const zones = new Map<string, { label: string; offset: number }>();

function computeZoneAt(zone: string, epochSeconds: number): { label: string; offset: number } {
  const at = new Date(epochSeconds * 1000);
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'long',
    }).formatToParts(at);
    const label = parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
    const wall = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(at);
    const field = (type: string) => Number(wall.find((part) => part.type === type)?.value ?? 0);
    const asUtc = Date.UTC(
      field('year'),
      field('month') - 1,
      field('day'),
      field('hour'),
      field('minute'),
      field('second'),
    );
    return { label, offset: Math.round((asUtc - at.getTime()) / 1000 / 60) * 60 };
  } catch {
    return { label: zone, offset: 0 };
  }
}
