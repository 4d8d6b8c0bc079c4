// What every built-in Linear task generator shares: the seed's before-state, lookups by
// name (the way the references select), the actor and the times of conditions and runs.

import path from 'node:path';
import {
  applyPatch,
  findRow,
  idOf,
  type Patch,
  type Row,
  type State,
  seedState,
} from 'agentproofbench/authoring';
import { BUILTIN_PACK, REPO_ROOT } from '../../../lib/generator.js';

export const base: State = seedState(path.join(REPO_ROOT, BUILTIN_PACK), 'linear-base');

export const team = (name: string, state: State = base): Row =>
  findRow(state, 'teams', { name }, `team ${name}`);

/** The active user of that name (a deactivated namesake is not a candidate). */
export const user = (name: string, state: State = base): Row =>
  findRow(state, 'users', { name, active: true }, `active user ${name}`);

export const issue = (title: string, teamName: string, state: State = base): Row =>
  findRow(
    state,
    'issues',
    (row) => row.title === title && row.teamId === team(teamName, state).id,
    `issue ${title} (${teamName})`,
  );

export const workflowState = (teamName: string, name: string, state: State = base): Row =>
  findRow(
    state,
    'workflow_states',
    (row) => row.teamId === team(teamName, state).id && row.name === name,
    `state ${teamName}/${name}`,
  );

export const label = (name: string, state: State = base): Row =>
  findRow(state, 'issue_labels', { name }, `label ${name}`);

export const project = (name: string, state: State = base): Row =>
  findRow(state, 'projects', { name }, `project ${name}`);

export const id = idOf;

/** Times of the runs (after the seed's present, 2026-03-06). Conditions change data before the run. */
export const CONDITION_AT = '2026-03-07T10:15:00.000Z';
export const RUN_AT = [
  '2026-03-09T14:30:00.000Z',
  '2026-03-09T14:31:10.000Z',
  '2026-03-09T14:32:25.000Z',
  '2026-03-09T14:33:40.000Z',
] as const;

/** A condition's before-state, so that later lookups see the condition's rows. */
export const stateAfter = (patch: Patch): State => applyPatch(base, patch, 'condition patch');

const dana = user('Dana Whitfield');
/** Dana Whitfield, workspace admin, member of every team except the private Security team. */
export const actor = { id: id(dana), name: String(dana.name), email: String(dana.email) };
export const danaRow = dana;
