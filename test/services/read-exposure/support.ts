// Checks a replica's read-exposure declaration against the replica itself: every declared
// operation is answered, and every declared column's value is in the answer, inside the
// object that carries its row's identity (not merely somewhere in the body).
import type { JsonValue, Row } from '../../../src/schema/json.js';
import type { ApiRequest, ApiResponse } from '../../../src/services/api.js';
import type { ServiceReadExposure } from '../../../src/services/read-exposure.js';

/** The seeded state the probes read: its rows and each table's primary key. */
export interface ProbedSeed {
  rows(table: string): readonly Row[];
  keyColumns(table: string): readonly string[];
}

/** How the test calls one read operation on the seeded replica (`handle` lets it walk pages). */
export type Probe = (
  rows: (table: string) => readonly Row[],
  handle: (request: ApiRequest) => ApiResponse,
) => ApiRequest | ApiRequest[];

/**
 * Scalars as comparable text; dates and Unix timestamps also as `epoch:<ms>`; a date-time
 * with an offset also as its wall-clock time `wall:<YYYY-MM-DDTHH:MM:SS>` (a stored
 * zone-less date-time is served that way, with the offset of its zone).
 */
function leafForms(value: unknown): string[] {
  const forms = [String(value)];
  const epoch = asEpoch(value);
  if (epoch !== undefined) forms.push(`epoch:${epoch}`);
  const wall =
    typeof value === 'string' &&
    /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.\d+)?(Z|[+-]\d\d:\d\d)$/.exec(value);
  if (wall) forms.push(`wall:${wall[1]}`);
  return forms;
}

const ZONELESS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;

function asEpoch(value: unknown): number | undefined {
  if (typeof value === 'number' && value > 1e9 && value < 1e10) return value * 1000;
  // A zone-less date-time names a wall-clock time, not an instant.
  if (typeof value !== 'string' || ZONELESS.test(value)) return undefined;
  if (/^\d{10}(\.\d+)?$/.test(value)) return Math.floor(Number(value)) * 1000;
  if (!/^\d{4}-\d\d-\d\dT/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000) * 1000;
}

/** One JSON object of an answer: its own scalars and every scalar below it (arrays belong to their object). */
interface AnswerObject {
  own: Set<string>;
  leaves: Set<string>;
  children: AnswerObject[];
}

function answerTree(value: unknown): AnswerObject {
  const node: AnswerObject = { own: new Set(), leaves: new Set(), children: [] };
  const visit = (item: unknown, into: AnswerObject) => {
    if (item === null || item === undefined) return;
    if (Array.isArray(item)) for (const entry of item) visit(entry, into);
    else if (typeof item === 'object') {
      const child = answerTree(Object.values(item));
      into.children.push(child);
      for (const leaf of child.leaves) into.leaves.add(leaf);
    } else
      for (const form of leafForms(item)) {
        into.own.add(form);
        into.leaves.add(form);
      }
  };
  visit(value, node);
  return node;
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

function holds(leaves: Set<string>, leaf: string): boolean {
  if (leaves.has(leaf)) return true;
  if (ZONELESS.test(leaf)) return leaves.has(`wall:${leaf}`);
  const epoch = asEpoch(leaf);
  return epoch !== undefined && leaves.has(`epoch:${epoch}`);
}

/** One answered probe request: its answer and the values the request itself names. */
interface Answer {
  tree: AnswerObject;
  /** A path id or a query filter is known with the answer (`{file_id}`, `hub_id=`, `channel=`). */
  request: Set<string>;
}

/**
 * The objects of an answer that stand for one row, each with what encloses it: the smallest
 * objects holding every anchor value the request does not name, plus the scalars of the
 * objects around them (an assignment listed inside its task is the task's). When the request
 * names every anchor value (`GET /files/{file_id}`), the whole answer is about that row.
 */
function rowObjects(
  answer: Answer,
  anchor: string[],
): Array<{ node: AnswerObject; around: Set<string> }> {
  const inAnswer = anchor.filter((leaf) => !holds(answer.request, leaf));
  if (inAnswer.length === 0) return [{ node: answer.tree, around: answer.request }];
  const has = (node: AnswerObject) => inAnswer.every((leaf) => holds(node.leaves, leaf));
  const found: Array<{ node: AnswerObject; around: Set<string> }> = [];
  const visit = (node: AnswerObject, around: Set<string>) => {
    const inner = node.children.filter(has);
    if (inner.length === 0) found.push({ node, around });
    else {
      const enclosing = new Set([...around, ...node.own]);
      for (const child of inner) visit(child, enclosing);
    }
  };
  if (has(answer.tree)) visit(answer.tree, answer.request);
  return found;
}

/**
 * Whether some row's `column` value is served with that row: every scalar of it (a JSON
 * column's or an array's members too) lies in an object that holds the row's anchor values
 * (its primary key, or the first declared column when the key itself is not served).
 */
function servedWithRow(
  rows: readonly Row[],
  anchorColumns: readonly string[],
  column: string,
  answers: readonly Answer[],
): boolean {
  return rows.some((row) => {
    const stored = storedLeaves(row[column]);
    if (stored.length === 0) return false;
    const anchor = anchorColumns.flatMap((key) => storedLeaves(row[key]));
    if (anchor.length === 0) return false;
    return answers.some((answer) =>
      rowObjects(answer, anchor).some(({ node, around }) =>
        stored.every((leaf) => holds(node.leaves, leaf) || holds(around, leaf)),
      ),
    );
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
  seed: ProbedSeed,
  handle: (request: ApiRequest) => ApiResponse,
): ExposureFinding[] {
  const findings: ExposureFinding[] = [];
  for (const { operation, exposes } of exposure) {
    const probe = probes[operation];
    if (!probe) {
      findings.push({ operation, problem: 'no probe calls it' });
      continue;
    }
    const answers: Answer[] = [];
    let refusal = '';
    for (const request of [probe((table) => seed.rows(table), handle)].flat()) {
      const response = handle(request);
      // A probe may ask for rows the actor cannot see (refused); only the answers count.
      if (response.status >= 400 || (response.body as { ok?: unknown })?.ok === false) {
        refusal ||= `${request.method} ${request.path}: ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`;
        continue;
      }
      answers.push({
        tree: answerTree(response.body),
        request: answerTree([request.path.split('/'), request.query, request.body]).leaves,
      });
    }
    if (answers.length === 0 && Object.keys(exposes).length > 0)
      findings.push({ operation, problem: `no probe request was answered (${refusal})` });
    for (const [table, columns] of Object.entries(exposes)) {
      const key = seed.keyColumns(table);
      const anchor = key.every((column) => columns.includes(column)) ? key : columns.slice(0, 1);
      for (const column of columns) {
        if (!servedWithRow(seed.rows(table), anchor, column, answers))
          findings.push({
            operation,
            problem: `${table}.${column}: no seed row's value is in the answer beside the row's ${anchor.join(' + ')}`,
          });
      }
    }
  }
  return findings;
}
