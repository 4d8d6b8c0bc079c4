import { describe, expect, it } from 'vitest';
import { visibleTeamIds } from '../../../src/services/linear/permissions.js';
import {
  actorOf,
  allNodes,
  builtinState,
  post,
  replicaFor,
  rowsOf,
  teamKeyed,
  userNamed,
} from './builtin-seed.js';

const security = teamKeyed('SEC');
const secretIssue = rowsOf('issues').find((row) => row.teamId === security.id)!;
const member = actorOf(userNamed('Tobias Brandt'));
const outsider = actorOf(userNamed('Dana Whitfield'));

describe('private teams', () => {
  it('are visible to their members only', () => {
    expect(visibleTeamIds(builtinState, String(member.id)).has(String(security.id))).toBe(true);
    expect(visibleTeamIds(builtinState, String(outsider.id)).has(String(security.id))).toBe(false);
  });

  it('hide the team, its issues, states, labels and comments from outsiders', () => {
    const replica = replicaFor(outsider);
    expect(
      allNodes<{ key: string }>(replica, 'teams', '', 'key').map((team) => team.key),
    ).not.toContain('SEC');
    expect(
      allNodes<{ id: string }>(replica, 'issues', 'includeArchived: true', 'id', 100).map(
        (issue) => issue.id,
      ),
    ).not.toContain(secretIssue.id);
    const secStates = new Set(
      rowsOf('workflow_states')
        .filter((s) => s.teamId === security.id)
        .map((s) => s.id),
    );
    expect(
      allNodes<{ id: string }>(replica, 'workflowStates', '', 'id', 100).some((state) =>
        secStates.has(state.id),
      ),
    ).toBe(false);
    expect(
      allNodes<{ name: string }>(replica, 'issueLabels', '', 'name').map((label) => label.name),
    ).not.toContain('pentest');
    const secComments = new Set(
      rowsOf('comments')
        .filter((c) => c.issueId === secretIssue.id)
        .map((c) => c.id),
    );
    expect(
      allNodes<{ id: string }>(replica, 'comments', '', 'id', 100).some((comment) =>
        secComments.has(comment.id),
      ),
    ).toBe(false);
  });

  it('answer a direct lookup of a hidden record as not found, exactly like a missing one', () => {
    const replica = replicaFor(outsider);
    const hidden = post(replica, `{ issue(id: "${String(secretIssue.identifier)}") { id } }`);
    const missing = post(replica, '{ issue(id: "SEC-9999") { id } }');
    expect(hidden.body).toEqual(missing.body);
    expect(hidden.body.errors?.[0]?.message).toBe('Entity not found: Issue');
    expect(post(replica, '{ team(id: "SEC") { id } }').body.errors?.[0]?.message).toBe(
      'Entity not found: Team',
    );
  });

  it('are fully readable by a member', () => {
    const replica = replicaFor(member);
    const nodes = allNodes<{ id: string }>(
      replica,
      'issues',
      'filter: { team: { key: { eq: "SEC" } } }',
      'id',
    );
    expect(nodes.map((node) => node.id).sort()).toEqual(
      rowsOf('issues')
        .filter((row) => row.teamId === security.id && row.archivedAt === null)
        .map((row) => String(row.id))
        .sort(),
    );
  });
});
