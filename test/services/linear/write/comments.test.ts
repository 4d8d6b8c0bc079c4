import { describe, expect, it } from 'vitest';
import { createLinearReplica } from '../../../../src/services/linear/index.js';
import {
  AT,
  call,
  dana,
  issue,
  priya,
  refusedWith,
  rowsOf,
  stateAfter,
  streamUuid,
  succeeded,
  tobias,
} from './support.js';

// A comment of Priya Raman's on MOB-1 (live issue), and one on an archived issue (MOB-9).
const priyasComment = '908e7e69-5bb2-43eb-88b9-30ba82c84e8f';
const onArchivedIssue = '77725c5b-b5bd-468a-a127-89b5e939b14f';
// A comment on SEC-1, in the private Security team.
const inSecurity = '9f7283e4-0e1b-41f0-beed-046d4d865f4b';

const paragraph = (text: string) =>
  JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
  });

describe('commentCreate', () => {
  it('inserts the comment with its author, rich-text body, url and stamps', () => {
    const target = issue('PLAT-3');
    const { patch, response } = succeeded(
      call(
        'mutation { commentCreate(input: { issueId: "PLAT-3", body: "Taking this one." }) { success comment { body user { name } issue { identifier } } } }',
      ),
    );
    const id = streamUuid(0);
    expect(patch).toEqual([
      {
        op: 'insert',
        table: 'comments',
        row: {
          id,
          issueId: target.id,
          userId: dana.id,
          body: 'Taking this one.',
          bodyData: paragraph('Taking this one.'),
          reactionData: {},
          editedAt: null,
          archivedAt: null,
          createdAt: AT,
          updatedAt: AT,
          url: `https://linear.app/kestrel/issue/PLAT-3#comment-${id.slice(0, 8)}`,
        },
      },
    ]);
    expect(response.data.commentCreate).toEqual({
      success: true,
      comment: {
        body: 'Taking this one.',
        user: { name: 'Dana Whitfield' },
        issue: { identifier: 'PLAT-3' },
      },
    });
    const read = createLinearReplica(stateAfter(patch), priya).handle({
      method: 'POST',
      path: 'graphql',
      body: { query: '{ issue(id: "PLAT-3") { comments { nodes { body } } } }' },
    });
    expect(JSON.stringify(read.body)).toContain('Taking this one.');
  });

  it('uses a client-given UUID as the id', () => {
    const id = '0b7c1f2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
    const { patch } = succeeded(
      call(
        `mutation { commentCreate(input: { id: "${id}", issueId: "PLAT-3", body: "x" }) { success } }`,
      ),
    );
    expect(patch[0]).toMatchObject({ row: { id } });
  });

  it('refuses an issue in a private team the actor is not in, and an archived issue', () => {
    refusedWith(
      call('mutation { commentCreate(input: { issueId: "SEC-1", body: "x" }) { success } }'),
      'ENTITY_NOT_FOUND',
    );
    refusedWith(
      call('mutation { commentCreate(input: { issueId: "MOB-9", body: "x" }) { success } }'),
      'INVALID_INPUT',
    );
  });

  it('refuses an empty body, a malformed id and a missing body', () => {
    refusedWith(
      call('mutation { commentCreate(input: { issueId: "PLAT-3", body: "" }) { success } }'),
      'INVALID_INPUT',
    );
    refusedWith(
      call(
        'mutation { commentCreate(input: { id: "c-1", issueId: "PLAT-3", body: "x" }) { success } }',
      ),
      'INVALID_INPUT',
    );
    refusedWith(
      call('mutation { commentCreate(input: { issueId: "PLAT-3" }) { success } }'),
      'GRAPHQL_VALIDATION_FAILED',
      400,
    );
  });
});

describe('commentUpdate', () => {
  it("edits the author's own comment: body, bodyData, editedAt, updatedAt", () => {
    const { patch, response } = succeeded(
      call(
        `mutation { commentUpdate(id: "${priyasComment}", input: { body: "Edited." }) { success comment { body editedAt } } }`,
        undefined,
        { actor: priya },
      ),
    );
    expect(patch).toEqual([
      {
        op: 'update',
        table: 'comments',
        key: { id: priyasComment },
        set: { updatedAt: AT, body: 'Edited.', bodyData: paragraph('Edited.'), editedAt: AT },
      },
    ]);
    expect(response.data.commentUpdate.comment).toEqual({ body: 'Edited.', editedAt: AT });
  });

  it("refuses another user's comment (even for an admin) and one the actor cannot see", () => {
    expect(
      refusedWith(
        call(
          `mutation { commentUpdate(id: "${priyasComment}", input: { body: "x" }) { success } }`,
        ),
        'FORBIDDEN',
      ),
    ).toMatch(/author/);
    refusedWith(
      call(`mutation { commentUpdate(id: "${inSecurity}", input: { body: "x" }) { success } }`),
      'ENTITY_NOT_FOUND',
    );
  });

  it('refuses an empty body, a comment on an archived issue and a missing input', () => {
    refusedWith(
      call(
        `mutation { commentUpdate(id: "${priyasComment}", input: { body: " " }) { success } }`,
        undefined,
        { actor: priya },
      ),
      'INVALID_INPUT',
    );
    refusedWith(
      call(
        `mutation { commentUpdate(id: "${onArchivedIssue}", input: { body: "x" }) { success } }`,
        undefined,
        { actor: priya },
      ),
      'INVALID_INPUT',
    );
    refusedWith(
      call(`mutation { commentUpdate(id: "${priyasComment}") { success } }`),
      'GRAPHQL_VALIDATION_FAILED',
      400,
    );
  });
});

describe('commentDelete', () => {
  it('removes the comment for its author, and for an admin', () => {
    const expected = [{ op: 'delete', table: 'comments', key: { id: priyasComment } }];
    const own = succeeded(
      call(`mutation { commentDelete(id: "${priyasComment}") { success entityId } }`, undefined, {
        actor: priya,
      }),
    );
    expect(own.patch).toEqual(expected);
    expect(own.response.data.commentDelete).toEqual({ success: true, entityId: priyasComment });
    expect(
      succeeded(call(`mutation { commentDelete(id: "${priyasComment}") { success } }`)).patch,
    ).toEqual(expected);
    expect(stateAfter(own.patch).get('comments', { id: priyasComment })).toBeUndefined();
  });

  it("refuses another member's comment for a non-admin, and one the actor cannot see", () => {
    refusedWith(
      call(`mutation { commentDelete(id: "${priyasComment}") { success } }`, undefined, {
        actor: tobias,
      }),
      'FORBIDDEN',
    );
    refusedWith(
      call(`mutation { commentDelete(id: "${inSecurity}") { success } }`),
      'ENTITY_NOT_FOUND',
    );
  });

  it('refuses a comment on an archived issue and a missing id', () => {
    refusedWith(
      call(`mutation { commentDelete(id: "${onArchivedIssue}") { success } }`, undefined, {
        actor: priya,
      }),
      'INVALID_INPUT',
    );
    refusedWith(call('mutation { commentDelete { success } }'), 'GRAPHQL_VALIDATION_FAILED', 400);
    expect(rowsOf('comments').some((row) => row.id === onArchivedIssue)).toBe(true);
  });
});
