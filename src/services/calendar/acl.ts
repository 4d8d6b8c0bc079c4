import type { Row } from '../../schema/json.js';
import type { ApiResponse } from '../api.js';
import { roleRank } from './access.js';
import { type CalendarContext, visibleCalendar } from './context.js';
import { ApiFailure, forbidden, notFound, ok } from './errors.js';
import { paginate } from './paging.js';
import { text } from './row-fields.js';
import { changedSince, syncSince, syncTokenFor } from './sync.js';

/**
 * Sharing rules are readable by the calendar's writers and owners: Google's AclRule reference
 * gives `writer` "read access to the calendar's ACLs"; changing them stays with owners
 * (docs/replicas.md, Calendar).
 */
function aclReadableCalendar(ctx: CalendarContext, calendarParam: string): string {
  const { id } = visibleCalendar(ctx, calendarParam);
  if (roleRank(ctx.access.roleFor(id)) < roleRank('writer')) throw new ApiFailure(forbidden());
  return id;
}

function ruleResource(rule: Row): Record<string, unknown> {
  const type = text(rule, 'scope_type') ?? 'user';
  const value = text(rule, 'scope_value');
  return {
    kind: 'calendar#aclRule',
    etag: text(rule, 'etag') ?? `"${text(rule, 'id')}"`,
    id: text(rule, 'id'),
    scope: type === 'default' || value === undefined ? { type } : { type, value },
    role: text(rule, 'role') ?? 'none',
  };
}

/** GET /calendars/{calendarId}/acl */
export function listAcl(ctx: CalendarContext, calendarParam: string): ApiResponse {
  const calendarId = aclReadableCalendar(ctx, calendarParam);
  const listName = `acl:${calendarId}`;
  const since = syncSince(ctx, listName, []);
  const showDeleted = ctx.query.boolean('showDeleted', false) || since !== undefined;
  const maxResults = ctx.query.integer('maxResults', 100, 1, 250);
  const all = ctx.access.aclRules(calendarId);
  // A deleted rule survives as role "none" and is listed only with showDeleted.
  const rules = all
    .filter((rule) => since === undefined || changedSince(rule, since))
    .filter((rule) => showDeleted || text(rule, 'role') !== 'none');
  const page = paginate(rules, listName, ctx.query.string('pageToken'), maxResults);
  return ok({
    kind: 'calendar#acl',
    etag: `"acl-${calendarId}-${rules.length}"`,
    ...(page.nextPageToken
      ? { nextPageToken: page.nextPageToken }
      : { nextSyncToken: syncTokenFor(listName, all) }),
    items: page.items.map(ruleResource),
  });
}

/** GET /calendars/{calendarId}/acl/{ruleId} */
export function getAclRule(
  ctx: CalendarContext,
  calendarParam: string,
  ruleId: string,
): ApiResponse {
  const calendarId = aclReadableCalendar(ctx, calendarParam);
  const rule = ctx.access.aclRules(calendarId).find((row) => row.id === ruleId);
  return rule ? ok(ruleResource(rule)) : notFound();
}
