import type { WriteOperation } from '../../write-model.js';

const EVENT_STAMPS = ['etag', 'updated'];
const NEW_ROW_STAMPS = ['etag', 'created', 'updated'];
/** What a watch stores beside the client's id, type, address, token and params. */
const CHANNEL_STAMPS = [
  'resourceId (the same for every channel on one resource)',
  'resourceUri (https://www.googleapis.com/calendar/v3 + the watched path)',
  'expiration (now + params.ttl, default 604800 s, or the requested one; Unix ms)',
  'the channel belongs to the caller',
];

/**
 * The write operations the Calendar write model derives rows for, as docs/replicas.md lists
 * them (a test checks the two agree). Permission sentences follow Google's documented roles.
 */
export const CalendarWriteOperations: readonly WriteOperation[] = [
  {
    name: 'events.insert',
    permission:
      'writer or owner on the calendar (403 requiredAccessLevel otherwise; 404 when it is invisible)',
    serverWritten: [
      'id (base32hex, unless the client sends one; 409 duplicate when taken)',
      'iCalUID',
      'htmlLink',
      'creator (the caller)',
      'organizer (the calendar owner on a primary calendar, the caller on a group calendar)',
      'sequence 0',
      ...NEW_ROW_STAMPS,
    ],
  },
  {
    name: 'events.update',
    permission:
      "writer or owner on the event's calendar acting for the organizer; on a guest's copy only the guest's own responseStatus (403 forbiddenForNonOrganizer), unless guestsCanModify",
    serverWritten: [
      'sequence +1 when start, end, recurrence or status change',
      'an occurrence of a series becomes an exception row: id = instance id, recurringEventId, originalStartTime',
      ...EVENT_STAMPS,
    ],
  },
  {
    name: 'events.patch',
    permission:
      "writer or owner on the event's calendar acting for the organizer; on a guest's copy only the guest's own responseStatus (403 forbiddenForNonOrganizer), unless guestsCanModify",
    serverWritten: [
      'sequence +1 when start, end, recurrence or status change',
      'an occurrence of a series becomes an exception row: id = instance id, recurringEventId, originalStartTime',
      ...EVENT_STAMPS,
    ],
  },
  {
    name: 'events.delete',
    permission:
      "writer or owner on the event's calendar acting for the organizer (a guest deleting their copy declines); 410 deleted when already cancelled; 404 for an instance id that is not an occurrence of its series",
    serverWritten: [
      "status 'cancelled' (the record stays)",
      'sequence +1',
      'an occurrence becomes a cancelled exception row with recurringEventId and originalStartTime',
      ...EVENT_STAMPS,
    ],
  },
  {
    name: 'events.move',
    permission:
      'the organizer side: writer on the source and on the destination calendar; 400 cannotChangeOrganizerOfInstance for an instance, 400 cannotChangeOrganizer from a guest copy',
    serverWritten: [
      'calendarId and organizer = the destination calendar (its exceptions move with a series)',
      ...EVENT_STAMPS,
    ],
  },
  {
    name: 'acl.insert',
    permission:
      "owner of the calendar (403 requiredAccessLevel); not for the caller's own rule (403 cannotChangeOwnAcl)",
    serverWritten: [
      'id = <scope type>:<scope value> or default',
      "grantees' calendarList accessRole",
      ...NEW_ROW_STAMPS,
    ],
  },
  {
    name: 'acl.update',
    permission: "owner of the calendar; the scope cannot change; not the caller's own rule",
    serverWritten: ["grantees' calendarList accessRole", ...EVENT_STAMPS],
  },
  {
    name: 'acl.patch',
    permission: "owner of the calendar; the scope cannot change; not the caller's own rule",
    serverWritten: ["grantees' calendarList accessRole", ...EVENT_STAMPS],
  },
  {
    name: 'acl.delete',
    permission: "owner of the calendar; not the caller's own rule",
    serverWritten: [
      "role 'none' (the rule stays, listed with showDeleted)",
      'calendarList entries of users left without access: deleted',
      ...EVENT_STAMPS,
    ],
  },
  {
    name: 'calendarList.insert',
    permission:
      "the caller's own list only (users/me), for a calendar they can see (404 otherwise)",
    serverWritten: ["accessRole (the caller's role)", 'storage id', ...NEW_ROW_STAMPS],
  },
  {
    name: 'calendarList.update',
    permission: "the caller's own list only (users/me); another user's list has no route (404)",
    serverWritten: EVENT_STAMPS,
  },
  {
    name: 'calendarList.patch',
    permission: "the caller's own list only (users/me); another user's list has no route (404)",
    serverWritten: EVENT_STAMPS,
  },
  {
    name: 'calendarList.delete',
    permission:
      "the caller's own list only (users/me); not their own primary calendar (403 cannotChangeOwnPrimarySubscription)",
    serverWritten: ['deleted true (the entry stays for sync)', ...EVENT_STAMPS],
  },
  {
    name: 'calendars.insert',
    permission: 'any user (the new calendar is theirs)',
    serverWritten: [
      'id c_<hex>@group.calendar.google.com',
      'owner calendarList entry',
      'owner ACL rule user:<caller>',
      ...NEW_ROW_STAMPS,
    ],
  },
  {
    name: 'calendars.update',
    permission: 'owner of the calendar (403 requiredAccessLevel)',
    serverWritten: EVENT_STAMPS,
  },
  {
    name: 'calendars.patch',
    permission: 'owner of the calendar (403 requiredAccessLevel)',
    serverWritten: EVENT_STAMPS,
  },
  {
    name: 'calendars.delete',
    permission: 'owner of a secondary calendar (400 cannotDeletePrimaryCalendar for a primary one)',
    serverWritten: [
      'its events, guests and ACL rules removed',
      'calendarList entries marked deleted',
    ],
  },
  {
    name: 'events.watch',
    permission:
      "a caller who may list the calendar's events (what events.list answers otherwise: 404 for an invisible calendar)",
    serverWritten: CHANNEL_STAMPS,
  },
  {
    name: 'acl.watch',
    permission:
      "a caller who may list the calendar's sharing rules: its writers and owners (what acl.list answers otherwise)",
    serverWritten: CHANNEL_STAMPS,
  },
  {
    name: 'calendarList.watch',
    permission: "the caller's own list only (users/me)",
    serverWritten: CHANNEL_STAMPS,
  },
  {
    name: 'settings.watch',
    permission: "the caller's own settings only (users/me)",
    serverWritten: CHANNEL_STAMPS,
  },
  {
    name: 'channels.stop',
    permission:
      'the user who created the channel, naming it by id and resourceId (404 notFound otherwise; Google documents no error for this case)',
    serverWritten: ['the channel removed (the response body is empty)'],
  },
  {
    name: 'calendars.clear',
    permission: 'owner of a primary calendar',
    serverWritten: ["every event: status 'cancelled', sequence +1, etag, updated"],
  },
];
