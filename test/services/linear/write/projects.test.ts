import { describe, expect, it } from 'vitest';
import { teamKeyed, userNamed } from '../builtin-seed.js';
import {
  AT,
  call,
  dana,
  refusedWith,
  rowsOf,
  stateAfter,
  streamUuid,
  succeeded,
} from './support.js';

const plat = teamKeyed('PLAT');
const security = teamKeyed('SEC');
const project = (name: string) => rowsOf('projects').find((row) => row.name === name)!;

describe('projectCreate', () => {
  it('inserts the project with its slug, creator, default state and stamps', () => {
    const priya = userNamed('Priya Raman');
    const { patch, response } = succeeded(
      call(
        `mutation { projectCreate(input: { name: "Audit trail", teamIds: ["${String(plat.id)}"], leadId: "${String(priya.id)}" }) { success project { name state lead { name } teams { nodes { key } } } } }`,
      ),
    );
    const id = streamUuid(0);
    expect(patch).toEqual([
      {
        op: 'insert',
        table: 'projects',
        row: {
          id,
          name: 'Audit trail',
          description: '',
          slugId: id.replaceAll('-', '').slice(0, 12),
          state: 'backlog',
          color: '#bec2c8',
          priority: 0,
          progress: 0,
          teamIds: [plat.id],
          leadId: priya.id,
          creatorId: dana.id,
          startDate: null,
          targetDate: null,
          startedAt: null,
          completedAt: null,
          canceledAt: null,
          createdAt: AT,
          updatedAt: AT,
          archivedAt: null,
        },
      },
    ]);
    expect(response.data.projectCreate.project).toEqual({
      name: 'Audit trail',
      state: 'backlog',
      lead: { name: 'Priya Raman' },
      teams: { nodes: [{ key: 'PLAT' }] },
    });
  });

  it('refuses a private team the actor is not in', () => {
    refusedWith(
      call(
        `mutation { projectCreate(input: { name: "x", teamIds: ["${String(security.id)}"] }) { success } }`,
      ),
      'ENTITY_NOT_FOUND',
    );
  });

  it('refuses no team, an unknown state and a missing name', () => {
    refusedWith(
      call('mutation { projectCreate(input: { name: "x", teamIds: [] }) { success } }'),
      'INVALID_INPUT',
    );
    refusedWith(
      call(
        `mutation { projectCreate(input: { name: "x", teamIds: ["${String(plat.id)}"], state: "done" }) { success } }`,
      ),
      'INVALID_INPUT',
    );
    refusedWith(
      call(`mutation { projectCreate(input: { teamIds: ["${String(plat.id)}"] }) { success } }`),
      'GRAPHQL_VALIDATION_FAILED',
      400,
    );
  });
});

describe('projectUpdate', () => {
  it('renames and completes a project: completedAt, canceledAt and updatedAt', () => {
    const target = project('Import pipeline v2');
    const { patch } = succeeded(
      call(
        `mutation { projectUpdate(id: "${String(target.id)}", input: { name: "Import v2", state: "completed" }) { success project { name state } } }`,
      ),
    );
    expect(patch).toEqual([
      {
        op: 'update',
        table: 'projects',
        key: { id: target.id },
        set: {
          name: 'Import v2',
          state: 'completed',
          completedAt: AT,
          canceledAt: null,
          updatedAt: AT,
        },
      },
    ]);
  });

  it('refuses a project none of whose teams the actor can see', () => {
    const hidden = rowsOf('projects')[0]!;
    const state = stateAfter([
      {
        op: 'update',
        table: 'projects',
        key: { id: hidden.id! },
        set: { teamIds: [security.id!] },
      },
    ]);
    const moved = call(
      `mutation { projectUpdate(id: "${String(hidden.id)}", input: { name: "x" }) { success } }`,
      undefined,
      { state },
    );
    refusedWith(moved, 'ENTITY_NOT_FOUND');
  });

  it('refuses an empty name and a deactivated lead', () => {
    const target = project('Import pipeline v2');
    refusedWith(
      call(
        `mutation { projectUpdate(id: "${String(target.id)}", input: { name: "" }) { success } }`,
      ),
      'INVALID_INPUT',
    );
    const marco = userNamed('Marco Díaz');
    refusedWith(
      call(
        `mutation { projectUpdate(id: "${String(target.id)}", input: { leadId: "${String(marco.id)}" }) { success } }`,
      ),
      'INVALID_INPUT',
    );
  });
});
