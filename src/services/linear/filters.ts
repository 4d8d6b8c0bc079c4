import type { Row } from '../../schema/json.js';
import { type Comparator, matchesComparator, type ScalarKind } from './comparators.js';
import { type LinearView, text } from './view.js';

export type Entity = 'issue' | 'user' | 'team' | 'workflowState' | 'issueLabel' | 'comment';
export type Filter = Record<string, unknown>;

type FieldSpec =
  | { kind: 'scalar'; type: ScalarKind; read: (row: Row, view: LinearView) => unknown }
  | { kind: 'content'; read: (row: Row, view: LinearView) => string }
  | { kind: 'one'; entity: Entity; read: (row: Row, view: LinearView) => Row | undefined }
  | { kind: 'many'; entity: Entity; read: (row: Row, view: LinearView) => readonly Row[] };

const column = (name: string, type: ScalarKind): FieldSpec => ({
  kind: 'scalar',
  type,
  read: (row) => row[name],
});
const oneById = (
  entity: Entity,
  idColumn: string,
  lookup: (view: LinearView, id: string) => Row | undefined,
): FieldSpec => ({
  kind: 'one',
  entity,
  read: (row, view) => {
    const id = text(row, idColumn);
    return id === null ? undefined : lookup(view, id);
  },
});

/** How each filter field of each entity reads its row (field names are Linear's). */
const FIELDS: Record<Entity, Record<string, FieldSpec>> = {
  issue: {
    id: column('id', 'id'),
    title: column('title', 'string'),
    // Linear's ContentComparator over what the issue says: identifier, title, description.
    searchableContent: {
      kind: 'content',
      read: (row) =>
        [text(row, 'identifier'), text(row, 'title'), text(row, 'description')]
          .filter((value): value is string => value !== null)
          .join('\n')
          .toLowerCase(),
    },
    description: column('description', 'string'),
    number: column('number', 'number'),
    priority: column('priority', 'number'),
    estimate: column('estimate', 'number'),
    createdAt: column('createdAt', 'date'),
    updatedAt: column('updatedAt', 'date'),
    completedAt: column('completedAt', 'date'),
    canceledAt: column('canceledAt', 'date'),
    startedAt: column('startedAt', 'date'),
    archivedAt: column('archivedAt', 'date'),
    dueDate: column('dueDate', 'timelessDate'),
    assignee: oneById('user', 'assigneeId', (view, id) => view.userById(id)),
    creator: oneById('user', 'creatorId', (view, id) => view.userById(id)),
    state: oneById('workflowState', 'stateId', (view, id) => view.workflowStateById(id)),
    team: oneById('team', 'teamId', (view, id) => view.teamById(id)),
    parent: oneById('issue', 'parentId', (view, id) => view.issueById(id)),
    labels: { kind: 'many', entity: 'issueLabel', read: (row, view) => view.labelsOf(row) },
    children: {
      kind: 'many',
      entity: 'issue',
      read: (row, view) => view.childrenOf(text(row, 'id') ?? ''),
    },
  },
  user: {
    id: column('id', 'id'),
    name: column('name', 'string'),
    displayName: column('displayName', 'string'),
    email: column('email', 'string'),
    active: column('active', 'boolean'),
    admin: column('admin', 'boolean'),
    isMe: {
      kind: 'scalar',
      type: 'boolean',
      read: (row, view) => text(row, 'id') === view.actorId,
    },
    createdAt: column('createdAt', 'date'),
    updatedAt: column('updatedAt', 'date'),
  },
  team: {
    id: column('id', 'id'),
    name: column('name', 'string'),
    key: column('key', 'string'),
    description: column('description', 'string'),
    private: { kind: 'scalar', type: 'boolean', read: (row) => row.private === true },
    createdAt: column('createdAt', 'date'),
    updatedAt: column('updatedAt', 'date'),
  },
  workflowState: {
    id: column('id', 'id'),
    name: column('name', 'string'),
    type: column('type', 'string'),
    position: column('position', 'number'),
    team: oneById('team', 'teamId', (view, id) => view.teamById(id)),
    createdAt: column('createdAt', 'date'),
    updatedAt: column('updatedAt', 'date'),
  },
  issueLabel: {
    id: column('id', 'id'),
    name: column('name', 'string'),
    isGroup: { kind: 'scalar', type: 'boolean', read: (row) => row.isGroup === true },
    team: oneById('team', 'teamId', (view, id) => view.teamById(id)),
    parent: oneById('issueLabel', 'parentId', (view, id) => view.labelById(id)),
    createdAt: column('createdAt', 'date'),
    updatedAt: column('updatedAt', 'date'),
  },
  comment: {
    id: column('id', 'id'),
    body: column('body', 'string'),
    user: oneById('user', 'userId', (view, id) => view.userById(id)),
    issue: oneById('issue', 'issueId', (view, id) => view.issueById(id)),
    createdAt: column('createdAt', 'date'),
    updatedAt: column('updatedAt', 'date'),
  },
};

