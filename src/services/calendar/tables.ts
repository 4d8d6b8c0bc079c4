/**
 * Storage layout of the calendar replica. Table and column names follow the Agent-Diff
 * calendar seed so the same replica serves both its seeds and ours.
 *
 * Agent-Diff columns (all tables):
 * - calendar_users: id, email, display_name, self, created_at, updated_at
 * - calendars: id, summary, description, owner_id, time_zone, etag, created_at, updated_at
 * - calendar_list_entries: id, user_id, calendar_id, access_role, primary, selected, hidden,
 *   deleted, color_id, etag, created_at, updated_at
 * - calendar_events: id, calendar_id, ical_uid, summary, description, location, status,
 *   visibility, transparency, event_type, start {dateTime|date, timeZone}, end, start_datetime,
 *   end_datetime, creator_id, organizer_id, creator_email, organizer_email, recurrence (string[]),
 *   sequence, etag, html_link, created_at, updated_at
 * - calendar_event_attendees: event_id, email, response_status
 * - calendar_acl_rules: id, calendar_id, role, scope_type, scope_value, etag, created_at, updated_at
 * - calendar_settings: id, user_id, setting_id, value, etag
 * - calendar_channels: id, resource_id, resource_uri, type, address, expiration, token, params,
 *   payload, user_id, created_at
 *
 * Optional columns our seeds add (absent on Agent-Diff rows, which is tolerated):
 * - calendars.location, calendar_list_entries.summary_override;
 * - calendar_events.recurring_event_id + original_start_time ({dateTime|date, timeZone}):
 *   an exception of a recurring series, its id being the instance id it replaces;
 * - calendar_event_attendees.display_name, optional, resource (a room or equipment).
 */
export const CalendarTableKeys: Record<string, readonly string[]> = {
  calendar_users: ['id'],
  calendars: ['id'],
  calendar_list_entries: ['id'],
  calendar_events: ['id'],
  // One row per guest of an event.
  calendar_event_attendees: ['event_id', 'email'],
  // Google scopes rule ids to their calendar ("user:a@b.c" recurs across calendars).
  calendar_acl_rules: ['calendar_id', 'id'],
  calendar_settings: ['id'],
  calendar_channels: ['id'],
};

export type CalendarTable = keyof typeof CalendarTableKeys;
