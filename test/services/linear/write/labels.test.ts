import { describe, expect, it } from 'vitest';
import { teamKeyed } from '../builtin-seed.js';
import {
  AT,
  builtinState,
  call,
  dana,
  issue,
  labelNamed,
  refusedWith,
  rowsOf,
  stateAfter,
  streamUuid,
  succeeded,
  tobias,
} from './support.js';

const plat = teamKeyed('PLAT');
const organizationId = rowsOf('organizations')[0]!.id;

describe('issueLabelCreate', () => {
  it('inserts a team label with the workspace, creator and stamps', () => {
    const { patch, response } = succeeded(
      call(
        `mutation { issueLabelCreate(input: { name: "data-loss", color: "#EB5757", teamId: "${String(plat.id)}" }) { success issueLabel { name team { key } creator { name } } } }`,
      ),
    );
    expect(patch).toEqual([
      {
        op: 'insert',
        table: 'issue_labels',
        row: {
          id: streamUuid(0),
          organizationId,
          teamId: plat.id,
          color: '#EB5757',
          createdAt: AT,
          updatedAt: AT,
          name: 'data-loss',
          description: null,
          isGroup: false,
          archivedAt: null,
          retiredAt: null,
          parentId: null,
          creatorId: dana.id,
          inheritedFromId: null,
          lastAppliedAt: null,
        },
      },
    ]);
    expect(response.data.issueLabelCreate.issueLabel).toEqual({
      name: 'data-loss',
      team: { key: 'PLAT' },
      creator: { name: 'Dana Whitfield' },
    });
  });

  it('picks a palette colour from the id stream when none is given', () => {
    const { patch } = succeeded(
      call('mutation { issueLabelCreate(input: { name: "flaky" }) { success } }'),
    );
    expect(patch[0]?.op === 'insert' && patch[0].row.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('groups: a label in a group, at most one per issue', () => {
    const group = succeeded(
      call(
        'mutation { issueLabelCreate(input: { id: "11111111-1111-4111-8111-111111111111", name: "Area", isGroup: true }) { success } }',
      ),
    );
    let state = stateAfter(group.patch);
    for (const [id, name] of [
      ['22222222-2222-4222-8222-222222222222', 'api'],
      ['33333333-3333-4333-8333-333333333333', 'ui'],
    ])
      state = stateAfter(
        succeeded(
          call(
            `mutation { issueLabelCreate(input: { id: "${id}", name: "${name}", parentId: "11111111-1111-4111-8111-111111111111" }) { success } }`,
            undefined,
            { state },
          ),
        ).patch,
        state,
      );
    const both = call(
      'mutation { issueUpdate(id: "PLAT-4", input: { labelIds: ["22222222-2222-4222-8222-222222222222", "33333333-3333-4333-8333-333333333333"] }) { success } }',
      undefined,
      { state },
    );
    expect(refusedWith(both, 'INVALID_INPUT')).toMatch(/same group/);
    const onGroup = call(
      'mutation { issueAddLabel(id: "PLAT-4", labelId: "11111111-1111-4111-8111-111111111111") { success } }',
      undefined,
      { state },
    );
    expect(refusedWith(onGroup, 'INVALID_INPUT')).toMatch(/label group/);
  });

  it('refuses a private team the actor is not in', () => {
    const security = teamKeyed('SEC');
    refusedWith(
      call(
        `mutation { issueLabelCreate(input: { name: "x", teamId: "${String(security.id)}" }) { success } }`,
      ),
      'ENTITY_NOT_FOUND',
    );
  });

  it('refuses a duplicate name, a bad colour and a missing name', () => {
    expect(
      refusedWith(
        call('mutation { issueLabelCreate(input: { name: "Bug" }) { success } }'),
        'INVALID_INPUT',
      ),
    ).toMatch(/already exists/);
    refusedWith(
      call('mutation { issueLabelCreate(input: { name: "y", color: "red" }) { success } }'),
      'INVALID_INPUT',
    );
    refusedWith(
      call('mutation { issueLabelCreate(input: { color: "#ffffff" }) { success } }'),
      'GRAPHQL_VALIDATION_FAILED',
      400,
    );
  });
});

describe('issueLabelUpdate', () => {
  it('renames a label and stamps updatedAt', () => {
    const label = labelNamed('tech-debt');
    const { patch } = succeeded(
      call(
        `mutation { issueLabelUpdate(id: "${String(label.id)}", input: { name: "debt" }) { success issueLabel { name } } }`,
      ),
    );
    expect(patch).toEqual([
      {
        op: 'update',
        table: 'issue_labels',
        key: { id: label.id },
        set: { name: 'debt', updatedAt: AT },
      },
    ]);
  });

  it('refuses a label of a private team the actor is not in', () => {
    const pentest = labelNamed('pentest');
    refusedWith(
      call(
        `mutation { issueLabelUpdate(id: "${String(pentest.id)}", input: { name: "x" }) { success } }`,
      ),
      'ENTITY_NOT_FOUND',
    );
    expect(
      succeeded(
        call(
          `mutation { issueLabelUpdate(id: "${String(pentest.id)}", input: { name: "pen-test" }) { success } }`,
          undefined,
          { actor: tobias },
        ),
      ).patch,
    ).toHaveLength(1);
  });

  it('refuses a name another label has and a parent that is not a group', () => {
    const label = labelNamed('tech-debt');
    refusedWith(
      call(
        `mutation { issueLabelUpdate(id: "${String(label.id)}", input: { name: "feature" }) { success } }`,
      ),
      'INVALID_INPUT',
    );
    refusedWith(
      call(
        `mutation { issueLabelUpdate(id: "${String(label.id)}", input: { parentId: "${String(labelNamed('bug').id)}" }) { success } }`,
      ),
      'INVALID_INPUT',
    );
  });
});

describe('issueLabelDelete', () => {
  it("removes the label and every issue's use of it", () => {
    const bug = labelNamed('bug');
    const { patch, response } = succeeded(
      call(`mutation { issueLabelDelete(id: "${String(bug.id)}") { success entityId } }`),
    );
    expect(response.data.issueLabelDelete).toEqual({ success: true, entityId: bug.id });
    const carrying = rowsOf('issues').filter(
      (row) => Array.isArray(row.labelIds) && row.labelIds.includes(bug.id!),
    );
    const joined = rowsOf('issue_label_issue_association').filter(
      (row) => row.issue_label_id === bug.id,
    );
    expect(carrying.length).toBeGreaterThan(0);
    expect(patch).toHaveLength(carrying.length + joined.length + 1);
    expect(patch.at(-1)).toEqual({ op: 'delete', table: 'issue_labels', key: { id: bug.id } });
    const plat1 = issue('PLAT-1');
    expect(patch).toContainEqual({
      op: 'update',
      table: 'issues',
      key: { id: plat1.id },
      set: { labelIds: [] },
    });
    const after = stateAfter(patch);
    expect(
      after.rows('issue_label_issue_association').some((row) => row.issue_label_id === bug.id),
    ).toBe(false);
    expect(
      builtinState.rows('issue_label_issue_association').length -
        after.rows('issue_label_issue_association').length,
    ).toBe(joined.length);
  });

  it('refuses a label the actor cannot see', () => {
    refusedWith(
      call(`mutation { issueLabelDelete(id: "${String(labelNamed('pentest').id)}") { success } }`),
      'ENTITY_NOT_FOUND',
    );
  });

  it('refuses an archived label and a missing id', () => {
    const bug = labelNamed('bug');
    const archived = stateAfter([
      {
        op: 'update',
        table: 'issue_labels',
        key: { id: bug.id! },
        set: { archivedAt: '2026-03-01T00:00:00.000Z' },
      },
    ]);
    refusedWith(
      call(`mutation { issueLabelDelete(id: "${String(bug.id)}") { success } }`, undefined, {
        state: archived,
      }),
      'INVALID_INPUT',
    );
    refusedWith(
      call('mutation { issueLabelDelete { success } }'),
      'GRAPHQL_VALIDATION_FAILED',
      400,
    );
  });
});
