import type { Row } from '../../schema/json.js';
import type { CalendarContext } from './context.js';
import { ApiFailure, badRequest, googleError } from './errors.js';
import { rowTimestamp } from './row-fields.js';

/**
 * Incremental sync as Google documents it (developers.google.com/calendar/api/guides/sync):
 * the last page of a list carries `nextSyncToken`; passing it back as `syncToken` lists
 * only the entries changed since, deleted ones included. Our tokens name the list and the
 * latest `updated_at` it had, so a token of another list, or one this API did not issue,
 * answers Google's 410 "full sync required".
 */

// Rows never change (a patched row is a new object): each row's instant is read once.
const updatedMsByRow = new WeakMap<Row, number>();

/** A row's `updated_at` as an instant (0 when absent or unreadable). */
export function updatedMs(row: Row): number {
  let ms = updatedMsByRow.get(row);
  if (ms === undefined) {
    ms = Date.parse(rowTimestamp(row, 'updated_at') ?? '') || 0;
    updatedMsByRow.set(row, ms);
  }
  return ms;
}

/** The token of a list whose entries come from these rows. */
export function syncTokenFor(listName: string, rows: readonly Row[]): string {
  const asOf = rows.reduce((latest, row) => Math.max(latest, updatedMs(row)), 0);
  return Buffer.from(JSON.stringify(['sync', listName, asOf]), 'utf8').toString('base64url');
}

const fullSyncRequired = () =>
  new ApiFailure(
    googleError(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.'),
  );

/**
 * The instant a `syncToken` was issued at, or undefined without one. Parameters Google
 * does not allow beside a sync token are a 400.
 */
export function syncSince(
  ctx: CalendarContext,
  listName: string,
  incompatible: readonly string[],
): number | undefined {
  const token = ctx.query.string('syncToken');
  if (token === undefined) return undefined;
  const clash = incompatible.find((name) => ctx.query.string(name) !== undefined);
  if (clash !== undefined)
    throw new ApiFailure(badRequest(`Sync token cannot be used with ${clash}.`, 'invalid'));
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw fullSyncRequired();
  }
  if (
    !Array.isArray(decoded) ||
    decoded[0] !== 'sync' ||
    decoded[1] !== listName ||
    !Number.isInteger(decoded[2])
  )
    throw fullSyncRequired();
  return decoded[2] as number;
}

/** Whether a row changed after a sync token's instant. */
export function changedSince(row: Row, since: number): boolean {
  return updatedMs(row) > since;
}
