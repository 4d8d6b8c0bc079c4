import { rowMatchesWhere } from '../../../reference/legacy-diff/predicate.js';
import type { LegacyAssertion } from '../../../reference/legacy-diff/spec.js';
import type { ApiCall } from '../../../schema/call.js';
import type { JsonValue } from '../../../schema/json.js';
import type { Actor } from '../../../schema/task.js';
import type { State } from '../../../state/state.js';
import { valueSatisfying } from './values.js';

// Calendar recipes that the general Calendar recipe does not cover (docs/agent-diff.md,
// "Constructed tasks"): notification channels, and why an ACL rule's `deleted` has no recipe.

/**
 * The receiver a constructed watch names. The Agent-Diff instructions ask for a watch without
 * naming a receiver, so any HTTPS address completes them; this one is in a reserved domain.
 */
export const WATCH_ADDRESS = 'https://receiver.example/calendar-notifications';

/** The watch call for a stored `resource_uri` as the Agent-Diff seed layout spells it. */
function watchPath(uri: string, actorId: string): string | undefined {
  if (uri === '/users/me/calendarList') return '/users/me/calendarList/watch';
  if (uri === `/users/${actorId}/settings`) return '/users/me/settings/watch';
  const calendar = /^\/calendars\/([^/]+)\/(events|acl)$/.exec(uri);
  if (calendar) return `/calendars/${encodeURIComponent(calendar[1]!)}/${calendar[2]}/watch`;
  return undefined;
}

/** What these recipes read of the translation context (translate.ts's `TranslateContext`). */
interface RecipeContext {
  before: State;
  instruction: string;
  actor: Actor;
}

/** A recipe's calls or its refusal, as translate.ts's `Translated`. */
type Recipe = { ok: true; calls: ApiCall[] } | { ok: false; reason: string };

const refuse = (reason: string): Recipe => ({ ok: false, reason });

/** The value the assertion's where-clause asks of `field` (an `eq` literal, a quoted phrase). */
function wanted(
  assertion: LegacyAssertion,
  field: string,
  ctx: RecipeContext,
): JsonValue | undefined {
  const predicate = assertion.where[field];
  return predicate ? valueSatisfying(predicate, ctx.instruction) : undefined;
}

/**
 * `added calendar_channels` → the watch method of the resource the assertion names
 * (events.watch, acl.watch, calendarList.watch, settings.watch); `removed calendar_channels`
 * → channels.stop with the channel's id and resourceId. Undefined for any other assertion.
 */
export function calendarChannelRecipe(
  assertion: LegacyAssertion,
  ctx: RecipeContext,
): Recipe | undefined {
  if (assertion.entity !== 'calendar_channels') return undefined;
  const user = wanted(assertion, 'user_id', ctx);
  if (user !== undefined && user !== ctx.actor.id)
    return refuse("calendar_channels: another user's channel");
  if (assertion.diff_type === 'added') {
    for (const field of Object.keys(assertion.where))
      if (field !== 'resource_uri' && field !== 'user_id')
        return refuse(`calendar_channels: no request of the recipe writes where.${field}`);
    const uri = wanted(assertion, 'resource_uri', ctx);
    const path = typeof uri === 'string' ? watchPath(uri, ctx.actor.id) : undefined;
    if (!path) return refuse('calendar_channels: no watch method serves the asserted resource_uri');
    // The client names its channel; one id per watched resource keeps two watches of a task apart.
    const id = `watch-${(uri as string).replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
    const call: ApiCall = {
      method: 'POST',
      path,
      body: { id, type: 'web_hook', address: WATCH_ADDRESS },
    };
    return { ok: true, calls: [call] };
  }
  if (assertion.diff_type === 'removed') {
    if (!ctx.before.hasTable('calendar_channels'))
      return refuse('calendar_channels: no channels in the seed');
    const rows = ctx.before
      .rows('calendar_channels')
      .filter((row) => rowMatchesWhere(row, assertion.where));
    if (rows.length !== 1)
      return refuse(
        `its where-clause matches ${rows.length} calendar_channels rows of the before-state (a recipe needs exactly one)`,
      );
    const channel = rows[0]!;
    return {
      ok: true,
      calls: [
        {
          method: 'POST',
          path: '/channels/stop',
          body: { id: channel.id ?? null, resourceId: channel.resource_id ?? null },
        },
      ],
    };
  }
  return refuse(`no recipe for ${assertion.diff_type} calendar_channels`);
}

/**
 * An Agent-Diff assertion on a sharing rule's `deleted` column (a `changed` to true, or a
 * where-clause on it) reads a flag Google's API never returns: an AclRule is `{kind, etag, id,
 * scope, role}`, and acl.list shows a deleted rule, with showDeleted, as `role: "none"`. The
 * replica keeps Google's representation, so no outcome can satisfy such an assertion: a known
 * defect of the source assertions, reported instead of a recipe.
 */
export function aclDeletedDefect(assertion: LegacyAssertion): Recipe | undefined {
  if (assertion.entity !== 'calendar_acl_rules') return undefined;
  if (!('deleted' in assertion.where) && !('deleted' in assertion.expected_changes))
    return undefined;
  return refuse(
    "known defect: the assertion reads calendar_acl_rules.deleted, a flag Google's API never returns (a deleted ACL rule is listed with showDeleted as role 'none'), so no outcome can satisfy it",
  );
}
