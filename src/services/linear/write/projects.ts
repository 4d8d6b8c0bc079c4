import type { Row } from '../../../schema/json.js';
import { uuidFrom } from '../../write-model.js';
import { entityNotFound } from '../errors.js';
import { LINEAR_TABLES } from '../tables.js';
import { text } from '../view.js';
import {
  commit,
  invalidInput,
  lastSyncId,
  live,
  type MutationGroup,
  newId,
  nowOf,
  type WriteContext,
  writableTeam,
} from './context.js';

const PROJECTS = LINEAR_TABLES.projects;
const STATES = ['backlog', 'planned', 'started', 'paused', 'completed', 'canceled'];
const COLOR = /^#[0-9a-fA-F]{6}$/;

interface ProjectInput {
  id?: string | null;
  name?: string | null;
  teamIds?: readonly string[] | null;
  description?: string | null;
  color?: string | null;
  state?: string | null;
  leadId?: string | null;
  priority?: number | null;
  startDate?: string | null;
  targetDate?: string | null;
}

function projectPayload(context: WriteContext, projectId: string): Row {
  return {
    success: true,
    lastSyncId: lastSyncId(context),
    project: context.view.projectById(projectId) ?? null,
  };
}

function checkTeams(context: WriteContext, teamIds: readonly string[]): string[] {
  if (teamIds.length === 0) throw invalidInput('a project needs at least one team.');
  return [...new Set(teamIds.map((id) => text(writableTeam(context, id), 'id') ?? id))];
}

function checkLead(context: WriteContext, leadId: string): string {
  const lead = context.view.userById(leadId);
  if (!lead) throw entityNotFound('User');
  if (lead.active === false)
    throw invalidInput(`user ${text(lead, 'name') ?? leadId} is deactivated.`);
  return leadId;
}

/** The plain fields of a project input, checked; the lifecycle stamp its state implies. */
function fieldsOf(
  context: WriteContext,
  input: ProjectInput,
  current: Row | null,
  at: string,
): Row {
  const set: Row = {};
  if (typeof input.name === 'string') {
    if (input.name.trim() === '') throw invalidInput('name must not be empty.');
    set.name = input.name;
  }
  if (input.description !== undefined) set.description = input.description ?? '';
  if (typeof input.color === 'string') {
    if (!COLOR.test(input.color))
      throw invalidInput(`color must be a hex colour, got ${JSON.stringify(input.color)}.`);
    set.color = input.color;
  }
  if (input.leadId !== undefined)
    set.leadId = input.leadId === null ? null : checkLead(context, input.leadId);
  if (typeof input.priority === 'number') {
    if (input.priority < 0 || input.priority > 4)
      throw invalidInput(`priority must be between 0 and 4, got ${input.priority}.`);
    set.priority = input.priority;
  }
  if (input.startDate !== undefined) set.startDate = input.startDate;
  if (input.targetDate !== undefined) set.targetDate = input.targetDate;
  if (typeof input.state === 'string' && input.state !== current?.state) {
    if (!STATES.includes(input.state))
      throw invalidInput(
        `state must be one of ${STATES.join(', ')}, got ${JSON.stringify(input.state)}.`,
      );
    set.state = input.state;
    if (input.state === 'started' && (current?.startedAt ?? null) === null) set.startedAt = at;
    set.completedAt = input.state === 'completed' ? at : null;
    set.canceledAt = input.state === 'canceled' ? at : null;
  }
  return set;
}

function projectCreate(context: WriteContext, input: ProjectInput): Row {
  if (!context.state.hasTable(PROJECTS))
    throw invalidInput('projects are not enabled in this workspace.');
  const teamIds = checkTeams(context, input.teamIds ?? []);
  const at = nowOf(context);
  const fields = fieldsOf(context, { state: 'backlog', ...input }, null, at);
  const id = newId(context, PROJECTS, input.id, () => uuidFrom(context.env));
  const row: Row = {
    id,
    name: '',
    description: '',
    slugId: id.replaceAll('-', '').slice(0, 12),
    state: 'backlog',
    color: '#bec2c8',
    priority: 0,
    progress: 0,
    teamIds,
    leadId: null,
    creatorId: context.actor.id,
    startDate: null,
    targetDate: null,
    startedAt: null,
    completedAt: null,
    canceledAt: null,
    createdAt: at,
    updatedAt: at,
    archivedAt: null,
    ...fields,
  };
  commit(context, [{ op: 'insert', table: PROJECTS, row }]);
  return projectPayload(context, id);
}

function projectUpdate(context: WriteContext, id: string, input: ProjectInput): Row {
  const project = live(context.view.projectById(id), 'Project');
  const projectId = text(project, 'id') ?? '';
  const at = nowOf(context);
  const set = fieldsOf(context, input, project, at);
  if (input.teamIds !== undefined && input.teamIds !== null)
    set.teamIds = checkTeams(context, input.teamIds);
  set.updatedAt = at;
  commit(context, [{ op: 'update', table: PROJECTS, key: { id: projectId }, set }]);
  return projectPayload(context, projectId);
}

export const projectMutations: MutationGroup = {
  resolvers: {
    projectCreate: (_source, args: { input: ProjectInput }, context) =>
      projectCreate(context as WriteContext, args.input),
    projectUpdate: (_source, args: { id: string; input: ProjectInput }, context) =>
      projectUpdate(context as WriteContext, args.id, args.input),
  },
  operations: [
    {
      name: 'projectCreate',
      permission:
        'the actor must be an active user who can see every team of the project (a member of each private one); no team may be archived',
      serverWritten: [
        'id',
        'slugId',
        'creatorId',
        'state (default backlog)',
        'progress',
        'startedAt/completedAt/canceledAt',
        'createdAt',
        'updatedAt',
      ],
    },
    {
      name: 'projectUpdate',
      permission:
        'the actor must be an active user who can see one of the project’s teams; the project must not be archived',
      serverWritten: ['startedAt/completedAt/canceledAt (state change)', 'updatedAt'],
    },
  ],
};
