import { describe, expect, it } from 'vitest';
import type { Row } from '../../../src/schema/json.js';
import {
  allNodes,
  dana,
  post,
  query,
  replicaFor,
  rowsOf,
  teamKeyed,
  userNamed,
} from './builtin-seed.js';

const replica = replicaFor();
const visibleTeamIds = new Set(
  rowsOf('teams')
    .filter((team) => team.key !== 'SEC')
    .map((team) => team.id),
);
const isListed = (row: Row) => (row.archivedAt ?? null) === null && row.trashed !== true;
const ids = (rows: readonly Row[]) => rows.map((row) => String(row.id)).sort();
const sorted = (values: string[]) => [...values].sort();

describe('root fields over the built-in seed', () => {
  it('viewer is the actor', () => {
    const data = query<{ viewer: { id: string; name: string; isMe: boolean } }>(
      replica,
      '{ viewer { id name isMe } }',
    );
    expect(data.viewer).toEqual({ id: dana.id, name: dana.name, isMe: true });
  });

  it('organization names the workspace', () => {
    const organization = rowsOf('organizations')[0]!;
    const data = query<{ organization: { id: string; name: string; urlKey: string } }>(
      replica,
      '{ organization { id name urlKey } }',
    );
    expect(data.organization).toEqual({
      id: organization.id,
      name: organization.name,
      urlKey: organization.urlKey,
    });
  });

  it('users lists active users; includeDisabled adds the deactivated ones', () => {
    const active = allNodes<{ id: string }>(replica, 'users', '', 'id');
    expect(sorted(active.map((user) => user.id))).toEqual(
      ids(rowsOf('users').filter((user) => user.active === true)),
    );
    const all = allNodes<{ id: string }>(replica, 'users', 'includeDisabled: true', 'id');
    expect(all).toHaveLength(rowsOf('users').length);
  });

  it('user(id) returns one user and Entity not found for an unknown id', () => {
    const priya = userNamed('Priya Raman');
    expect(
      query<{ user: { email: string } }>(replica, `{ user(id: "${String(priya.id)}") { email } }`)
        .user.email,
    ).toBe(priya.email);
    const missing = post(replica, '{ user(id: "00000000-0000-4000-8000-000000000000") { id } }');
    expect(missing.body.data).toBeNull();
    expect(missing.body.errors?.[0]?.message).toBe('Entity not found: User');
  });

  it('team(id) accepts the id or the key, and lists its states and members', () => {
    const web = teamKeyed('WEB');
    const byKey = query<{
      team: {
        id: string;
        states: { nodes: Array<{ name: string }> };
        members: { nodes: Array<{ id: string }> };
      };
    }>(
      replica,
      '{ team(id: "WEB") { id states { nodes { name } } members(first: 100) { nodes { id } } } }',
    );
    expect(byKey.team.id).toBe(web.id);
    const expectedStates = rowsOf('workflow_states')
      .filter((state) => state.teamId === web.id)
      .map((state) => String(state.name));
    expect(sorted(byKey.team.states.nodes.map((state) => state.name))).toEqual(
      sorted(expectedStates),
    );
    const memberIds = new Set(
      rowsOf('team_memberships')
        .filter((m) => m.teamId === web.id)
        .map((m) => m.userId),
    );
    const activeMembers = rowsOf('users').filter(
      (user) => memberIds.has(user.id) && user.active === true,
    );
    expect(sorted(byKey.team.members.nodes.map((user) => user.id))).toEqual(ids(activeMembers));
  });

  it('issue(id) accepts a UUID or an identifier, case-insensitively', () => {
    const target = rowsOf('issues').find((row) => row.title === 'Checkout v3 launch')!;
    const byId = query<{ issue: { identifier: string } }>(
      replica,
      `{ issue(id: "${String(target.id)}") { identifier } }`,
    );
    const byIdentifier = query<{ issue: { id: string } }>(
      replica,
      `{ issue(id: "${String(target.identifier).toLowerCase()}") { id } }`,
    );
    expect(byId.issue.identifier).toBe(target.identifier);
    expect(byIdentifier.issue.id).toBe(target.id);
  });

  it('issue nested fields follow the rows: assignee, state, team, labels, parent, children', () => {
    const child = rowsOf('issues').find(
      (row) => row.title === 'Offline sync drops queued edits on Android 12',
    )!;
    const parent = rowsOf('issues').find((row) => row.id === child.parentId)!;
    interface NestedIssue {
      assignee: { id: string };
      state: { id: string; type: string };
      team: { key: string };
      labels: { nodes: Array<{ id: string }> };
      children: { nodes: Array<{ id: string; parent: { id: string } }> };
    }
    const data = query<{ issue: NestedIssue }>(
      replica,
      `{ issue(id: "${String(parent.id)}") { assignee { id } state { id type } team { key } labels { nodes { id } } labelIds children { nodes { id parent { id } } } } }`,
    );
    expect(data.issue.assignee.id).toBe(parent.assigneeId);
    expect(data.issue.state.id).toBe(parent.stateId);
    expect(data.issue.team.key).toBe('MOB');
    expect(sorted(data.issue.labels.nodes.map((label) => label.id))).toEqual(
      sorted(parent.labelIds as string[]),
    );
    expect(data.issue.children.nodes).toEqual([{ id: child.id, parent: { id: parent.id } }]);
  });

  it('relations and inverseRelations split issue_relations by direction', () => {
    const launch = rowsOf('issues').find((row) => row.title === 'Checkout v3 launch')!;
    const data = query<{
      issue: {
        relations: { nodes: Array<{ id: string; type: string; relatedIssue: { id: string } }> };
        inverseRelations: { nodes: Array<{ id: string; issue: { id: string } }> };
      };
    }>(
      replica,
      `{ issue(id: "${String(launch.id)}") { relations { nodes { id type relatedIssue { id } } } inverseRelations { nodes { id issue { id } } } } }`,
    );
    expect(sorted(data.issue.relations.nodes.map((r) => r.id))).toEqual(
      ids(rowsOf('issue_relations').filter((r) => r.issueId === launch.id)),
    );
    expect(sorted(data.issue.inverseRelations.nodes.map((r) => r.id))).toEqual(
      ids(rowsOf('issue_relations').filter((r) => r.relatedIssueId === launch.id)),
    );
    expect(data.issue.inverseRelations.nodes.length).toBeGreaterThan(0);
  });

  it('issue comments are every comment of that issue', () => {
    const issue = rowsOf('issues').find(
      (row) => rowsOf('comments').filter((c) => c.issueId === row.id).length >= 2,
    )!;
    const data = query<{
      issue: { comments: { nodes: Array<{ id: string; body: string; user: { id: string } }> } };
    }>(
      replica,
      `{ issue(id: "${String(issue.id)}") { comments { nodes { id body user { id } } } } }`,
    );
    const expected = rowsOf('comments').filter((comment) => comment.issueId === issue.id);
    expect(sorted(data.issue.comments.nodes.map((c) => c.id))).toEqual(ids(expected));
    for (const node of data.issue.comments.nodes)
      expect(node.user.id).toBe(expected.find((c) => c.id === node.id)!.userId);
  });

  it('issues lists every visible, unarchived issue; includeArchived adds archived ones', () => {
    const listed = allNodes<{ id: string }>(replica, 'issues', '', 'id', 50);
    const visible = rowsOf('issues').filter((row) => visibleTeamIds.has(row.teamId));
    expect(sorted(listed.map((issue) => issue.id))).toEqual(ids(visible.filter(isListed)));
    const withArchived = allNodes<{ id: string }>(
      replica,
      'issues',
      'includeArchived: true',
      'id',
      50,
    );
    expect(withArchived).toHaveLength(visible.length);
  });

  it('workflowStates, issueLabels, comments, issueRelations and teamMemberships list the visible rows', () => {
    const visibleIssueIds = new Set(
      rowsOf('issues')
        .filter((row) => visibleTeamIds.has(row.teamId))
        .map((row) => row.id),
    );
    const expectations: Array<[string, readonly Row[]]> = [
      ['workflowStates', rowsOf('workflow_states').filter((row) => visibleTeamIds.has(row.teamId))],
      [
        'issueLabels',
        rowsOf('issue_labels').filter(
          (row) => (row.teamId === null || visibleTeamIds.has(row.teamId)) && isListed(row),
        ),
      ],
      ['comments', rowsOf('comments').filter((row) => visibleIssueIds.has(row.issueId))],
      [
        'issueRelations',
        rowsOf('issue_relations').filter(
          (row) => visibleIssueIds.has(row.issueId) && visibleIssueIds.has(row.relatedIssueId),
        ),
      ],
      [
        'teamMemberships',
        rowsOf('team_memberships').filter((row) => visibleTeamIds.has(row.teamId)),
      ],
    ];
    for (const [field, rows] of expectations) {
      const nodes = allNodes<{ id: string }>(replica, field, '', 'id', 40);
      expect(sorted(nodes.map((node) => node.id)), field).toEqual(ids(rows));
    }
  });

  it('searchIssues finds a term in titles, case-insensitively', () => {
    const data = query<{ searchIssues: { nodes: Array<{ title: string }> } }>(
      replica,
      '{ searchIssues(term: "CHECKOUT V3", first: 100) { nodes { title } } }',
    );
    const expected = rowsOf('issues').filter(
      (row) =>
        visibleTeamIds.has(row.teamId) &&
        isListed(row) &&
        (String(row.title).toLowerCase().includes('checkout v3') ||
          String(row.description).toLowerCase().includes('checkout v3')),
    );
    expect(sorted(data.searchIssues.nodes.map((node) => node.title))).toEqual(
      sorted(expected.map((row) => String(row.title))),
    );
  });

  it('user.assignedIssues lists the issues assigned to that user', () => {
    const jon = userNamed('Jon Park');
    const data = query<{ user: { assignedIssues: { nodes: Array<{ id: string }> } } }>(
      replica,
      `{ user(id: "${String(jon.id)}") { assignedIssues(first: 100) { nodes { id } } } }`,
    );
    const expected = rowsOf('issues').filter(
      (row) => row.assigneeId === jon.id && visibleTeamIds.has(row.teamId) && isListed(row),
    );
    expect(sorted(data.user.assignedIssues.nodes.map((node) => node.id))).toEqual(ids(expected));
  });

  it('serialises timestamps as ISO-8601 UTC with milliseconds', () => {
    const data = query<{ viewer: { createdAt: string } }>(replica, '{ viewer { createdAt } }');
    expect(data.viewer.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
