import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { seedFromAgentDiff } from '../../../src/import/agent-diff/seed.js';
import type { Row } from '../../../src/schema/json.js';
import { createLinearReplica, LinearTableKeys } from '../../../src/services/linear/index.js';
import { State } from '../../../src/state/state.js';
import { AGENT_DIFF_DIR, describeWithAgentDiff } from '../../support/shared.js';
import { allNodes, query } from './builtin-seed.js';

describeWithAgentDiff('Linear replica over the Agent-Diff seed', () => {
  const raw = JSON.parse(
    readFileSync(path.join(AGENT_DIFF_DIR, 'seeds/linear/linear_expanded.json'), 'utf8'),
  ) as Record<string, Row[]>;
  const { seed, skippedTables } = seedFromAgentDiff(
    'linear_expanded',
    'linear',
    raw,
    LinearTableKeys,
  );
  const state = State.fromSeed(seed);
  const table = (name: string): Row[] => raw[name] ?? [];
  // Every Agent-Diff team is public, so any workspace member sees everything.
  const actorRow = table('users')[0]!;
  const replica = createLinearReplica(state, {
    id: String(actorRow.id),
    name: String(actorRow.name),
  });
  const listed = (row: Row) => (row.archivedAt ?? null) === null && row.trashed !== true;
  const ids = (rows: ReadonlyArray<Record<string, unknown>>) =>
    rows.map((row) => String(row.id)).sort();

  it('loads every table with its rows and a key for each', () => {
    expect(skippedTables).toEqual([]);
    for (const [name, rows] of Object.entries(raw)) {
      expect(state.rows(name), name).toHaveLength(rows.length);
      expect(LinearTableKeys[name], `key of ${name}`).toBeDefined();
    }
  });

  it('lists every issue of every team through team.issues and through an issues filter, with paging', () => {
    for (const team of table('teams')) {
      const expected = ids(
        table('issues').filter((issue) => issue.teamId === team.id && listed(issue)),
      );
      const data = query<{ team: { issues: { nodes: Array<{ id: string }> } } }>(
        replica,
        `{ team(id: "${String(team.id)}") { issues(first: 250) { nodes { id } } } }`,
      );
      expect(ids(data.team.issues.nodes), `team.issues of ${String(team.key)}`).toEqual(expected);
      const paged = allNodes<{ id: string }>(
        replica,
        'issues',
        `filter: { team: { key: { eq: "${String(team.key)}" } } }`,
        'id',
        2,
      );
      expect(ids(paged), `issues filtered by ${String(team.key)}`).toEqual(expected);
    }
  });

  it('lists every workflow state of every team', () => {
    for (const team of table('teams')) {
      const data = query<{
        team: { states: { nodes: Array<{ id: string; name: string; type: string }> } };
      }>(
        replica,
        `{ team(id: "${String(team.id)}") { states(first: 100) { nodes { id name type } } } }`,
      );
      const expected = table('workflow_states').filter((s) => s.teamId === team.id);
      expect(ids(data.team.states.nodes), String(team.key)).toEqual(ids(expected));
      for (const node of data.team.states.nodes) {
        const row = expected.find((s) => s.id === node.id)!;
        expect([node.name, node.type]).toEqual([row.name, row.type]);
      }
    }
  });

  it('returns every comment of every issue, with its author and body', () => {
    for (const issue of table('issues').filter((row) =>
      table('comments').some((c) => c.issueId === row.id),
    )) {
      const data = query<{
        issue: { comments: { nodes: Array<{ id: string; body: string; user: { id: string } }> } };
      }>(
        replica,
        `{ issue(id: "${String(issue.identifier)}") { comments { nodes { id body user { id } } } } }`,
      );
      const expected = table('comments').filter((c) => c.issueId === issue.id);
      expect(ids(data.issue.comments.nodes)).toEqual(ids(expected));
      for (const node of data.issue.comments.nodes) {
        const row = expected.find((c) => c.id === node.id)!;
        expect([node.body, node.user.id]).toEqual([row.body, row.userId]);
      }
    }
  });

  it('resolves labels from labelIds and the association table, and relations in both directions', () => {
    for (const issue of table('issues')) {
      const data = query<{
        issue: {
          labels: { nodes: Array<{ id: string }> };
          relations: { nodes: Array<{ id: string }> };
          inverseRelations: { nodes: Array<{ id: string }> };
        };
      }>(
        replica,
        `{ issue(id: "${String(issue.id)}") { labels { nodes { id } } relations { nodes { id } } inverseRelations { nodes { id } } } }`,
      );
      const labelIds = new Set([
        ...((issue.labelIds as string[] | undefined) ?? []),
        ...table('issue_label_issue_association')
          .filter((a) => a.issue_id === issue.id)
          .map((a) => String(a.issue_label_id)),
      ]);
      expect(data.issue.labels.nodes.map((node) => node.id).sort()).toEqual([...labelIds].sort());
      expect(ids(data.issue.relations.nodes)).toEqual(
        ids(table('issue_relations').filter((r) => r.issueId === issue.id)),
      );
      expect(ids(data.issue.inverseRelations.nodes)).toEqual(
        ids(table('issue_relations').filter((r) => r.relatedIssueId === issue.id)),
      );
    }
  });

  it('finds users by email and memberships by team', () => {
    for (const user of table('users').slice(0, 10)) {
      const data = query<{ users: { nodes: Array<{ id: string }> } }>(
        replica,
        `{ users(includeDisabled: true, filter: { email: { eq: "${String(user.email)}" } }) { nodes { id } } }`,
      );
      expect(data.users.nodes.map((node) => node.id)).toEqual([user.id]);
    }
    const memberships = allNodes<{ id: string }>(replica, 'teamMemberships', '', 'id', 10);
    expect(ids(memberships)).toEqual(ids(table('team_memberships').filter(listed)));
  });
});
