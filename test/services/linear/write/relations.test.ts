import { describe, expect, it } from 'vitest';
import {
  AT,
  call,
  issue,
  refusedWith,
  rowsOf,
  stateAfter,
  streamUuid,
  succeeded,
  tobias,
} from './support.js';

// WEB-3 blocks WEB-2 in the seed; SEC-2 is related to SEC-6 (private Security team).
const webBlocks = '6db47fa5-98d6-4b66-876e-28c62b67b187';
const inSecurity = 'd60a458e-099d-4b1a-b77e-6dbcd42e27a1';

describe('issueRelationCreate', () => {
  it('inserts the relation with both titles and stamps', () => {
    const from = issue('PLAT-3');
    const to = issue('PLAT-4');
    const { patch, response } = succeeded(
      call(
        'mutation { issueRelationCreate(input: { issueId: "PLAT-3", relatedIssueId: "PLAT-4", type: blocks }) { success issueRelation { type issue { identifier } relatedIssue { identifier } } } }',
      ),
    );
    expect(patch).toEqual([
      {
        op: 'insert',
        table: 'issue_relations',
        row: {
          id: streamUuid(0),
          issueId: from.id,
          relatedIssueId: to.id,
          type: 'blocks',
          issueTitle: from.title,
          relatedIssueTitle: to.title,
          createdAt: AT,
          updatedAt: AT,
        },
      },
    ]);
    expect(response.data.issueRelationCreate.issueRelation).toEqual({
      type: 'blocks',
      issue: { identifier: 'PLAT-3' },
      relatedIssue: { identifier: 'PLAT-4' },
    });
  });

  it('refuses an issue the actor cannot see', () => {
    refusedWith(
      call(
        'mutation { issueRelationCreate(input: { issueId: "PLAT-3", relatedIssueId: "SEC-1", type: related }) { success } }',
      ),
      'ENTITY_NOT_FOUND',
    );
  });

  it('refuses a self-relation, an existing pair, an archived issue and an unknown type', () => {
    refusedWith(
      call(
        'mutation { issueRelationCreate(input: { issueId: "PLAT-3", relatedIssueId: "PLAT-3", type: related }) { success } }',
      ),
      'INVALID_INPUT',
    );
    expect(
      refusedWith(
        call(
          'mutation { issueRelationCreate(input: { issueId: "WEB-2", relatedIssueId: "WEB-3", type: related }) { success } }',
        ),
        'INVALID_INPUT',
      ),
    ).toMatch(/already related/);
    refusedWith(
      call(
        'mutation { issueRelationCreate(input: { issueId: "PLAT-3", relatedIssueId: "PLAT-2", type: related }) { success } }',
      ),
      'INVALID_INPUT',
    );
    refusedWith(
      call(
        'mutation { issueRelationCreate(input: { issueId: "PLAT-3", relatedIssueId: "PLAT-4", type: parent }) { success } }',
      ),
      'GRAPHQL_VALIDATION_FAILED',
      400,
    );
  });
});

describe('issueRelationUpdate', () => {
  it('changes the type and stamps updatedAt', () => {
    const { patch } = succeeded(
      call(
        `mutation { issueRelationUpdate(id: "${webBlocks}", input: { type: "related" }) { success issueRelation { type } } }`,
      ),
    );
    expect(patch).toEqual([
      {
        op: 'update',
        table: 'issue_relations',
        key: { id: webBlocks },
        set: { type: 'related', updatedAt: AT },
      },
    ]);
  });

  it('refuses a relation the actor cannot see', () => {
    refusedWith(
      call(
        `mutation { issueRelationUpdate(id: "${inSecurity}", input: { type: "blocks" }) { success } }`,
      ),
      'ENTITY_NOT_FOUND',
    );
    expect(
      succeeded(
        call(
          `mutation { issueRelationUpdate(id: "${inSecurity}", input: { type: "blocks" }) { success } }`,
          undefined,
          { actor: tobias },
        ),
      ).patch,
    ).toHaveLength(1);
  });

  it('refuses an unknown type', () => {
    refusedWith(
      call(
        `mutation { issueRelationUpdate(id: "${webBlocks}", input: { type: "parent" }) { success } }`,
      ),
      'INVALID_INPUT',
    );
  });
});

describe('issueRelationDelete', () => {
  it('removes the relation row', () => {
    const { patch, response } = succeeded(
      call(`mutation { issueRelationDelete(id: "${webBlocks}") { success entityId } }`),
    );
    expect(patch).toEqual([{ op: 'delete', table: 'issue_relations', key: { id: webBlocks } }]);
    expect(response.data.issueRelationDelete).toEqual({ success: true, entityId: webBlocks });
    expect(stateAfter(patch).rows('issue_relations')).toHaveLength(
      rowsOf('issue_relations').length - 1,
    );
  });

  it('refuses a relation the actor cannot see', () => {
    refusedWith(
      call(`mutation { issueRelationDelete(id: "${inSecurity}") { success } }`),
      'ENTITY_NOT_FOUND',
    );
  });

  it('refuses a relation whose issue is archived, and a missing id', () => {
    const web3 = issue('WEB-3');
    const archived = stateAfter([
      { op: 'update', table: 'issues', key: { id: web3.id! }, set: { archivedAt: AT } },
    ]);
    refusedWith(
      call(`mutation { issueRelationDelete(id: "${webBlocks}") { success } }`, undefined, {
        state: archived,
      }),
      'INVALID_INPUT',
    );
    refusedWith(
      call('mutation { issueRelationDelete { success } }'),
      'GRAPHQL_VALIDATION_FAILED',
      400,
    );
  });
});
