// A test-only write model over the starter pack's Linear tables, in a small JSON route
// format of its own (not Linear's GraphQL): enough to drive the loader's derivation of
// `calls` (success, refusal, references, a model fault) without any service's real model.
import type { Row } from '../../src/schema/json.js';
import type { Patch } from '../../src/schema/patch.js';
import type { ApiRequest } from '../../src/services/api.js';
import { charsFrom, type WriteModel, type WriteResult } from '../../src/services/write-model.js';

const refuse = (status: number, error: string): WriteResult => ({
  ok: false,
  refusal: { status, body: { ok: false, error }, summary: error },
});

const bodyOf = (request: ApiRequest): Record<string, unknown> =>
  request.body !== null && typeof request.body === 'object'
    ? (request.body as Record<string, unknown>)
    : {};

export const fakeLinearWriteModel: WriteModel = {
  service: 'linear',
  operations: [
    { name: 'assign', permission: 'any member', serverWritten: ['updatedAt'] },
    { name: 'comment', permission: 'any member', serverWritten: ['id', 'createdAt', 'updatedAt'] },
  ],
  apply(state, actor, request, env) {
    const body = bodyOf(request);
    const stamp = env.now().toISOString();
    if (request.method === 'POST' && request.path === '/test/assign') {
      const issue =
        typeof body.issue === 'string' ? state.get('issues', { id: body.issue }) : undefined;
      if (!issue) return refuse(404, 'issue_not_found');
      const state_ = state.get('workflow_states', { id: issue.stateId as string });
      if (state_?.type === 'completed') return refuse(409, 'issue_completed');
      const assignee =
        typeof body.assignee === 'string' ? state.get('users', { id: body.assignee }) : undefined;
      if (!assignee) return refuse(400, 'invalid_assignee');
      const patch: Patch = [
        {
          op: 'update',
          table: 'issues',
          key: { id: issue.id as string },
          set: { assigneeId: assignee.id as string, updatedAt: stamp },
        },
      ];
      return {
        ok: true,
        status: 200,
        patch,
        response: { issue: { id: issue.id, number: issue.number, assignee: { id: assignee.id } } },
      };
    }
    if (request.method === 'POST' && request.path === '/test/comment') {
      const issue =
        typeof body.issue === 'string' ? state.get('issues', { id: body.issue }) : undefined;
      if (!issue) return refuse(404, 'issue_not_found');
      if (typeof body.body !== 'string' || body.body.trim() === '')
        return refuse(400, 'empty_body');
      const row: Row = {
        id: `cmt-${charsFrom(env, '0123456789abcdef', 12)}`,
        issueId: issue.id as string,
        userId: actor.id,
        body: body.body,
        createdAt: stamp,
        updatedAt: stamp,
      };
      return {
        ok: true,
        status: 200,
        patch: [{ op: 'insert', table: 'comments', row }],
        response: { comment: { id: row.id, position: body.position ?? null } },
      };
    }
    if (request.method === 'POST' && request.path === '/test/update') {
      const issue =
        typeof body.issue === 'string' ? state.get('issues', { id: body.issue }) : undefined;
      if (!issue) return refuse(404, 'issue_not_found');
      const set = (body.set ?? {}) as Row;
      return {
        ok: true,
        status: 200,
        patch: [
          {
            op: 'update',
            table: 'issues',
            key: { id: issue.id as string },
            set: { ...set, updatedAt: stamp },
          },
        ],
        response: { issue: { id: issue.id } },
      };
    }
    if (request.method === 'POST' && request.path === '/test/broken') {
      // Row changes on a row that does not exist: a write-model fault, not a refusal.
      return {
        ok: true,
        status: 200,
        patch: [
          { op: 'update', table: 'issues', key: { id: 'no-such-issue' }, set: { title: 'x' } },
        ],
        response: {},
      };
    }
    return refuse(404, 'unknown_method');
  },
};