/**
 * Whether a row satisfies a Linear filter object. `row` may be undefined for a nullable
 * relation (e.g. an unassigned issue's assignee): then only `{null: true}` matches.
 */
export function matchesFilter(
  view: LinearView,
  entity: Entity,
  row: Row | undefined,
  filter: Filter | null | undefined,
): boolean {
  if (!filter) return true;
  if (filter.null !== undefined && filter.null !== null && (row === undefined) !== filter.null)
    return false;
  for (const [name, condition] of Object.entries(filter)) {
    if (condition === undefined || condition === null || name === 'null') continue;
    if (row === undefined) return false;
    if (name === 'and') {
      if (!(condition as Filter[]).every((part) => matchesFilter(view, entity, row, part)))
        return false;
      continue;
    }
    if (name === 'or') {
      if (!(condition as Filter[]).some((part) => matchesFilter(view, entity, row, part)))
        return false;
      continue;
    }
    const spec = FIELDS[entity][name];
    if (!spec) return false;
    if (spec.kind === 'content') {
      if (!matchesContent(spec.read(row, view), condition as Comparator)) return false;
    } else if (spec.kind === 'scalar') {
      if (!matchesComparator(spec.read(row, view), condition as Comparator, spec.type))
        return false;
    } else if (spec.kind === 'one') {
      if (!matchesFilter(view, spec.entity, spec.read(row, view), condition as Filter))
        return false;
    } else if (!matchesCollection(view, spec.entity, spec.read(row, view), condition as Filter)) {
      return false;
    }
  }
  return true;
}

/** Collection filters (`labels`, `children`): `some`, `every`, `length`; plain fields mean "some member matches". */
function matchesCollection(
  view: LinearView,
  entity: Entity,
  members: readonly Row[],
  filter: Filter,
): boolean {
  for (const [name, condition] of Object.entries(filter)) {
    if (condition === undefined || condition === null) continue;
    if (name === 'and') {
      if (!(condition as Filter[]).every((part) => matchesCollection(view, entity, members, part)))
        return false;
    } else if (name === 'or') {
      if (!(condition as Filter[]).some((part) => matchesCollection(view, entity, members, part)))
        return false;
    } else if (name === 'some') {
      if (!members.some((member) => matchesFilter(view, entity, member, condition as Filter)))
        return false;
    } else if (name === 'every') {
      if (!members.every((member) => matchesFilter(view, entity, member, condition as Filter)))
        return false;
    } else if (name === 'length') {
      if (!matchesComparator(members.length, condition as Comparator, 'number')) return false;
    } else if (
      !members.some((member) => matchesFilter(view, entity, member, { [name]: condition }))
    ) {
      return false;
    }
  }
  return true;
}

/** ContentComparator: `contains` / `notContains`, case-insensitive (a search box, not an exact match). */
function matchesContent(content: string, comparator: Comparator): boolean {
  const { contains, notContains } = comparator as {
    contains?: string | null;
    notContains?: string | null;
  };
  if (typeof contains === 'string' && !content.includes(contains.toLowerCase())) return false;
  if (typeof notContains === 'string' && content.includes(notContains.toLowerCase())) return false;
  return true;
}
