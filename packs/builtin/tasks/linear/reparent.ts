// Family linear-move-sub-issues-to-replacement (linear_14): move every sub-issue of a legacy
// issue under its replacement and change nothing else (comments, labels, links stay). The
// related condition changes which issues are sub-issues of the legacy one.
import {
  type ApiCall,
  findRow,
  findRows,
  linear,
  type Patch,
  type Row,
  type State,
  type Task,
  unchangedCheck,
} from 'agentproofbench/authoring';
import { type CallOutcome, complete, fault, threeConditions } from './conditions.js';
import { actor, base, CONDITION_AT, id, issue, user } from './context.js';
import { issueTitled, linearReference, teamNamed } from './reference.js';

const { insertComment, issueRelationDelete, issueUnarchive, issueUpdate, updateIssue } = linear;

const LEGACY = 'Legacy token service';
const V2 = 'Auth token service v2';

export function linear14(): Task {
  const background: Patch = [
    insertComment(
      '0e5d8b23-7a94-4c1f-b6e0-9d3a2f7c5b18',
      issue(`${LEGACY}: revoke endpoint`, 'Platform'),
      user('Ravi Menon'),
      'Revocation needs to fan out to the edge caches as well.',
      CONDITION_AT,
    ),
    updateIssue(base, issue(V2, 'Platform'), { estimate: 8 }, CONDITION_AT),
  ];
  const related: Patch = [
    updateIssue(
      base,
      issue(`${LEGACY}: session migration`, 'Platform'),
      { parentId: id(issue(LEGACY, 'Platform')) },
      CONDITION_AT,
    ),
    updateIssue(
      base,
      issue(`${LEGACY}: audit trail`, 'Platform'),
      { parentId: null },
      CONDITION_AT,
    ),
  ];

  const panel = (state: State, condition: 'source' | 'background' | 'related'): CallOutcome[] => {
    const legacy = issue(LEGACY, 'Platform', state);
    const v2 = issue(V2, 'Platform', state);
    const oldPlan = issue(`${V2} (old plan)`, 'Platform', state);
    const children = findRows(state, 'issues', { parentId: id(legacy) });
    const link = findRow(
      state,
      'issue_relations',
      (row) => row.type === 'blocks' && children.some((child) => child.id === row.issueId),
      'the blocks link between two sub-issues',
    );
    const move = (rows: readonly Row[], under: Row = v2): ApiCall[] =>
      rows.map((row) => issueUpdate(row, { parentId: id(under) }));
    const missed =
      condition === 'related'
        ? issue(`${LEGACY}: session migration`, 'Platform', state)
        : issue(`${LEGACY}: audit trail`, 'Platform', state);
    return [
      complete(
        'complete',
        `all ${children.length} sub-issues moved under ${String(v2.identifier)}`,
        move(children),
      ),
      fault(
        condition === 'related' ? 'missed-new-sub-issue' : 'missed-sub-issue',
        'set',
        `"${String(missed.title)}" left under the legacy issue`,
        move(children.filter((row) => row.id !== missed.id)),
      ),
      fault(
        'replacement-nested',
        'relation',
        'sub-issues moved, and the replacement itself made a sub-issue of the legacy issue',
        [...move(children), issueUpdate(v2, { parentId: id(legacy) })],
      ),
      fault(
        'old-plan',
        'identity',
        `the archived "${String(oldPlan.title)}" restored and the sub-issues moved under it (Linear does not nest under an archived issue)`,
        [issueUnarchive(oldPlan), ...move(children, oldPlan)],
      ),
      fault(
        'link-dropped',
        'preservation',
        'sub-issues moved, but the blocks link between two of them was deleted',
        [...move(children), issueRelationDelete(link)],
      ),
    ];
  };

  return {
    id: 'linear_14',
    family: 'linear-move-sub-issues-to-replacement',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction: `In Platform, "${V2}" replaces "${LEGACY}". Move every sub-issue of the legacy service under "${V2}". Change nothing else: their comments, labels and links stay as they are.`,
    reference: linearReference(
      {
        platform: teamNamed('Platform'),
        legacy: issueTitled(LEGACY, 'platform'),
        v2: issueTitled(V2, 'platform', 'exact title: not the archived "(old plan)"'),
        children: {
          table: 'issues',
          where: { parentId: { ref: 'legacy', field: 'id' } },
          cardinality: 'some',
          description: 'the sub-issues of the legacy issue in this run',
        },
      },
      [
        {
          kind: 'count',
          name: 'every sub-issue is now under the replacement',
          category: 'set',
          reason: '"every sub-issue of the legacy service"',
          table: 'issues',
          where: {
            id: { in: { refs: 'children', field: 'id' } },
            parentId: { ref: 'v2', field: 'id' },
          },
          scope: 'after',
          expect: { sizeOf: 'children' },
        },
        {
          kind: 'field',
          name: 'the new parent is the live replacement',
          category: 'identity',
          reason: `"${V2}", not its archived old plan`,
          target: 'children',
          field: 'parentId',
          expect: { ref: 'v2', field: 'id' },
        },
        {
          kind: 'preserved',
          name: 'the two parents stay where they are',
          category: 'relation',
          reason: 'the sub-issues move; the replacement does not become a sub-issue itself',
          target: 'v2',
          fields: ['parentId'],
        },
        {
          kind: 'preserved',
          name: 'only the parent of each sub-issue changes',
          category: 'preservation',
          reason: '"change nothing else"',
          target: 'children',
          fields: ['stateId', 'assigneeId', 'labelIds', 'title', 'priority'],
        },
        unchangedCheck(
          'comments, label links and relations stay as they are',
          'preservation',
          '"their comments, labels and links stay as they are"',
          ['issues', 'comments', 'issue_relations', 'issue_label_issue_association'],
          ['children'],
        ),
      ],
    ),
    ...threeConditions(
      'linear_14',
      {
        description: 'unrelated activity: a comment on a sub-issue, an estimate on the replacement',
        patch: background,
      },
      {
        description:
          'before the run "session migration" was made a sub-issue of the legacy service and "audit trail" was taken out of it',
        change: 'membership',
        patch: related,
      },
      panel,
    ),
    witness: {
      decision: 'complete',
      description:
        'the source run moved audit trail (no longer a sub-issue) and not session migration (now one)',
    },
    traps: ['preserve-across-tables', 'archived-or-trashed'],
  };
}
