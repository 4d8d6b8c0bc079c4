import { expect, it } from 'vitest';
import type { Service } from '../../../src/schema/service.js';
import { describeWithAgentDiff } from '../../support/shared.js';
import { boxCatalogue } from './box.js';
import { calendarCatalogue } from './calendar.js';
import type { Catalogue, ReadCheck } from './catalogue.js';
import { documentedReads } from './docs.js';
import { linearCatalogue } from './linear.js';
import { type SeedContext, seedContexts } from './seeds.js';
import { checkShape } from './shape.js';
import { slackCatalogue } from './slack.js';

const CATALOGUES: Partial<Record<Service, Catalogue>> = {
  slack: slackCatalogue,
  box: boxCatalogue,
  calendar: calendarCatalogue,
  linear: linearCatalogue,
};

/** The floors this suite holds the replicas to (issue acceptance: all operations, 95% of fields). */
const OPERATIONS_FLOOR = 1;
const FIELDS_FLOOR = 0.95;

interface Measured {
  service: Service;
  seed: string;
  operations: number;
  served: number;
  fields: number;
  present: number;
  /** `operation › check: field` for every documented field the replica lacks. */
  missing: string[];
  unserved: string[];
}

function succeeded(check: ReadCheck, status: number, body: unknown): boolean {
  if (status !== check.status) return false;
  if (check.error) return true;
  const object = (body ?? {}) as { ok?: unknown; errors?: unknown };
  return object.ok !== false && object.errors === undefined;
}

function measure(service: Service, seed: SeedContext, catalogue: Catalogue): Measured {
  const operations = documentedReads(service);
  const result: Measured = {
    service,
    seed: seed.label,
    operations: operations.length,
    served: 0,
    fields: 0,
    present: 0,
    missing: [],
    unserved: [],
  };
  for (const operation of operations) {
    const checks = catalogue[operation];
    if (!checks) throw new Error(`${service}: the catalogue has no check for ${operation}`);
    let served = true;
    for (const check of checks) {
      const response = seed.handle(check.request(seed));
      const body = check.body ? check.body(response.body) : response.body;
      if (!succeeded(check, response.status, response.body)) served = false;
      const shape = checkShape(body, check.shape);
      result.fields += shape.documented;
      result.present += shape.present;
      result.missing.push(
        ...shape.missing.map((field) => `${operation} › ${check.name}: ${field}`),
      );
    }
    if (served) result.served += 1;
    else result.unserved.push(operation);
  }
  return result;
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

function table(rows: Measured[]): string {
  const lines = rows.map(
    (row) =>
      `${row.service.padEnd(9)} ${row.seed.padEnd(11)} ${`${row.served}/${row.operations}`.padStart(6)} ${percent(row.served, row.operations).padStart(7)} ${`${row.present}/${row.fields}`.padStart(9)} ${percent(row.present, row.fields).padStart(7)}`,
  );
  return ['service   seed        operations served   documented fields present', ...lines].join(
    '\n',
  );
}

describeWithAgentDiff('replica conformance to the documented read API', () => {
  const measured: Measured[] = [];
  for (const [service, catalogue] of Object.entries(CATALOGUES) as Array<[Service, Catalogue]>) {
    for (const seed of seedContexts(service)) {
      it(`${service} on the ${seed.label} seed serves every documented read with its documented fields`, () => {
        const result = measure(service, seed, catalogue);
        measured.push(result);
        const report = [
          `${service} (${seed.label}): ${result.served}/${result.operations} operations, ${result.present}/${result.fields} fields`,
          ...result.unserved.map((operation) => `  not served: ${operation}`),
          ...result.missing.map((field) => `  missing: ${field}`),
        ].join('\n');
        console.log(report);
        expect(result.served / result.operations, report).toBeGreaterThanOrEqual(OPERATIONS_FLOOR);
        expect(result.present / result.fields, report).toBeGreaterThanOrEqual(FIELDS_FLOOR);
      });
    }
  }
  it('prints the per-service table', () => {
    expect(measured.length).toBe(2 * Object.keys(CATALOGUES).length);
    console.log(table(measured));
  });
});
