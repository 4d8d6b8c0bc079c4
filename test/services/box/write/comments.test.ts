import { describe, expect, it } from 'vitest';
import { baseState, get, marta } from '../fixture.js';
import {
  BOX_ID,
  expectRefusal,
  inserted,
  NOW,
  patchOf,
  priyaDesai,
  priyaRaman,
  stateAfter,
  withCollaborator,
  write,
} from './helpers.js';

const TEMPLATE = '5656050396'; // Templates/Meeting notes template.md, comment_count 1
const MILLBROOK_BRIEF = '5488105744'; // Marta's; Priya Raman edits it through Projects
const RAMAN_COMMENT = '2133022181'; // Priya Raman's, on the Millbrook brief
const MARTA_COMMENT = '8655779054'; // Marta's, on the Millbrook brief

describe('POST /comments', () => {
  it('inserts the comment and counts it on the file; a viewer may comment', () => {
    const result = write(
      {
        method: 'POST',
        path: '/comments',
        body: { item: { type: 'file', id: TEMPLATE }, message: 'Add a date line.' },
      },
      { actor: priyaRaman },
    );
    const patch = patchOf(result);
    const [row] = inserted(patch, 'box_comments');
    expect(row).toEqual({
      id: expect.stringMatching(BOX_ID),
      type: 'comment',
      item_id: TEMPLATE,
      file_id: TEMPLATE,
      item_type: 'file',
      message: 'Add a date line.',
      created_by_id: priyaRaman.id,
      created_at: NOW,
      modified_at: NOW,
      is_reply_comment: false,
    });
    expect(patch[1]).toEqual({
      op: 'update',
      table: 'box_files',
      key: { id: TEMPLATE },
      set: { comment_count: 2 },
    });
    const state = stateAfter(result);
    expect(
      get(`/files/${TEMPLATE}/comments`, undefined, { state, actor: priyaRaman }).body.total_count,
    ).toBe(2);
    if (result.ok)
      expect(result.response).toMatchObject({ id: row!.id, created_by: { id: priyaRaman.id } });
  });

  it('replies to a comment on the comment’s file', () => {
    const patch = patchOf(
      write({
        method: 'POST',
        path: '/comments',
        body: { item: { type: 'comment', id: RAMAN_COMMENT }, message: 'Agreed.' },
      }),
    );
    expect(inserted(patch, 'box_comments')[0]).toMatchObject({
      item_id: RAMAN_COMMENT,
      item_type: 'comment',
      file_id: MILLBROOK_BRIEF,
      is_reply_comment: true,
    });
  });

  it('is refused 403 for a previewer and 400 without a message', () => {
    const state = withCollaborator('previewer');
    expectRefusal(
      write(
        {
          method: 'POST',
          path: '/comments',
          body: { item: { type: 'file', id: TEMPLATE }, message: 'Hi' },
        },
        { actor: priyaDesai, state },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(
      write({
        method: 'POST',
        path: '/comments',
        body: { item: { type: 'file', id: TEMPLATE }, message: ' ' },
      }),
      400,
      'bad_request',
    );
  });
});

describe('PUT /comments/:id', () => {
  it('changes the author’s own message and its modified_at', () => {
    const result = write({
      method: 'PUT',
      path: `/comments/${MARTA_COMMENT}`,
      body: { message: 'Updated.' },
    });
    expect(patchOf(result)).toEqual([
      {
        op: 'update',
        table: 'box_comments',
        key: { id: MARTA_COMMENT },
        set: { message: 'Updated.', modified_at: NOW },
      },
    ]);
    const state = stateAfter(result);
    expect(get(`/comments/${MARTA_COMMENT}`, undefined, { state }).body.message).toBe('Updated.');
  });

  it('is refused 403 for someone else’s comment (even the file’s owner) and 400 for an empty message', () => {
    expectRefusal(
      write({
        method: 'PUT',
        path: `/comments/${RAMAN_COMMENT}`,
        body: { message: 'Edited by Marta' },
      }),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(
      write({ method: 'PUT', path: `/comments/${MARTA_COMMENT}`, body: {} }),
      400,
      'bad_request',
    );
  });
});

describe('DELETE /comments/:id', () => {
  it('lets the file’s owner delete another’s comment, and uncounts it', () => {
    const before = Number(baseState.get('box_files', { id: MILLBROOK_BRIEF })!.comment_count);
    const result = write({ method: 'DELETE', path: `/comments/${RAMAN_COMMENT}` });
    expect(patchOf(result)).toEqual([
      { op: 'delete', table: 'box_comments', key: { id: RAMAN_COMMENT } },
      {
        op: 'update',
        table: 'box_files',
        key: { id: MILLBROOK_BRIEF },
        set: { comment_count: before - 1 },
      },
    ]);
    const state = stateAfter(result);
    expect(get(`/comments/${RAMAN_COMMENT}`, undefined, { state }).status).toBe(404);
    expect(marta.id).not.toBe(priyaRaman.id);
  });

  it('is refused 403 for an editor deleting another’s comment, 404 for an unknown one', () => {
    expectRefusal(
      write({ method: 'DELETE', path: `/comments/${MARTA_COMMENT}` }, { actor: priyaRaman }),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(write({ method: 'DELETE', path: '/comments/1' }), 404, 'not_found');
  });
});
