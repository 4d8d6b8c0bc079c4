import { afterAll, describe, expect, it } from 'vitest';
import { exposedColumns } from '../../src/services/read-exposure.js';
import { serviceReadExposure, serviceTableKeys } from '../../src/services/registry.js';
import { SEED_REQUIREMENTS } from '../../src/services/seed-requirements.js';
import { callsPack, refusals, removeAll } from '../support/calls-pack.js';

const made: string[] = [];
afterAll(() => removeAll(made));

describe('the tables and columns a seed must hold', () => {
  it.each(Object.keys(SEED_REQUIREMENTS) as Array<keyof typeof SEED_REQUIREMENTS>)(
    '%s: every required table and column is one the replica reads (a key, or served by a read operation)',
    (service) => {
      const exposed = exposedColumns(serviceReadExposure(service));
      const keys = serviceTableKeys(service);
      for (const [table, columns] of Object.entries(SEED_REQUIREMENTS[service])) {
        expect(Object.hasOwn(keys, table), `${service} ${table}`).toBe(true);
        for (const column of columns)
          expect(
            keys[table]!.includes(column) || exposed.get(table)?.has(column) === true,
            `${service} ${table}.${column}`,
          ).toBe(true);
      }
    },
  );

  it('refuses a seed that lacks a required table or column, naming both', async () => {
    const dir = callsPack(
      'starter',
      ({ seed }) => {
        const tables = seed('starter-linear').tables;
        delete tables.team_memberships;
        for (const row of tables.issues.rows.slice(2)) delete row.stateId;
      },
      made,
    );
    const errors = await refusals(dir);
    expect(errors.filter((error) => error.code.startsWith('missing_'))).toEqual([
      {
        file: 'seeds/starter-linear.json',
        path: ['tables'],
        code: 'missing_table',
        message:
          'the seed lacks table "team_memberships", which the linear replica reads (add it, with no rows if the account has none)',
      },
      {
        file: 'seeds/starter-linear.json',
        path: ['tables', 'issues', 'rows', 2],
        code: 'missing_column',
        message:
          '6 row(s) of table "issues" lack column "stateId", which the linear replica reads (write null for an empty value)',
      },
    ]);
  });
});
