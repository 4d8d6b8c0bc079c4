import type { Row } from '../../../schema/json.js';
import type { PatchOp } from '../../../schema/patch.js';
import { entityNotFound } from '../errors.js';
import { isArchived } from '../paging.js';
import { LINEAR_TABLES } from '../tables.js';
import { text } from '../view.js';
import { invalidInput, live, type WriteContext } from './context.js';

/** Linear's priority numbers and their labels (0 = no priority, 1 = urgent … 4 = low). */
export const PRIORITY_LABELS = ['No priority', 'Urgent', 'High', 'Medium', 'Low'] as const;

/** The fields of IssueCreateInput / IssueUpdateInput this model reads. */
export interface IssueInput {
  title?: string | null;
  description?: string | null;
  teamId?: string | null;
  stateId?: string | null;
  assigneeId?: string | null;
  parentId?: string | null;
  projectId?: string | null;
  priority?: number | null;
  estimate?: number | null;
  labelIds?: readonly string[] | null;
  addedLabelIds?: readonly string[] | null;
  removedLabelIds?: readonly string[] | null;
  dueDate?: string | null;
}

/** The URL and branch-name slug of a title, as the replica's issues store it. */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
}

export function checkTitle(title: string): string {
  if (title.trim() === '') throw invalidInput('title must not be empty.');
  return title;
}

/** `{priority, priorityLabel}` for a priority 0-4; any other number is refused. */
export function priorityFields(priority: number): Row {
  const label = PRIORITY_LABELS[priority];
  if (label === undefined)
    throw invalidInput(`priority must be between 0 and 4 (0 = no priority), got ${priority}.`);
  return { priority, priorityLabel: label };
}

export function checkEstimate(estimate: number): number {
  if (estimate < 0) throw invalidInput(`estimate must not be negative, got ${estimate}.`);
  return estimate;
}

/** A workflow state of `teamId` the issue can move to. */
export function checkState(context: WriteContext, teamId: string, stateId: string): Row {
  const state = live(context.view.workflowStateById(stateId), 'WorkflowState');
  if (text(state, 'teamId') !== teamId)
    throw invalidInput(
      `workflow state ${text(state, 'name') ?? stateId} belongs to another team than the issue.`,
    );
  return state;
}

/**
 * The state a new issue starts in when the input names none: the team's first backlog
 * state by position, else its first unstarted one (Linear's default issue state).
 */
export function defaultState(context: WriteContext, teamId: string): Row {
  const states = context.view
    .workflowStatesOfTeam(teamId)
    .filter((state) => !isArchived(state))
    .sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0));
  const chosen =
    states.find((state) => state.type === 'backlog') ??
    states.find((state) => state.type === 'unstarted') ??
    states[0];
  if (!chosen) throw invalidInput('the team has no workflow state to put the issue in.');
  return chosen;
}

/** The state of the same type in another team (an issue moved between teams keeps its stage). */
export function sameTypeState(context: WriteContext, teamId: string, type: unknown): Row {
  const match = context.view
    .workflowStatesOfTeam(teamId)
    .filter((state) => !isArchived(state) && state.type === type)
    .sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0))[0];
  return match ?? defaultState(context, teamId);
}

/**
 * An assignee: an active user who can see the team (a private team's assignee must be a
 * member of it).
 */
export function checkAssignee(context: WriteContext, teamId: string, userId: string): Row {
  const user = context.view.userById(userId);
  if (!user) throw entityNotFound('User');
  if (user.active === false)
    throw invalidInput(
      `user ${text(user, 'name') ?? userId} is deactivated and cannot be assigned.`,
    );
  const team = context.view.teamById(teamId);
  if (team?.private === true) {
    const member = context.view
      .membershipsOfTeam(teamId)
      .some((membership) => membership.userId === userId && !isArchived(membership));
    if (!member)
      throw invalidInput(
        `user ${text(user, 'name') ?? userId} is not a member of the private team ${text(team, 'name') ?? teamId}.`,
      );
  }
  return user;
}

