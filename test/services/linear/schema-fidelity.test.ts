import { describe, expect, it } from 'vitest';
import { allNodes, post, query, replicaFor, rowsOf } from './builtin-seed.js';

const replica = replicaFor();
type Issue = { id: string; identifier: string; title: string; description: string | null };
const visibleIssues = () =>
  allNodes<Issue>(replica, 'issues', '', 'id identifier title description', 100);

describe('Linear schema fidelity', () => {
  it('refuses first together with last, as Linear does', () => {
    const response = post(replica, '{ issues(first: 2, last: 2) { nodes { id } } }');
    expect(response.body.errors?.[0]?.message).toMatch(/first and last cannot be used together/);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
  });

  it('has no IssueFilter.identifier: the query fails validation', () => {
    const response = post(
      replica,
      '{ issues(filter: { identifier: { eq: "X-1" } }) { nodes { id } } }',
    );
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.message).toMatch(
      /"identifier" is not defined by type "IssueFilter"/,
    );
  });

  it('filters on searchableContent case-insensitively over identifier, title and description', () => {
    const issues = visibleIssues();
    const word = issues[0]!.title.split(' ')[0]!;
    const data = query<{ issues: { nodes: Array<{ id: string }> } }>(
      replica,
      `{ issues(first: 500, filter: { searchableContent: { contains: "${word.toUpperCase()}" } }) { nodes { id } } }`,
    );
    const expected = issues.filter((issue) =>
      [issue.identifier, issue.title, issue.description ?? '']
        .join('\n')
        .toLowerCase()
        .includes(word.toLowerCase()),
    );
    expect(data.issues.nodes.map((node) => node.id).sort()).toEqual(
      expected.map((issue) => issue.id).sort(),
    );
    const none = query<{ issues: { nodes: unknown[] } }>(
      replica,
      `{ issues(first: 500, filter: { searchableContent: { notContains: "${word}" } }) { nodes { id } } }`,
    );
    expect(none.issues.nodes).toHaveLength(issues.length - expected.length);
  });

  it('serves issueSearch like searchIssues, and every issue without a query', () => {
    const issues = visibleIssues();
    const word = issues[1]!.title.split(' ').at(-1)!;
    const both = query<{
      a: { nodes: Array<{ id: string }> };
      b: { nodes: Array<{ id: string }> };
    }>(
      replica,
      `{ a: issueSearch(query: "${word}", first: 250) { nodes { id } } b: searchIssues(term: "${word}", first: 250) { nodes { id } } }`,
    );
    expect(both.a.nodes.length).toBeGreaterThan(0);
    expect(both.a.nodes).toEqual(both.b.nodes);
    const all = allNodes<{ id: string }>(replica, 'issueSearch', '', 'id', 100);
    expect(all).toHaveLength(issues.length);
  });

  it('lists Organization.labels and Team.projects from the seed', () => {
    const data = query<{
      organization: { labels: { nodes: Array<{ id: string }> } };
      teams: {
        nodes: Array<{
          id: string;
          projects: { nodes: Array<{ name: string; lead: { id: string } | null }> };
        }>;
      };
    }>(
      replica,
      '{ organization { labels(first: 250) { nodes { id } } } teams(first: 50) { nodes { id projects { nodes { name lead { id } } } } } }',
    );
    const labels = query<{ issueLabels: { nodes: Array<{ id: string }> } }>(
      replica,
      '{ issueLabels(first: 250) { nodes { id } } }',
    );
    expect(data.organization.labels.nodes).toEqual(labels.issueLabels.nodes);
    const projects = rowsOf('projects');
    for (const team of data.teams.nodes) {
      const expected = projects.filter((row) => (row.teamIds as string[]).includes(team.id));
      expect(team.projects.nodes.map((node) => node.name).sort()).toEqual(
        expected.map((row) => String(row.name)).sort(),
      );
    }
    expect(data.teams.nodes.flatMap((team) => team.projects.nodes).length).toBeGreaterThan(0);
  });

  it('answers Linear defaults for team settings the seed does not store', () => {
    const data = query<{ teams: { nodes: Array<Record<string, unknown>> } }>(
      replica,
      '{ teams(first: 1) { nodes { issueEstimationType autoArchivePeriod groupIssueHistory inviteHash } } }',
    );
    expect(data.teams.nodes[0]).toMatchObject({
      issueEstimationType: 'notUsed',
      autoArchivePeriod: 6,
      groupIssueHistory: true,
    });
  });
});
