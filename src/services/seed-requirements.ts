import type { Service } from '../schema/service.js';

/**
 * The tables and columns a seed must hold for its service's replica to answer at all
 * (docs/pack-format.md, "Seeds"): each service's core entities, and in them the columns that
 * identify a row, relate it to others (membership, parent, owner, thread) or decide what the
 * actor may see (active, deleted, archived, status). The replica reads every one of them
 * (test/services/seed-requirements.test.ts checks each against the service's read exposure);
 * a missing table would read as empty and a missing column as null, so a seed lacking one
 * would be answered as a different account. Other tables and columns the replica reads are
 * optional (docs/replicas.md): absent, they read as empty or null, as the service would.
 * A column must be present in every row; its value may be null.
 */
export const SEED_REQUIREMENTS: Readonly<
  Record<Service, Readonly<Record<string, readonly string[]>>>
> = {
  linear: {
    organizations: ['id', 'name'],
    users: ['id', 'name', 'email', 'active'],
    teams: ['id', 'name', 'key'],
    team_memberships: ['id', 'userId', 'teamId'],
    workflow_states: ['id', 'teamId', 'name', 'type'],
    issues: ['id', 'identifier', 'number', 'title', 'teamId', 'stateId', 'assigneeId', 'creatorId'],
    comments: ['id', 'issueId', 'userId', 'body'],
  },
  slack: {
    teams: ['team_id', 'team_name'],
    users: ['user_id', 'username', 'real_name', 'is_bot', 'deleted'],
    channels: ['channel_id', 'channel_name', 'is_private', 'is_archived'],
    channel_members: ['channel_id', 'user_id'],
    messages: ['message_id', 'channel_id', 'user_id', 'message_text', 'ts', 'parent_id'],
  },
  box: {
    box_users: ['id', 'name', 'login', 'status'],
    box_folders: ['id', 'name', 'parent_id', 'item_status', 'owned_by_id'],
    box_files: ['id', 'name', 'parent_id', 'item_status', 'owned_by_id'],
    box_file_versions: ['id', 'file_id', 'version_number'],
  },
  calendar: {
    calendars: ['id', 'summary', 'time_zone'],
    calendar_events: ['calendar_id', 'id', 'summary', 'status', 'start', 'end'],
    calendar_event_attendees: ['event_id', 'email', 'response_status'],
  },
};
