import type { Row } from '../../schema/json.js';
import type { ApiResponse } from '../api.js';
import type { CalendarContext } from './context.js';
import { notFound, ok } from './errors.js';
import { paginate } from './paging.js';
import { text } from './row-fields.js';
import { syncSince, syncTokenFor } from './sync.js';

/**
 * Every setting Google documents, with the value an account that never changed it has.
 * `timezone` defaults to the zone of the user's primary calendar (Google keeps the two
 * together), `UTC` when there is none.
 */
const DEFAULTS: ReadonlyArray<readonly [string, string]> = [
  ['autoAddHangouts', 'false'],
  ['dateFieldOrder', 'MDY'],
  ['defaultEventLength', '60'],
  ['format24HourTime', 'false'],
  ['hideInvitations', 'false'],
  ['hideWeekends', 'false'],
  ['locale', 'en'],
  ['remindOnRespondedEventsOnly', 'false'],
  ['showDeclinedEvents', 'true'],
  ['timezone', 'UTC'],
  ['useKeyboardShortcuts', 'true'],
  ['weekStart', '0'],
];

function settingRows(ctx: CalendarContext): Row[] {
  return ctx.rows('calendar_settings').filter((row) => row.user_id === ctx.access.actor.id);
}

function defaultValue(ctx: CalendarContext, settingId: string, value: string): string {
  if (settingId !== 'timezone') return value;
  const primary = ctx.access.resolveCalendarId('primary');
  const calendar = primary === undefined ? undefined : ctx.access.calendarRow(primary);
  return (calendar && text(calendar, 'time_zone')) ?? value;
}

function settingResource(row: Row): Record<string, unknown> {
  return {
    kind: 'calendar#setting',
    etag: text(row, 'etag') ?? `"${text(row, 'setting_id')}"`,
    id: text(row, 'setting_id'),
    value: text(row, 'value') ?? '',
  };
}

/** The actor's stored settings, in stored order, then every other documented one at its default. */
function allSettings(ctx: CalendarContext): Row[] {
  const stored = settingRows(ctx);
  const storedIds = new Set(stored.map((row) => row.setting_id));
  const defaults = DEFAULTS.filter(([id]) => !storedIds.has(id)).map(([id, value]) => ({
    setting_id: id,
    value: defaultValue(ctx, id, value),
  }));
  return [...stored, ...defaults];
}

/** GET /users/me/settings */
export function listSettings(ctx: CalendarContext): ApiResponse {
  // Settings carry no change times: after a sync token nothing has changed.
  const since = syncSince(ctx, 'settings', []);
  const rows = since === undefined ? allSettings(ctx) : [];
  const page = paginate(
    rows,
    'settings',
    ctx.query.string('pageToken'),
    ctx.query.integer('maxResults', 100, 1, 250),
  );
  return ok({
    kind: 'calendar#settings',
    etag: `"settings-${rows.length}"`,
    ...(page.nextPageToken
      ? { nextPageToken: page.nextPageToken }
      : { nextSyncToken: syncTokenFor('settings', settingRows(ctx)) }),
    items: page.items.map(settingResource),
  });
}

/** GET /users/me/settings/{setting}: a documented setting never stored answers its default. */
export function getSetting(ctx: CalendarContext, settingId: string): ApiResponse {
  const row = allSettings(ctx).find((candidate) => candidate.setting_id === settingId);
  return row ? ok(settingResource(row)) : notFound();
}
