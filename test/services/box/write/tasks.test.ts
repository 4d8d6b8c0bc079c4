import { describe, expect, it } from 'vitest';
import { get } from '../fixture.js';
import {
  BOX_ID,
  expectRefusal,
  inserted,
  NOW,
  patchOf,
  priyaDesai,
  priyaRaman,
  runSequence,
  stateAfter,
  TEMPLATES,
  withCollaborator,
  write,
} from './helpers.js';

const BRIEF = '5488105744'; // Millbrook brief (Marta's), Priya Raman and Priya Desai edit it
const TASK = '2814221282'; // Marta's review task on it, assigned to Priya Raman, incomplete
const ASSIGNMENT = '5222497028';
const TEMPLATE = '5656050396';

describe('POST /tasks', () => {
  it('inserts the task with Box’s defaults', () => {
    const result = write({
      method: 'POST',
      path: '/tasks',
      body: {
        item: { type: 'file', id: BRIEF },
        message: 'Check levels',
        due_at: '2026-03-20T17:00:00+00:00',
      },
    });
    const [row] = inserted(patchOf(result), 'box_tasks');
    expect(row).toEqual({
      id: expect.stringMatching(BOX_ID),
      type: 'task',
      item_id: BRIEF,
      item_type: 'file',
      message: 'Check levels',
      created_by_id: '20417350118',
      created_at: NOW,
      is_completed: false,
      action: 'review',
      completion_rule: 'all_assignees',
      due_at: '2026-03-20T17:00:00+00:00',
    });
    const state = stateAfter(result);
    expect(get(`/tasks/${row!.id}`, undefined, { state }).body).toMatchObject({
      message: 'Check levels',
    });
  });

  it('is refused 403 for a previewer and 400 for an unknown action', () => {
    const state = withCollaborator('previewer');
    expectRefusal(
      write(
        { method: 'POST', path: '/tasks', body: { item: { type: 'file', id: TEMPLATE } } },
        { actor: priyaDesai, state },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(
      write({
        method: 'POST',
        path: '/tasks',
        body: { item: { type: 'file', id: BRIEF }, action: 'approve' },
      }),
      400,
      'bad_request',
    );
  });
});

describe('PUT /tasks/:id and DELETE /tasks/:id', () => {
  it('lets the creator change and delete the task (with its assignments)', () => {
    expect(
      patchOf(
        write({ method: 'PUT', path: `/tasks/${TASK}`, body: { message: 'Review by Friday' } }),
      ),
    ).toEqual([
      { op: 'update', table: 'box_tasks', key: { id: TASK }, set: { message: 'Review by Friday' } },
    ]);
    const result = write({ method: 'DELETE', path: `/tasks/${TASK}` });
    expect(patchOf(result)).toEqual([
      { op: 'delete', table: 'box_task_assignments', key: { id: ASSIGNMENT } },
      { op: 'delete', table: 'box_tasks', key: { id: TASK } },
    ]);
    expect(get(`/tasks/${TASK}`, undefined, { state: stateAfter(result) }).status).toBe(404);
  });

  it('is refused 403 for an editor who did not create it, 400 for a bad completion rule', () => {
    expectRefusal(
      write({ method: 'DELETE', path: `/tasks/${TASK}` }, { actor: priyaDesai }),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(
      write({ method: 'PUT', path: `/tasks/${TASK}`, body: { completion_rule: 'most' } }),
      400,
      'bad_request',
    );
  });
});

describe('POST /task_assignments', () => {
  it('assigns a user who can see the file; the task is open again', () => {
    const result = write({
      method: 'POST',
      path: '/task_assignments',
      body: {
        task: { type: 'task', id: TASK },
        assign_to: { login: 'priya.desai@fernhill-studio.example' },
      },
    });
    const [row] = inserted(patchOf(result), 'box_task_assignments');
    expect(row).toEqual({
      id: expect.stringMatching(BOX_ID),
      type: 'task_assignment',
      task_id: TASK,
      assigned_to_id: priyaDesai.id,
      assigned_by_id: '20417350118',
      message: 'Review the brief before it goes to the governors.',
      resolution_state: 'incomplete',
      assigned_at: NOW,
      completed_at: null,
      reminded_at: null,
    });
    expect(patchOf(result)).toHaveLength(1); // it was incomplete already
    const state = stateAfter(result);
    expect(get(`/tasks/${TASK}/assignments`, undefined, { state }).body.total_count).toBe(2);
  });

  it('refuses an assignee who cannot see the file (400 task_assignee_not_allowed), and a viewer-less actor 404', () => {
    const onTemplate = stateAfter(
      write({ method: 'POST', path: '/tasks', body: { item: { type: 'file', id: TEMPLATE } } }),
    );
    const task = onTemplate.rows('box_tasks').find((row) => row.item_id === TEMPLATE)!;
    expectRefusal(
      write(
        {
          method: 'POST',
          path: '/task_assignments',
          body: { task: { id: task.id }, assign_to: { id: priyaDesai.id } },
        },
        { state: onTemplate },
      ),
      400,
      'task_assignee_not_allowed',
    );
    expectRefusal(
      write(
        {
          method: 'POST',
          path: '/task_assignments',
          body: { task: { id: task.id }, assign_to: { id: priyaRaman.id } },
        },
        { state: onTemplate, actor: priyaDesai },
      ),
      404,
      'not_found',
    );
    expect(TEMPLATES).toBe('5490953068');
  });
});

describe('PUT /task_assignments/:id', () => {
  it('lets the assignee approve; completed_at is stamped and the task completes', () => {
    const result = write(
      {
        method: 'PUT',
        path: `/task_assignments/${ASSIGNMENT}`,
        body: { resolution_state: 'approved' },
      },
      { actor: priyaRaman },
    );
    expect(patchOf(result)).toEqual([
      {
        op: 'update',
        table: 'box_task_assignments',
        key: { id: ASSIGNMENT },
        set: { resolution_state: 'approved', completed_at: NOW },
      },
      { op: 'update', table: 'box_tasks', key: { id: TASK }, set: { is_completed: true } },
    ]);
    const state = stateAfter(result);
    expect(get(`/tasks/${TASK}`, undefined, { state }).body.is_completed).toBe(true);
  });

  it('is refused 403 for anyone but the assignee, 400 for a state a review task lacks', () => {
    expectRefusal(
      write({
        method: 'PUT',
        path: `/task_assignments/${ASSIGNMENT}`,
        body: { resolution_state: 'approved' },
      }),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(
      write(
        {
          method: 'PUT',
          path: `/task_assignments/${ASSIGNMENT}`,
          body: { resolution_state: 'completed' },
        },
        { actor: priyaRaman },
      ),
      400,
      'bad_request',
    );
  });
});

describe('DELETE /task_assignments/:id', () => {
  it('lets the assigner remove an assignment; a completed task with none left is open', () => {
    const state = runSequence(
      [
        {
          method: 'PUT',
          path: `/task_assignments/${ASSIGNMENT}`,
          body: { resolution_state: 'approved' },
        },
      ],
      { actor: priyaRaman },
    );
    expect(
      patchOf(write({ method: 'DELETE', path: `/task_assignments/${ASSIGNMENT}` }, { state })),
    ).toEqual([
      { op: 'delete', table: 'box_task_assignments', key: { id: ASSIGNMENT } },
      { op: 'update', table: 'box_tasks', key: { id: TASK }, set: { is_completed: false } },
    ]);
  });

  it('is refused 403 for the assignee and 404 for an unknown id', () => {
    expectRefusal(
      write({ method: 'DELETE', path: `/task_assignments/${ASSIGNMENT}` }, { actor: priyaRaman }),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(write({ method: 'DELETE', path: '/task_assignments/1' }), 404, 'not_found');
  });
});
