import type { Row } from '../../../schema/json.js';
import type { PatchOp } from '../../../schema/patch.js';
import type { State } from '../../../state/state.js';
import type { WriteResult } from '../../write-model.js';
import { ACCESS_ROLES, type AccessRole, roleRank } from '../access.js';
import { flag, text } from '../row-fields.js';
import {
  bodyObject,
  invalid,
  needOwner,
  notFound,
  refuse,
  required,
  succeeded,
  visibleCalendarRow,
  type WriteCall,
} from './call.js';
import { newEtag, stamp } from './stamps.js';

const SCOPE_TYPES = ['default', 'user', 'group', 'domain'];

const rulePath = (calendarId: string, ruleId: string): string =>
  `/calendars/${encodeURIComponent(calendarId)}/acl/${encodeURIComponent(ruleId)}`;

/** The calendar a sharing change names; only its owners may change who sees it. */
function ownedCalendar(call: WriteCall, calendarParam: string): Row {
  const calendar = visibleCalendarRow(call, calendarParam);
  if (call.access.roleFor(String(calendar.id)) !== 'owner') return needOwner();
  return calendar;
}

function roleOf(value: unknown): AccessRole {
  if (value === undefined || value === null) return required('Missing role.');
  if (typeof value !== 'string' || !(ACCESS_ROLES as readonly string[]).includes(value))
    return invalid(`Invalid role: ${JSON.stringify(value)}`);
  return value as AccessRole;
}

function scopeOf(value: unknown): { type: string; value: string | null } {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return required('Missing scope.');
  const scope = value as Record<string, unknown>;
  if (typeof scope.type !== 'string' || !SCOPE_TYPES.includes(scope.type))
    return invalid(`Invalid scope type: ${JSON.stringify(scope.type)}`);
  if (scope.type === 'default') {
    if (scope.value !== undefined && scope.value !== null && scope.value !== '')
      return invalid('The scope of type default must not have a value.');
    return { type: 'default', value: null };
  }
  if (typeof scope.value !== 'string' || scope.value.trim() === '')
    return required('Missing scope value.');
  const scopeValue = scope.value.trim().toLowerCase();
  if ((scope.type === 'user' || scope.type === 'group') && !/^[^@\s]+@[^@\s]+$/.test(scopeValue))
    return invalid(`Invalid scope value: ${JSON.stringify(scope.value)}`);
  return { type: scope.type, value: scopeValue };
}

const ruleIdOf = (scope: { type: string; value: string | null }): string =>
  scope.type === 'default' ? 'default' : `${scope.type}:${scope.value}`;

/** Owners cannot change their own access (Google: cannotChangeOwnAcl). */
function guardOwnRule(call: WriteCall, rule: { type: string; value: string | null }): void {
  if (rule.type === 'user' && rule.value === call.access.actorEmail)
    refuse(403, 'cannotChangeOwnAcl', 'Cannot change your own access level.', 'calendar');
}

/** A user's effective role on a calendar from ownership and the ACL alone (their list entry follows it). */
function ruleRole(state: State, calendar: Row, user: Row): AccessRole {
  if (calendar.owner_id === user.id) return 'owner';
  const email = text(user, 'email')?.toLowerCase();
  let best: AccessRole = 'none';
  for (const rule of state.hasTable('calendar_acl_rules') ? state.rows('calendar_acl_rules') : []) {
    if (rule.calendar_id !== calendar.id) continue;
    const type = text(rule, 'scope_type');
    const value = text(rule, 'scope_value')?.toLowerCase();
    const applies =
      type === 'default' ||
      (type === 'user' && value === email) ||
      (type === 'domain' && email !== undefined && value === email.split('@')[1]);
    const role = text(rule, 'role') as AccessRole;
    if (applies && roleRank(role) > roleRank(best)) best = role;
  }
  return best;
}

/**
 * The calendar-list entries whose `accessRole` a sharing change moves: Google's accessRole is
 * the user's effective role, so a user who loses all access loses the entry too.
 */
function listEntriesFollowing(
  call: WriteCall,
  calendar: Row,
  aclPatch: PatchOp[],
  now: string,
): PatchOp[] {
  if (!call.state.hasTable('calendar_list_entries') || !call.state.hasTable('calendar_users'))
    return [];
  const after = call.state.apply(aclPatch).state;
  const ops: PatchOp[] = [];
  for (const entry of call.state.rows('calendar_list_entries')) {
    if (entry.calendar_id !== calendar.id || flag(entry, 'deleted')) continue;
    const user = call.state.get('calendar_users', { id: entry.user_id ?? null });
    if (!user) continue;
    const role = ruleRole(after, calendar, user);
    if (role === text(entry, 'access_role')) continue;
    ops.push({
      op: 'update',
      table: 'calendar_list_entries',
      key: { id: String(entry.id) },
      set: {
        access_role: role,
        ...(role === 'none' ? { deleted: true } : {}),
        etag: newEtag(call.env),
        updated_at: now,
      },
    });
  }
  return ops;
}

