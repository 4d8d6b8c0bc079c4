import type { Row } from '../../schema/json.js';
import type { Actor } from '../../schema/task.js';
import type { State } from '../../state/state.js';
import { flag, text } from './row-fields.js';

/** Google's access roles, weakest first. `none` means the calendar is invisible. */
export const ACCESS_ROLES = ['none', 'freeBusyReader', 'reader', 'writer', 'owner'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];

export function roleRank(role: string | undefined): number {
  const index = ACCESS_ROLES.indexOf((role ?? 'none') as AccessRole);
  return Math.max(0, index);
}

const stronger = (a: AccessRole, b: AccessRole): AccessRole => (roleRank(a) >= roleRank(b) ? a : b);

/**
 * What one actor may see. A calendar is visible through the actor's calendar-list entry,
 * an ACL rule for the actor's address, their domain or the public (`default`), or
 * ownership; the strongest grant wins. Group scopes are not expanded (no membership data).
 */
export class CalendarAccess {
  readonly actor: Actor;
  readonly actorEmail: string | undefined;
  readonly #state: State;
  readonly #roles = new Map<string, AccessRole>();

  constructor(state: State, actor: Actor) {
    this.#state = state;
    this.actor = actor;
    const user = state.hasTable('calendar_users')
      ? state.rows('calendar_users').find((row) => row.id === actor.id)
      : undefined;
    this.actorEmail = (actor.email ?? text(user, 'email'))?.toLowerCase();
  }

  /** The actor's calendar-list entries that are not deleted. */
  listEntries(includeDeleted = false): Row[] {
    if (!this.#state.hasTable('calendar_list_entries')) return [];
    return this.#state
      .rows('calendar_list_entries')
      .filter((row) => row.user_id === this.actor.id && (includeDeleted || !flag(row, 'deleted')));
  }

  /** The actor's primary calendar id: the list entry marked primary, else the calendar named by their address. */
  primaryCalendarId(): string | undefined {
    const entry = this.listEntries().find((row) => flag(row, 'primary'));
    if (entry) return text(entry, 'calendar_id');
    if (this.actorEmail && this.calendarRow(this.actorEmail)) return this.actorEmail;
    return undefined;
  }

  /** `primary` is the actor's primary calendar; any other id is taken as given. */
  resolveCalendarId(id: string): string | undefined {
    return id === 'primary' ? this.primaryCalendarId() : id;
  }

  calendarRow(id: string): Row | undefined {
    return this.#state.hasTable('calendars') ? this.#state.get('calendars', { id }) : undefined;
  }

  roleFor(calendarId: string): AccessRole {
    const cached = this.#roles.get(calendarId);
    if (cached) return cached;
    const calendar = this.calendarRow(calendarId);
    let role: AccessRole = 'none';
    if (calendar) {
      if (calendar.owner_id === this.actor.id) role = 'owner';
      for (const entry of this.listEntries()) {
        if (entry.calendar_id === calendarId)
          role = stronger(role, normalizeRole(text(entry, 'access_role')));
      }
      for (const rule of this.aclRules(calendarId)) {
        if (this.#ruleApplies(rule)) role = stronger(role, normalizeRole(text(rule, 'role')));
      }
    }
    this.#roles.set(calendarId, role);
    return role;
  }

  aclRules(calendarId: string): Row[] {
    if (!this.#state.hasTable('calendar_acl_rules')) return [];
    return this.#state.rows('calendar_acl_rules').filter((row) => row.calendar_id === calendarId);
  }

  #ruleApplies(rule: Row): boolean {
    const scope = text(rule, 'scope_type');
    const value = text(rule, 'scope_value')?.toLowerCase();
    if (scope === 'default') return true;
    if (!this.actorEmail) return false;
    if (scope === 'user') return value === this.actorEmail;
    if (scope === 'domain') return value === this.actorEmail.split('@')[1];
    return false;
  }
}

function normalizeRole(role: string | undefined): AccessRole {
  return (ACCESS_ROLES as readonly string[]).includes(role ?? '') ? (role as AccessRole) : 'none';
}
