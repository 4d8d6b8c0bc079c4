import type { Row } from '../../schema/json.js';
import { groupRowsBy, indexRowsBy } from '../../state/row-index.js';
import type { State } from '../../state/state.js';
import { visibleTeamIds } from './permissions.js';
import { LINEAR_TABLES } from './tables.js';

/** A string column, or null when missing or of another type (Agent-Diff rows omit optional columns). */
export function text(row: Row, column: string): string | null {
  const value = row[column];
  return typeof value === 'string' ? value : null;
}

/**
 * One actor's read view of one state: only the rows the actor may see, indexed for the
 * resolvers. Built lazily per replica; states are immutable, so the indexes never go stale.
 */
export class LinearView {
  readonly state: State;
  readonly actorId: string;
  readonly #cache = new Map<string, unknown>();

  constructor(state: State, actorId: string) {
    this.state = state;
    this.actorId = actorId;
  }

  #memo<T>(name: string, build: () => T): T {
    if (!this.#cache.has(name)) this.#cache.set(name, build());
    return this.#cache.get(name) as T;
  }

  #table(table: string): readonly Row[] {
    return this.state.hasTable(table) ? this.state.rows(table) : [];
  }

  get visibleTeamIds(): ReadonlySet<string> {
    return this.#memo('visibleTeamIds', () => visibleTeamIds(this.state, this.actorId));
  }

  #inVisibleTeam(row: Row): boolean {
    const teamId = text(row, 'teamId');
    return teamId !== null && this.visibleTeamIds.has(teamId);
  }

  organization(): Row | undefined {
    return this.#table(LINEAR_TABLES.organizations)[0];
  }

  users(): readonly Row[] {
    return this.#table(LINEAR_TABLES.users);
  }
  userById(id: string): Row | undefined {
    return this.#memo('usersById', () => indexRowsBy(this.users())).get(id);
  }

  teams(): readonly Row[] {
    return this.#memo('teams', () =>
      this.#table(LINEAR_TABLES.teams).filter((team) =>
        this.visibleTeamIds.has(text(team, 'id') ?? ''),
      ),
    );
  }
  teamById(id: string): Row | undefined {
    return this.#memo('teamsById', () => indexRowsBy(this.teams())).get(id);
  }
  /** Linear's `team(id)` also accepts the team key (e.g. `ENG`). */
  teamByIdOrKey(idOrKey: string): Row | undefined {
    return (
      this.teamById(idOrKey) ??
      this.teams().find((team) => text(team, 'key')?.toUpperCase() === idOrKey.toUpperCase())
    );
  }

  memberships(): readonly Row[] {
    return this.#memo('memberships', () =>
      this.#table(LINEAR_TABLES.teamMemberships).filter((row) => this.#inVisibleTeam(row)),
    );
  }
  membershipById(id: string): Row | undefined {
    return this.#memo('membershipsById', () => indexRowsBy(this.memberships())).get(id);
  }
  membershipsOfTeam(teamId: string): readonly Row[] {
    return (
      this.#memo('membershipsByTeam', () => groupRowsBy(this.memberships(), 'teamId')).get(
        teamId,
      ) ?? []
    );
  }
  membershipsOfUser(userId: string): readonly Row[] {
    return (
      this.#memo('membershipsByUser', () => groupRowsBy(this.memberships(), 'userId')).get(
        userId,
      ) ?? []
    );
  }

  workflowStates(): readonly Row[] {
    return this.#memo('states', () =>
      this.#table(LINEAR_TABLES.workflowStates).filter((row) => this.#inVisibleTeam(row)),
    );
  }
  workflowStateById(id: string): Row | undefined {
    return this.#memo('statesById', () => indexRowsBy(this.workflowStates())).get(id);
  }
  workflowStatesOfTeam(teamId: string): readonly Row[] {
    return (
      this.#memo('statesByTeam', () => groupRowsBy(this.workflowStates(), 'teamId')).get(teamId) ??
      []
    );
  }

  /** Workspace labels (no team) are visible to all; team labels only with their team. */
  labels(): readonly Row[] {
    return this.#memo('labels', () =>
      this.#table(LINEAR_TABLES.issueLabels).filter(
        (row) => text(row, 'teamId') === null || this.#inVisibleTeam(row),
      ),
    );
  }
  labelById(id: string): Row | undefined {
    return this.#memo('labelsById', () => indexRowsBy(this.labels())).get(id);
  }

  issues(): readonly Row[] {
    return this.#memo('issues', () =>
      this.#table(LINEAR_TABLES.issues).filter((row) => this.#inVisibleTeam(row)),
    );
  }
  issueById(id: string): Row | undefined {
    return this.#memo('issuesById', () => indexRowsBy(this.issues())).get(id);
  }
  /** Linear's `issue(id)` accepts a UUID, the identifier (`ENG-12`) or a former identifier. */
  issueByIdOrIdentifier(idOrIdentifier: string): Row | undefined {
    const direct = this.issueById(idOrIdentifier);
    if (direct) return direct;
    const wanted = idOrIdentifier.toUpperCase();
    const byIdentifier = this.#memo('issuesByIdentifier', () => {
      const map = new Map<string, Row>();
      for (const issue of this.issues()) {
        const previous = issue.previousIdentifiers;
        if (Array.isArray(previous))
          for (const old of previous)
            if (typeof old === 'string') map.set(old.toUpperCase(), issue);
      }
      for (const issue of this.issues()) {
        const identifier = text(issue, 'identifier');
        if (identifier !== null) map.set(identifier.toUpperCase(), issue);
      }
      return map;
    });
    return byIdentifier.get(wanted);
  }
  issuesOfTeam(teamId: string): readonly Row[] {
    return this.#memo('issuesByTeam', () => groupRowsBy(this.issues(), 'teamId')).get(teamId) ?? [];
  }
  issuesInState(stateId: string): readonly Row[] {
    return (
      this.#memo('issuesByState', () => groupRowsBy(this.issues(), 'stateId')).get(stateId) ?? []
    );
  }
  issuesAssignedTo(userId: string): readonly Row[] {
    return (
      this.#memo('issuesByAssignee', () => groupRowsBy(this.issues(), 'assigneeId')).get(userId) ??
      []
    );
  }
  issuesCreatedBy(userId: string): readonly Row[] {
    return (
      this.#memo('issuesByCreator', () => groupRowsBy(this.issues(), 'creatorId')).get(userId) ?? []
    );
  }
  childrenOf(issueId: string): readonly Row[] {
    return (
      this.#memo('issuesByParent', () => groupRowsBy(this.issues(), 'parentId')).get(issueId) ?? []
    );
  }

  /** Label ids of an issue: its `labelIds` column joined with the association table. */
  labelIdsOf(issue: Row): readonly string[] {
    const associations = this.#memo('labelsByIssue', () =>
      groupRowsBy(this.#table(LINEAR_TABLES.issueLabelAssociations), 'issue_id'),
    );
    const ids = new Set<string>();
    const column = issue.labelIds;
    if (Array.isArray(column)) for (const id of column) if (typeof id === 'string') ids.add(id);
    for (const row of associations.get(text(issue, 'id') ?? '') ?? []) {
      const labelId = text(row, 'issue_label_id');
      if (labelId !== null) ids.add(labelId);
    }
    return [...ids];
  }
  labelsOf(issue: Row): readonly Row[] {
    return this.labelIdsOf(issue)
      .map((id) => this.labelById(id))
      .filter((label): label is Row => label !== undefined);
  }
  issuesWithLabel(labelId: string): readonly Row[] {
    return this.issues().filter((issue) => this.labelIdsOf(issue).includes(labelId));
  }

  comments(): readonly Row[] {
    return this.#memo('comments', () =>
      this.#table(LINEAR_TABLES.comments).filter(
        (row) => this.issueById(text(row, 'issueId') ?? '') !== undefined,
      ),
    );
  }
  commentById(id: string): Row | undefined {
    return this.#memo('commentsById', () => indexRowsBy(this.comments())).get(id);
  }
  commentsOf(issueId: string): readonly Row[] {
    return (
      this.#memo('commentsByIssue', () => groupRowsBy(this.comments(), 'issueId')).get(issueId) ??
      []
    );
  }

  /** Projects with at least one team the actor can see (Linear's project visibility). */
  projects(): readonly Row[] {
    return this.#memo('projects', () =>
      this.#table(LINEAR_TABLES.projects).filter(
        (project) =>
          Array.isArray(project.teamIds) &&
          project.teamIds.some((id) => typeof id === 'string' && this.visibleTeamIds.has(id)),
      ),
    );
  }
  projectById(id: string): Row | undefined {
    return this.#memo('projectsById', () => indexRowsBy(this.projects())).get(id);
  }
  projectsOfTeam(teamId: string): readonly Row[] {
    return this.projects().filter(
      (project) => Array.isArray(project.teamIds) && project.teamIds.includes(teamId),
    );
  }

  /** A relation is visible only when the actor can see both of its issues. */
  relations(): readonly Row[] {
    return this.#memo('relations', () =>
      this.#table(LINEAR_TABLES.issueRelations).filter(
        (row) =>
          this.issueById(text(row, 'issueId') ?? '') !== undefined &&
          this.issueById(text(row, 'relatedIssueId') ?? '') !== undefined,
      ),
    );
  }
  relationById(id: string): Row | undefined {
    return this.#memo('relationsById', () => indexRowsBy(this.relations())).get(id);
  }
  relationsFrom(issueId: string): readonly Row[] {
    return (
      this.#memo('relationsByIssue', () => groupRowsBy(this.relations(), 'issueId')).get(issueId) ??
      []
    );
  }
  relationsTo(issueId: string): readonly Row[] {
    return (
      this.#memo('relationsByRelated', () => groupRowsBy(this.relations(), 'relatedIssueId')).get(
        issueId,
      ) ?? []
    );
  }
}
