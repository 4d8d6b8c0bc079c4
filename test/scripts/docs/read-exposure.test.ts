import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  exposureTables,
  REPLICAS_DOC,
  withExposureTables,
} from '../../../scripts/docs/read-exposure.js';

describe('docs/replicas.md exposure tables', () => {
  it("match the replicas' declarations (regenerate: npx tsx scripts/docs/read-exposure.ts)", () => {
    const committed = readFileSync(REPLICAS_DOC, 'utf8');
    expect(committed).toBe(withExposureTables(committed));
  });

  it('list every service and name what calendar_users lacks', () => {
    const tables = exposureTables();
    for (const service of ['linear', 'slack', 'box', 'calendar'])
      expect(tables).toContain(`### ${service}`);
    expect(tables).toContain('| `GET /calendars/{calendarId}/events` |');
    expect(tables).not.toContain('`calendar_users`');
  });
});