function existingRule(call: WriteCall, calendarId: string, ruleId: string): Row | undefined {
  return call.state.hasTable('calendar_acl_rules')
    ? call.state.get('calendar_acl_rules', { calendar_id: calendarId, id: ruleId })
    : undefined;
}

/** POST /calendars/{calendarId}/acl (acl.insert); a rule for a scope that has one replaces its role. */
export function insertAclRule(call: WriteCall, calendarParam: string): WriteResult {
  const calendar = ownedCalendar(call, calendarParam);
  const calendarId = String(calendar.id);
  const body = bodyObject(call);
  const role = roleOf(body.role);
  const scope = scopeOf(body.scope);
  guardOwnRule(call, scope);
  const ruleId = ruleIdOf(scope);
  const now = stamp(call.env);
  const existing = existingRule(call, calendarId, ruleId);
  const aclPatch: PatchOp[] = existing
    ? [
        {
          op: 'update',
          table: 'calendar_acl_rules',
          key: { calendar_id: calendarId, id: ruleId },
          set: { role, etag: newEtag(call.env), updated_at: now },
        },
      ]
    : [
        {
          op: 'insert',
          table: 'calendar_acl_rules',
          row: {
            id: ruleId,
            calendar_id: calendarId,
            role,
            scope_type: scope.type,
            scope_value: scope.value,
            etag: newEtag(call.env),
            created_at: now,
            updated_at: now,
          },
        },
      ];
  const patch = [...aclPatch, ...listEntriesFollowing(call, calendar, aclPatch, now)];
  return succeeded(call, patch, rulePath(calendarId, ruleId));
}

/** PUT (acl.update) or PATCH (acl.patch) /calendars/{calendarId}/acl/{ruleId} */
export function changeAclRule(
  call: WriteCall,
  calendarParam: string,
  ruleId: string,
  mode: 'update' | 'patch',
): WriteResult {
  const calendar = ownedCalendar(call, calendarParam);
  const calendarId = String(calendar.id);
  const rule = existingRule(call, calendarId, ruleId);
  if (!rule || text(rule, 'role') === 'none') return notFound();
  const body = bodyObject(call);
  const scope = {
    type: text(rule, 'scope_type') ?? 'user',
    value: text(rule, 'scope_value')?.toLowerCase() ?? null,
  };
  if (body.scope !== undefined) {
    const sent = scopeOf(body.scope);
    if (sent.type !== scope.type || sent.value !== scope.value)
      return invalid('The scope of an existing rule cannot be changed.');
  }
  const role =
    mode === 'patch' && body.role === undefined
      ? (text(rule, 'role') as AccessRole)
      : roleOf(body.role);
  guardOwnRule(call, scope);
  const now = stamp(call.env);
  const aclPatch: PatchOp[] = [
    {
      op: 'update',
      table: 'calendar_acl_rules',
      key: { calendar_id: calendarId, id: ruleId },
      set: { role, etag: newEtag(call.env), updated_at: now },
    },
  ];
  const patch = [...aclPatch, ...listEntriesFollowing(call, calendar, aclPatch, now)];
  return succeeded(call, patch, rulePath(calendarId, ruleId));
}

/**
 * DELETE /calendars/{calendarId}/acl/{ruleId} (acl.delete). The rule survives as role `none`
 * (listed with showDeleted, as the read replica shows deleted rules).
 */
export function deleteAclRule(call: WriteCall, calendarParam: string, ruleId: string): WriteResult {
  const calendar = ownedCalendar(call, calendarParam);
  const calendarId = String(calendar.id);
  const rule = existingRule(call, calendarId, ruleId);
  if (!rule || text(rule, 'role') === 'none') return notFound();
  guardOwnRule(call, {
    type: text(rule, 'scope_type') ?? 'user',
    value: text(rule, 'scope_value')?.toLowerCase() ?? null,
  });
  const now = stamp(call.env);
  const aclPatch: PatchOp[] = [
    {
      op: 'update',
      table: 'calendar_acl_rules',
      key: { calendar_id: calendarId, id: ruleId },
      set: { role: 'none', etag: newEtag(call.env), updated_at: now },
    },
  ];
  const patch = [...aclPatch, ...listEntriesFollowing(call, calendar, aclPatch, now)];
  return succeeded(call, patch, undefined);
}
