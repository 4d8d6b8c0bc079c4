import type { Row } from '../../schema/json.js';
import type { State } from '../../state/state.js';
import { LINEAR_TABLES } from './tables.js';

/**
 * Teams the actor can read. As in Linear, a private team (`teams.private`) and
 * everything in it (issues, states, labels, comments, relations, memberships) exists only
 * for its members; public teams are readable by every member of the workspace.
 */
export function visibleTeamIds(state: State, actorId: string): ReadonlySet<string> {
  const memberOf = new Set<string>();
  for (const membership of state.rows(LINEAR_TABLES.teamMemberships)) {
    if (
      membership.userId === actorId &&
      (membership.archivedAt ?? null) === null &&
      typeof membership.teamId === 'string'
    ) {
      memberOf.add(membership.teamId);
    }
  }
  const visible = new Set<string>();
  for (const team of state.rows(LINEAR_TABLES.teams)) {
    if (typeof team.id !== 'string') continue;
    if (team.private !== true || memberOf.has(team.id)) visible.add(team.id);
  }
  return visible;
}

/** The actor's own user row; requests from an actor the workspace does not know are unauthenticated. */
export function actorRow(state: State, actorId: string): Row | undefined {
  return state.get(LINEAR_TABLES.users, { id: actorId });
}
