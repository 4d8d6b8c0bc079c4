import type { Row } from '../../schema/json.js';
import type { ApiResponse } from '../api.js';
import type { CalendarContext } from './context.js';
import { notFound, ok } from './errors.js';
import { paginate } from './paging.js';
import { text } from './row-fields.js';

function settingRows(ctx: CalendarContext): Row[] {
  return ctx.rows('calendar_settings').filter((row) => row.user_id === ctx.access.actor.id);
}

function settingResource(row: Row): Record<string, unknown> {
  return {
    kind: 'calendar#setting',
    etag: text(row, 'etag') ?? `"${text(row, 'setting_id')}"`,
    id: text(row, 'setting_id'),
    value: text(row, 'value') ?? '',
  };
}

/** GET /users/me/settings */
export function listSettings(ctx: CalendarContext): ApiResponse {
  const rows = settingRows(ctx);
  const page = paginate(
    rows,
    'settings',
    ctx.query.string('pageToken'),
    ctx.query.integer('maxResults', 100, 1, 250),
  );
  return ok({
    kind: 'calendar#settings',
    etag: `"settings-${rows.length}"`,
    ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
    items: page.items.map(settingResource),
  });
}

/** GET /users/me/settings/{setting} */
export function getSetting(ctx: CalendarContext, settingId: string): ApiResponse {
  const row = settingRows(ctx).find((candidate) => candidate.setting_id === settingId);
  return row ? ok(settingResource(row)) : notFound();
}
