import { describe, expect, it } from 'vitest';
import type { Row } from '../../../src/schema/json.js';
import { LinearTableKeys } from '../../../src/services/linear/index.js';
import { keyString } from '../../../src/state/key.js';
import { builtinSeed, rowsOf } from './builtin-seed.js';

const byId = (table: string) => new Map(rowsOf(table).map((row) => [row.id, row] as const));

describe('the built-in Linear seed (fixtures/packs/builtin/seeds/linear-base.json)', () => {
  it('declares every replica table with the replica key, and keys are unique', () => {
    expect(Object.keys(builtinSeed.tables).sort()).toEqual(Object.keys(LinearTableKeys).sort());
    for (const [table, { key, rows }] of Object.entries(builtinSeed.tables)) {
      expect(key, table).toEqual(LinearTableKeys[table]);
      expect(new Set(rows.map((row) => keyString(key, row))).size, table).toBe(rows.length);
    }
  });

  it('gives every row of a table the same columns, as a real export would', () => {
    for (const [table, { rows }] of Object.entries(builtinSeed.tables)) {
      const columns = JSON.stringify(Object.keys(rows[0] ?? {}).sort());
      for (const row of rows)
        expect(JSON.stringify(Object.keys(row).sort()), `${table} ${String(row.id ?? '')}`).toBe(
          columns,
        );
    }
  });

  it('is big enough that a verifier must search', () => {
    expect(rowsOf('users').length).toBeGreaterThanOrEqual(25);
    expect(rowsOf('teams').length).toBeGreaterThanOrEqual(5);
    expect(rowsOf('teams').length).toBeLessThanOrEqual(7);
    expect(rowsOf('issues').length).toBeGreaterThanOrEqual(150);
    expect(rowsOf('issues').length).toBeLessThanOrEqual(400);
    expect(rowsOf('teams').filter((team) => team.private === true)).toHaveLength(1);
    expect(new Set(rowsOf('issue_relations').map((relation) => relation.type))).toEqual(
      new Set(['blocks', 'related', 'duplicate']),
    );
  });

  it('holds near-duplicate names that trap careless selectors', () => {
    const names = rowsOf('users').map((user) => String(user.name));
    expect(names.filter((name) => name.startsWith('Priya Raman'))).toHaveLength(2);
    expect(names.filter((name) => name.startsWith('Greta Lindqvist'))).toHaveLength(2);
    const sameTitle = rowsOf('issues').filter(
      (issue) => issue.title === 'Offline sync drops queued edits',
    );
    expect(new Set(sameTitle.map((issue) => issue.teamId)).size).toBe(sameTitle.length);
    expect(sameTitle.length).toBe(2);
  });

  it("links consistently: states of the issue's team, existing users, parents, relations, label links", () => {
    const states = byId('workflow_states');
    const users = byId('users');
    const issues = byId('issues');
    const links = new Set(
      rowsOf('issue_label_issue_association').map(
        (link) => `${String(link.issue_id)}|${String(link.issue_label_id)}`,
      ),
    );
    const identifiers = new Set<unknown>();
    for (const issue of rowsOf('issues')) {
      expect(states.get(issue.stateId)?.teamId, String(issue.identifier)).toBe(issue.teamId);
      expect(issue.assigneeId === null || users.has(issue.assigneeId)).toBe(true);
      expect(issue.parentId === null || issues.get(issue.parentId)?.teamId === issue.teamId).toBe(
        true,
      );
      identifiers.add(issue.identifier);
      const labelIds = issue.labelIds as string[];
      for (const labelId of labelIds)
        expect(links.has(`${String(issue.id)}|${labelId}`)).toBe(true);
    }
    expect(identifiers.size).toBe(rowsOf('issues').length);
    expect(links.size).toBe(
      rowsOf('issues').reduce((sum, issue) => sum + (issue.labelIds as string[]).length, 0),
    );
    for (const relation of rowsOf('issue_relations') as Row[]) {
      expect(issues.has(relation.issueId) && issues.has(relation.relatedIssueId)).toBe(true);
      expect(relation.issueId).not.toBe(relation.relatedIssueId);
    }
  });

  it('stamps lifecycle timestamps the way the service does', () => {
    const states = byId('workflow_states');
    for (const issue of rowsOf('issues')) {
      const type = states.get(issue.stateId)?.type;
      expect(issue.completedAt !== null, String(issue.identifier)).toBe(type === 'completed');
      expect(issue.canceledAt !== null, String(issue.identifier)).toBe(type === 'canceled');
      expect(Date.parse(String(issue.updatedAt))).toBeGreaterThanOrEqual(
        Date.parse(String(issue.createdAt)),
      );
    }
  });
});