/** A parent issue: visible, not the issue itself and not one of its descendants. */
export function checkParent(context: WriteContext, issueId: string | null, parentId: string): Row {
  const parent = live(context.view.issueByIdOrIdentifier(parentId), 'Issue');
  let walk: Row | undefined = parent;
  const seen = new Set<string>();
  while (walk) {
    const id = text(walk, 'id') ?? '';
    if (id === issueId) throw invalidInput('an issue cannot be its own parent or ancestor.');
    if (seen.has(id)) break;
    seen.add(id);
    const next = text(walk, 'parentId');
    walk = next === null ? undefined : context.state.get(LINEAR_TABLES.issues, { id: next });
  }
  return parent;
}

/** A project to put the issue in: visible (it has a team the actor can see) and not archived. */
export function checkProject(context: WriteContext, projectId: string): Row {
  return live(context.view.projectById(projectId), 'Project');
}

/**
 * The labels an issue of `teamId` may carry: visible, not archived or retired, a workspace
 * label or one of that team, not a label group, and at most one label of each group.
 */
export function checkLabels(
  context: WriteContext,
  teamId: string,
  labelIds: readonly string[],
): string[] {
  const byGroup = new Map<string, string>();
  const unique = [...new Set(labelIds)];
  for (const labelId of unique) {
    const label = live(context.view.labelById(labelId), 'IssueLabel');
    const name = text(label, 'name') ?? labelId;
    if ((label.retiredAt ?? null) !== null) throw invalidInput(`label ${name} is retired.`);
    const labelTeam = text(label, 'teamId');
    if (labelTeam !== null && labelTeam !== teamId)
      throw invalidInput(`label ${name} belongs to another team than the issue.`);
    if (label.isGroup === true)
      throw invalidInput(`label ${name} is a label group; apply one of its labels instead.`);
    const group = text(label, 'parentId');
    if (group !== null) {
      const other = byGroup.get(group);
      if (other !== undefined)
        throw invalidInput(
          `labels ${other} and ${name} are in the same group; an issue can have only one label of a group.`,
        );
      byGroup.set(group, name);
    }
  }
  return unique;
}

/** Label ids an issue carries now (its column and the join table). */
export function currentLabelIds(context: WriteContext, issue: Row): string[] {
  return [...context.view.labelIdsOf(issue)];
}

/** The join-table rows that follow a change of an issue's labels (only the difference). */
export function associationOps(
  context: WriteContext,
  issueId: string,
  before: readonly string[],
  after: readonly string[],
): PatchOp[] {
  const table = LINEAR_TABLES.issueLabelAssociations;
  if (!context.state.hasTable(table)) return [];
  const ops: PatchOp[] = [];
  for (const labelId of before)
    if (
      !after.includes(labelId) &&
      context.state.get(table, { issue_id: issueId, issue_label_id: labelId })
    )
      ops.push({ op: 'delete', table, key: { issue_id: issueId, issue_label_id: labelId } });
  for (const labelId of after)
    if (
      !before.includes(labelId) &&
      !context.state.get(table, { issue_id: issueId, issue_label_id: labelId })
    )
      ops.push({ op: 'insert', table, row: { issue_id: issueId, issue_label_id: labelId } });
  return ops;
}

/**
 * Lifecycle stamps a move to `next` writes: completedAt / canceledAt follow the state's type,
 * startedAt is set the first time the issue reaches a started or completed state, and
 * startedTriageAt / triagedAt track entering and leaving triage.
 */
export function lifecycleFields(issue: Row, current: Row | undefined, next: Row, at: string): Row {
  const type = next.type;
  const fields: Row = {
    completedAt: type === 'completed' ? at : null,
    canceledAt: type === 'canceled' ? at : null,
  };
  if ((type === 'started' || type === 'completed') && (issue.startedAt ?? null) === null)
    fields.startedAt = at;
  if (type === 'triage' && current?.type !== 'triage') fields.startedTriageAt = at;
  if (current?.type === 'triage' && type !== 'triage') fields.triagedAt = at;
  return fields;
}
