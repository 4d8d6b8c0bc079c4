// Checks a replica's read-exposure declaration against the replica itself: every declared
// operation is answered, and every declared column's value is in the answer.
import type { JsonValue, Row } from '../../../src/schema/json.js';
import type { ApiRequest, ApiResponse } from '../../../src/services/api.js';
import type { ServiceReadExposure } from '../../../src/services/read-exposure.js';

/** How the test calls one read operation on the seeded replica. */
export type Probe = (rows: (table: string) => readonly Row[]) => ApiRequest | ApiRequest[];

/** Every scalar in a response body, as text; dates also as epoch milliseconds. */
export function responseLeaves(body: unknown): Set<string> {
  const leaves = new Set<string>();
  const visit = (value: unknown) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (typeof value === 'object') for (const item of Object.values(value)) visit(item);
    else {
      leaves.add(String(value));
      const epoch = asEpoch(value);
      if (epoch !== undefined) leaves.add(`epoch:${epoch}`);
    }
  };
  visit(body);
  return leaves;
}

function asEpoch(value: unknown): number | undefined {
  if (typeof value === 'number' && value > 1e9 && value < 1e10) return value * 1000;
  if (typeof value !== 'string') return undefined;
  if (/^\d{10}(\.\d+)?$/.test(value)) return Math.floor(Number(value)) * 1000;
  if (!/^\d{4}-\d\d-\d\dT/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000) * 1000;
}

/** The scalars a stored value consists of (a JSON column's leaves); empty for null or empty. */
function storedLeaves(value: JsonValue | undefined): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (typeof value === 'string' && (value.startsWith('{') || value.startsWith('['))) {
    try {
      return storedLeaves(JSON.parse(value) as JsonValue);
    } catch {
      return [value];
    }
  }
  if (Array.isArray(value)) return value.flatMap((item) => storedLeaves(item));
  if (typeof value === 'object') return Object.values(value).flatMap((item) => storedLeaves(item));
  return [String(value)];
}

function leafAppears(leaf: string, leaves: Set<string>): boolean {
  if (leaves.has(leaf)) return true;
  const epoch = asEpoch(leaf);
  return epoch !== undefined && leaves.has(`epoch:${epoch}`);
}

/**
 * Whether some row's value of `column` is in the response: every scalar of it (a JSON
 * column's or an array's members too). Rows whose value is null or empty prove nothing.
 */
export function columnAppears(rows: readonly Row[], column: string, leaves: Set<string>): boolean {
  return rows.some((row) => {
    const stored = storedLeaves(row[column]);
    return stored.length > 0 && stored.every((leaf) => leafAppears(leaf, leaves));
  });
}

export interface ExposureFinding {
  operation: string;
  problem: string;
}

/** Run every declared operation's probe; list each declared column whose value is not served. */
export function checkExposure(
  exposure: ServiceReadExposure,
  probes: Readonly<Record<string, Probe>>,
  rows: (table: string) => readonly Row[],
  handle: (request: ApiRequest) => ApiResponse,
): ExposureFinding[] {
  const findings: ExposureFinding[] = [];
  for (const { operation, exposes } of exposure) {
    const probe = probes[operation];
    if (!probe) {
      findings.push({ operation, problem: 'no probe calls it' });
      continue;
    }
    const requests = [probe(rows)].flat();
    const leaves = new Set<string>();
    let answered = 0;
    let refusal = '';
    for (const request of requests) {
      const response = handle(request);
      // A probe may ask for rows the actor cannot see (refused); only the answers count.
      if (response.status >= 400 || (response.body as { ok?: unknown })?.ok === false) {
        refusal ||= `${request.method} ${request.path}: ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`;
        continue;
      }
      answered++;
      for (const leaf of responseLeaves(response.body)) leaves.add(leaf);
      // A value the request names (a path id, a query filter) is known with the answer.
      for (const leaf of responseLeaves({
        path: request.path.split('/'),
        query: request.query,
        body: request.body,
      }))
        leaves.add(leaf);
    }
    if (answered === 0 && Object.keys(exposes).length > 0)
      findings.push({ operation, problem: `no probe request was answered (${refusal})` });
    for (const [table, columns] of Object.entries(exposes)) {
      for (const column of columns) {
        if (!columnAppears(rows(table), column, leaves))
          findings.push({
            operation,
            problem: `${table}.${column}: no seed value is in the response`,
          });
      }
    }
  }
  return findings;
}

/** Draft aid: every (table, column) of the seed whose value some probe's response holds. */
export function columnsInResponse(
  tables: readonly string[],
  request: ApiRequest | ApiRequest[],
  rows: (table: string) => readonly Row[],
  handle: (request: ApiRequest) => ApiResponse,
): Record<string, string[]> {
  const leaves = new Set<string>();
  for (const one of [request].flat())
    for (const leaf of responseLeaves(handle(one).body)) leaves.add(leaf);
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const columns = new Set<string>();
    for (const row of rows(table)) for (const column of Object.keys(row)) columns.add(column);
    const found = [...columns]
      .filter((column) => columnAppears(rows(table), column, leaves))
      .sort();
    if (found.length > 0) out[table] = found;
  }
  return out;
}
