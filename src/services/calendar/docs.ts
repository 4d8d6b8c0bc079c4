import { limitsSection } from '../limits.js';

/**
 * API documentation of the calendar replica, as an agent or a verifier author reads it
 * (it becomes `task.docs`). It documents what the replica answers, which follows Google
 * Calendar API v3.
 */
export const CalendarDocs = `# Google Calendar API v3 (read-only snapshot)

Base URL: \`https://www.googleapis.com/calendar/v3\`. Paths below are relative to it (a leading
slash is optional). Every call is made as the task's actor and sees only what that user can see.
Query values may be strings, numbers or booleans. Responses are JSON. Every call counts as one
operation against the evaluation's budget.

The snapshot is **read-only**: every write method (insert, update, patch, delete, move, quickAdd,
import, clear, watch, ACL and calendar-list changes, channels.stop) answers
\`403 insufficientPermissions\` and changes nothing.

## Errors

\`{"error": {"code": 404, "message": "Not Found", "errors": [{"domain": "global", "reason": "notFound", "message": "Not Found"}]}}\`

| status | reason | when |
| --- | --- | --- |
| 400 | \`invalid\` | a parameter has a bad value (timestamp without offset, maxResults < 1, bad page token) |
| 400 | \`badRequest\` / \`timeRangeEmpty\` / \`required\` | orderBy=startTime without singleEvents=true; timeMax <= timeMin; freeBusy without timeMin/timeMax |
| 403 | \`insufficientPermissions\` | any write |
| 403 | \`forbidden\` | ACL of a calendar the actor does not own |
| 404 | \`notFound\` | unknown path, unknown id, or a calendar the actor has no access to (invisible calendars look exactly like missing ones) |

## Identifiers and access

- \`calendarId\` is a calendar's id (often an e-mail address for a user's primary calendar);
  \`primary\` names the actor's own primary calendar. URL-encode ids (\`@\` as \`%40\` is fine).
- The actor can see a calendar that is in their calendar list, that they own, or that an ACL rule
  shares with their address, their domain or the public. \`accessRole\` is one of
  \`freeBusyReader\`, \`reader\`, \`writer\`, \`owner\`.
- With \`freeBusyReader\` access, and for events with \`visibility: "private"\` on a calendar the
  actor only reads, events show only \`id\`, \`status\`, \`start\`, \`end\` (and recurrence links);
  \`q\` never matches them.

## People and where events live

There is no directory endpoint. People appear as \`email\` plus \`displayName\` (the name typed into
the invite, else the account's current name) on \`organizer\`, \`creator\` and \`attendees\`. An event is stored on the
calendar it was created on; guests' own calendars do not show a copy. A room is booked by adding
its resource calendar (id ending in \`@resource.calendar.google.com\`) as an attendee with
\`resource: true\`; a booking the room accepted also appears on the room's calendar.

Parameters not listed below (for example \`maxAttendees\`, \`privateExtendedProperty\`, \`fields\`)
are ignored. \`timeZone\` on events.get, events.list and instances writes event times in that zone
(same instants; each time keeps its own \`timeZone\`); without it times are in each event's own zone.

## Paging

List methods return at most \`maxResults\` items and, when more exist, \`nextPageToken\`. Pass it as
\`pageToken\` with the same other parameters to get the next page. Absence of \`nextPageToken\`
means the last page. Tokens are opaque.

The last page of events.list, calendarList.list, acl.list and settings.list carries \`nextSyncToken\`.
Pass it back as \`syncToken\` to list only the entries changed since (deleted ones included). A sync
token this API did not issue, or one of another list, answers 410 \`fullSyncRequired\`; with
\`syncToken\`, events.list refuses \`iCalUID\`, \`orderBy\`, \`q\`, \`timeMin\`, \`timeMax\`,
\`updatedMin\` and calendarList.list refuses \`minAccessRole\` (400).

## Calendar list — \`GET /users/me/calendarList\`

Calendars in the actor's list. Parameters: \`maxResults\` (default 100, max 250), \`pageToken\`,
\`minAccessRole\` (freeBusyReader|reader|writer|owner), \`showHidden\` (default false),
\`showDeleted\` (default false).
Response: \`{kind: "calendar#calendarList", etag, nextPageToken? | nextSyncToken?, items: [CalendarListEntry]}\`.
CalendarListEntry: \`{kind: "calendar#calendarListEntry", etag, id, summary, description?, location?,
timeZone, summaryOverride?, colorId, backgroundColor, foregroundColor, hidden?, selected?,
accessRole, defaultReminders, notificationSettings? (primary entry: email notifications),
primary?, deleted?, conferenceProperties}\`. \`hidden\`, \`selected\`, \`primary\` and \`deleted\` appear
only when true, as on Google.

\`GET /users/me/calendarList/{calendarId}\` — one entry (404 when the calendar is not in the list).

## Calendars — \`GET /calendars/{calendarId}\`

\`{kind: "calendar#calendar", etag, id, summary, description?, location?, timeZone, conferenceProperties}\`.
Works for any calendar the actor can see, listed or not.

## Events — \`GET /calendars/{calendarId}/events\`

Parameters:
- \`timeMin\`, \`timeMax\`: RFC 3339 timestamps **with offset** (\`2026-03-09T00:00:00Z\`). An event is
  returned when it ends after timeMin and starts before timeMax. A recurring series (when
  singleEvents is false) is returned when any of its instances does.
- \`singleEvents\` (default false): expand recurring series into instances (and drop the series
  itself). Modified instances (exceptions) replace the instance they modify; cancelled instances
  disappear unless \`showDeleted=true\`.
- \`orderBy\`: \`startTime\` (requires singleEvents=true) or \`updated\`. Otherwise the order is stable but unspecified.
- \`q\`: free text; every word must occur in summary, description, location, organizer address or
  an attendee's address or name (case-insensitive).
- \`showDeleted\` (default false): include cancelled events.
- \`iCalUID\`: only the event with this iCalendar UID (and its exceptions).
- \`updatedMin\`: only events updated at or after this time (cancelled ones included).
- \`maxResults\` (default 250, max 2500), \`pageToken\`.

Response: \`{kind: "calendar#events", etag, summary, description?, updated, timeZone, accessRole,
defaultReminders, nextPageToken? | nextSyncToken?, items: [Event]}\`.

Event: \`{kind: "calendar#event", etag, id, status ("confirmed"|"tentative"|"cancelled"), htmlLink,
created, updated, summary, description?, location?, creator {email, displayName?, self?},
organizer {email, displayName?, self?}, start, end, recurrence? (["RRULE:..."], on a series),
recurringEventId? + originalStartTime? (on an instance or exception), transparency? (only
"transparent"; absent means opaque), visibility? (absent means default), iCalUID, sequence,
attendees? [{email, displayName?, self?, organizer?, resource?, optional?, responseStatus
("needsAction"|"accepted"|"declined"|"tentative")}], reminders, eventType}\`.
\`start\`/\`end\`: \`{dateTime: "2026-03-10T09:00:00-05:00", timeZone}\` for timed events or
\`{date: "2026-03-10"}\` for all-day events (end date exclusive).

Instance ids are \`{seriesId}_{YYYYMMDDTHHMMSSZ}\` (UTC start) or \`{seriesId}_{YYYYMMDD}\` for all-day
series. Recurrence supports RRULE FREQ=DAILY|WEEKLY|MONTHLY|YEARLY with INTERVAL, COUNT, UNTIL,
BYDAY (with ordinals for MONTHLY), BYMONTHDAY, BYMONTH, WKST, plus EXDATE and RDATE; instances keep
their local time across daylight-saving changes. Open-ended series are expanded for two years
unless timeMax ends sooner.

\`GET /calendars/{calendarId}/events/{eventId}\` — one event, a series, an exception or an instance
id (cancelled events are returned with status "cancelled").

\`GET /calendars/{calendarId}/events/{eventId}/instances\` — instances of a series. Parameters:
\`timeMin\`, \`timeMax\`, \`showDeleted\`, \`originalStart\`, \`maxResults\`, \`pageToken\`. Same envelope as
events.list.

## Sharing — \`GET /calendars/{calendarId}/acl\`

Owners only (403 \`forbidden\` otherwise). Parameters: \`maxResults\` (default 100, max 250),
\`pageToken\`, \`showDeleted\` (rules with role "none").
Response: \`{kind: "calendar#acl", etag, nextPageToken? | nextSyncToken?, items: [{kind: "calendar#aclRule", etag,
id, scope {type: "user"|"group"|"domain"|"default", value?}, role}]}\`. Rule ids look like
\`user:name@example.com\`.

\`GET /calendars/{calendarId}/acl/{ruleId}\` — one rule.

## Free/busy — \`POST /freeBusy\` (a read)

Body: \`{timeMin, timeMax, timeZone?, items: [{id: calendarId}]}\` (at most 50 calendars).
Response: \`{kind: "calendar#freeBusy", timeMin, timeMax, calendars: {<id>: {busy: [{start, end}]}
| {errors: [{domain: "global", reason: "notFound"}], busy: []}}}\`. Busy periods are opaque,
non-cancelled events (recurring ones expanded), clipped to the window and merged, in UTC.

## Settings — \`GET /users/me/settings\`, \`GET /users/me/settings/{setting}\`

\`{kind: "calendar#settings", etag, items: [{kind: "calendar#setting", etag, id, value}]}\`; ids such as
\`timezone\`, \`locale\`, \`weekStart\`, \`format24HourTime\`, \`dateFieldOrder\`. Only the actor's own.
Every documented setting is answered: one the actor never changed has Google's default
(\`autoAddHangouts\` "false", \`dateFieldOrder\` "MDY", \`defaultEventLength\` "60", \`format24HourTime\`
"false", \`hideInvitations\` "false", \`hideWeekends\` "false", \`locale\` "en",
\`remindOnRespondedEventsOnly\` "false", \`showDeclinedEvents\` "true", \`timezone\` the primary
calendar's zone, \`useKeyboardShortcuts\` "true", \`weekStart\` "0"). Unknown ids are 404.

## Colors — \`GET /colors\`

\`{kind: "calendar#colors", updated, calendar: {<colorId>: {background, foreground}}, event: {...}}\`.

${limitsSection({ responseTooLarge: 'responseTooLarge' })}`;
