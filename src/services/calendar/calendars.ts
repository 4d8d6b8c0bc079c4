import type { Row } from '../../schema/json.js';
import type { ApiResponse } from '../api.js';
import { roleRank } from './access.js';
import { CALENDAR_COLORS } from './colors.js';
import { type CalendarContext, visibleCalendar } from './context.js';
import { ApiFailure, invalidValue, notFound, ok } from './errors.js';
import { paginate } from './paging.js';
import { flag, text } from './row-fields.js';
import { changedSince, syncSince, syncTokenFor } from './sync.js';

/** GET /calendars/{calendarId}: calendar metadata, for any calendar the actor can see. */
export function getCalendar(ctx: CalendarContext, calendarParam: string): ApiResponse {
  const { id, row } = visibleCalendar(ctx, calendarParam);
  return ok({
    kind: 'calendar#calendar',
    etag: text(row, 'etag') ?? `"${id}"`,
    id,
    summary: text(row, 'summary'),
    ...(text(row, 'description') ? { description: text(row, 'description') } : {}),
    ...(text(row, 'location') ? { location: text(row, 'location') } : {}),
    timeZone: text(row, 'time_zone') ?? 'UTC',
    conferenceProperties: { allowedConferenceSolutionTypes: ['hangoutsMeet'] },
  });
}

function listEntryResource(ctx: CalendarContext, entry: Row): Record<string, unknown> | undefined {
  const calendarId = text(entry, 'calendar_id') ?? '';
  const calendar = ctx.access.calendarRow(calendarId);
  if (!calendar) return undefined;
  const colorId = text(entry, 'color_id') ?? '14';
  const color = CALENDAR_COLORS[colorId];
  return {
    kind: 'calendar#calendarListEntry',
    etag: text(entry, 'etag') ?? `"${text(entry, 'id')}"`,
    id: calendarId,
    summary: text(calendar, 'summary'),
    ...(text(calendar, 'description') ? { description: text(calendar, 'description') } : {}),
    ...(text(calendar, 'location') ? { location: text(calendar, 'location') } : {}),
    timeZone: text(calendar, 'time_zone') ?? 'UTC',
    ...(text(entry, 'summary_override')
      ? { summaryOverride: text(entry, 'summary_override') }
      : {}),
    colorId,
    ...(color ? { backgroundColor: color.background, foregroundColor: color.foreground } : {}),
    ...(flag(entry, 'hidden') ? { hidden: true } : {}),
    ...(flag(entry, 'selected') ? { selected: true } : {}),
    accessRole: text(entry, 'access_role') ?? ctx.access.roleFor(calendarId),
    defaultReminders: [],
    // Google sends email notifications for the owner's primary calendar by default;
    // other entries carry no notification settings.
    ...(flag(entry, 'primary') ? { notificationSettings: PRIMARY_NOTIFICATIONS } : {}),
    ...(flag(entry, 'primary') ? { primary: true } : {}),
    ...(flag(entry, 'deleted') ? { deleted: true } : {}),
    conferenceProperties: { allowedConferenceSolutionTypes: ['hangoutsMeet'] },
  };
}

const PRIMARY_NOTIFICATIONS = {
  notifications: ['eventCreation', 'eventChange', 'eventCancellation', 'eventResponse'].map(
    (type) => ({ type, method: 'email' }),
  ),
};

/** GET /users/me/calendarList */
export function listCalendarList(ctx: CalendarContext): ApiResponse {
  const minAccessRole = ctx.query.string('minAccessRole');
  if (
    minAccessRole !== undefined &&
    !['freeBusyReader', 'reader', 'writer', 'owner'].includes(minAccessRole)
  ) {
    throw new ApiFailure(invalidValue(`Invalid value for minAccessRole: '${minAccessRole}'.`));
  }
  const since = syncSince(ctx, 'calendarList', ['minAccessRole']);
  // With a sync token Google lists changed entries, deleted and hidden ones included.
  const showDeleted = ctx.query.boolean('showDeleted', false) || since !== undefined;
  const showHidden = ctx.query.boolean('showHidden', false) || since !== undefined;
  const maxResults = ctx.query.integer('maxResults', 100, 1, 250);
  const rows = ctx.access.listEntries(true);
  const entries = ctx.access
    .listEntries(showDeleted)
    .filter((entry) => since === undefined || changedSince(entry, since))
    .filter((entry) => showHidden || !flag(entry, 'hidden'))
    .map((entry) => listEntryResource(ctx, entry))
    .filter((item): item is Record<string, unknown> => item !== undefined)
    .filter(
      (item) =>
        minAccessRole === undefined ||
        roleRank(item.accessRole as string) >= roleRank(minAccessRole),
    );
  const page = paginate(entries, 'calendarList', ctx.query.string('pageToken'), maxResults);
  return ok({
    kind: 'calendar#calendarList',
    etag: `"calendarList-${entries.length}"`,
    ...(page.nextPageToken
      ? { nextPageToken: page.nextPageToken }
      : { nextSyncToken: syncTokenFor('calendarList', rows) }),
    items: page.items,
  });
}

/** GET /users/me/calendarList/{calendarId}: only calendars in the actor's list. */
export function getCalendarListEntry(ctx: CalendarContext, calendarParam: string): ApiResponse {
  const id = ctx.access.resolveCalendarId(calendarParam);
  const entry = ctx.access.listEntries().find((row) => row.calendar_id === id);
  const resource = entry ? listEntryResource(ctx, entry) : undefined;
  return resource ? ok(resource) : notFound();
}
