import { describe, expect, it } from 'vitest';
import type { Row } from '../../../src/schema/json.js';
import { allNodes, replicaFor, rowsOf, teamKeyed, userNamed } from './builtin-seed.js';

const replica = replicaFor();
const visibleTeamIds = new Set(
  rowsOf('teams')
    .filter((team) => team.key !== 'SEC')
    .map((team) => team.id),
);
const listedIssues = rowsOf('issues').filter(
  (row) => visibleTeamIds.has(row.teamId) && (row.archivedAt ?? null) === null,
);
const stateById = new Map(rowsOf('workflow_states').map((state) => [state.id, state]));
const identifiersOf = (rows: readonly Row[]) => rows.map((row) => String(row.identifier)).sort();
const filtered = (filter: string) =>
  allNodes<{ identifier: string }>(replica, 'issues', `filter: ${filter}`, 'identifier', 50)
    .map((node) => node.identifier)
    .sort();

describe('IssueFilter', () => {
  it('team.key eq selects one team', () => {
    const mobile = teamKeyed('MOB');
    expect(filtered('{ team: { key: { eq: "MOB" } } }')).toEqual(
      identifiersOf(listedIssues.filter((row) => row.teamId === mobile.id)),
    );
  });

  it('title eq is exact where containsIgnoreCase also catches the near-duplicates', () => {
    const exact = filtered('{ title: { eq: "Offline sync drops queued edits" } }');
    expect(exact).toEqual(
      identifiersOf(listedIssues.filter((row) => row.title === 'Offline sync drops queued edits')),
    );
    expect(exact).toHaveLength(2);
    const loose = filtered('{ title: { containsIgnoreCase: "offline SYNC drops" } }');
    expect(loose.length).toBeGreaterThan(exact.length);
  });

  it('state.name and state.type read the workflow state', () => {
    expect(filtered('{ state: { name: { eq: "In Review" } } }')).toEqual(
      identifiersOf(listedIssues.filter((row) => stateById.get(row.stateId)?.name === 'In Review')),
    );
    expect(filtered('{ state: { type: { in: ["completed", "canceled"] } } }')).toEqual(
      identifiersOf(
        listedIssues.filter((row) =>
          ['completed', 'canceled'].includes(String(stateById.get(row.stateId)?.type)),
        ),
      ),
    );
  });

  it('assignee by name, by id, and null for unassigned', () => {
    const jon = userNamed('Jon Park');
    expect(filtered('{ assignee: { name: { eq: "Jon Park" } } }')).toEqual(
      identifiersOf(listedIssues.filter((row) => row.assigneeId === jon.id)),
    );
    expect(filtered(`{ assignee: { id: { eq: "${String(jon.id)}" } } }`)).toEqual(
      identifiersOf(listedIssues.filter((row) => row.assigneeId === jon.id)),
    );
    expect(filtered('{ assignee: { null: true } }')).toEqual(
      identifiersOf(listedIssues.filter((row) => row.assigneeId === null)),
    );
  });

  it('priority and number compare as numbers', () => {
    expect(filtered('{ priority: { lte: 2, gte: 1 } }')).toEqual(
      identifiersOf(
        listedIssues.filter((row) => Number(row.priority) >= 1 && Number(row.priority) <= 2),
      ),
    );
    expect(filtered('{ number: { in: [1, 2] }, team: { key: { eq: "WEB" } } }')).toEqual([
      'WEB-1',
      'WEB-2',
    ]);
  });

  it('labels: some by name, and length', () => {
    const offline = rowsOf('issue_labels').find((label) => label.name === 'offline')!;
    expect(filtered('{ labels: { name: { eq: "offline" } } }')).toEqual(
      identifiersOf(
        listedIssues.filter((row) => (row.labelIds as string[]).includes(String(offline.id))),
      ),
    );
    expect(filtered('{ labels: { length: { eq: 0 } } }')).toEqual(
      identifiersOf(listedIssues.filter((row) => (row.labelIds as string[]).length === 0)),
    );
  });

  it('parent null and parent by title', () => {
    const parent = rowsOf('issues').find(
      (row) =>
        row.title === 'Offline sync drops queued edits' && row.teamId === teamKeyed('MOB').id,
    )!;
    expect(filtered('{ parent: { title: { eq: "Offline sync drops queued edits" } } }')).toEqual(
      identifiersOf(listedIssues.filter((row) => row.parentId === parent.id)),
    );
    expect(filtered('{ parent: { null: false } }')).toEqual(
      identifiersOf(listedIssues.filter((row) => row.parentId !== null)),
    );
  });

  it('dates compare as instants; dueDate as a calendar day', () => {
    const pivot = '2026-02-01T00:00:00.000Z';
    expect(filtered(`{ createdAt: { gt: "${pivot}" } }`)).toEqual(
      identifiersOf(
        listedIssues.filter((row) => Date.parse(String(row.createdAt)) > Date.parse(pivot)),
      ),
    );
    expect(filtered('{ dueDate: { null: false, lt: "2026-03-15" } }')).toEqual(
      identifiersOf(
        listedIssues.filter((row) => row.dueDate !== null && String(row.dueDate) < '2026-03-15'),
      ),
    );
  });

  it('and / or combine filters', () => {
    const web = teamKeyed('WEB');
    const mobile = teamKeyed('MOB');
    expect(
      filtered(
        '{ or: [{ team: { key: { eq: "WEB" } } }, { team: { key: { eq: "MOB" } } }], and: [{ priority: { eq: 2 } }] }',
      ),
    ).toEqual(
      identifiersOf(
        listedIssues.filter(
          (row) => (row.teamId === web.id || row.teamId === mobile.id) && row.priority === 2,
        ),
      ),
    );
  });
});

describe('filters on other collections', () => {
  it('users by name prefix find both Priyas', () => {
    const nodes = allNodes<{ name: string }>(
      replica,
      'users',
      'filter: { name: { startsWith: "Priya" } }',
      'name',
    );
    expect(nodes.map((node) => node.name).sort()).toEqual(['Priya Raman', 'Priya Ramanathan']);
  });

  it('workflowStates by team key and type', () => {
    const web = teamKeyed('WEB');
    const nodes = allNodes<{ name: string }>(
      replica,
      'workflowStates',
      'filter: { team: { key: { eq: "WEB" } }, type: { eq: "completed" } }',
      'name',
    );
    expect(nodes.map((node) => node.name).sort()).toEqual(
      rowsOf('workflow_states')
        .filter((s) => s.teamId === web.id && s.type === 'completed')
        .map((s) => String(s.name))
        .sort(),
    );
  });

  it('comments by author', () => {
    const jon = userNamed('Jon Park');
    const visibleIssues = new Set(
      rowsOf('issues')
        .filter((row) => visibleTeamIds.has(row.teamId))
        .map((row) => row.id),
    );
    const nodes = allNodes<{ id: string }>(
      replica,
      'comments',
      `filter: { user: { id: { eq: "${String(jon.id)}" } } }`,
      'id',
    );
    expect(nodes.map((node) => node.id).sort()).toEqual(
      rowsOf('comments')
        .filter((c) => c.userId === jon.id && visibleIssues.has(c.issueId))
        .map((c) => String(c.id))
        .sort(),
    );
  });
});
