// Family linear-match-blocked-priority (linear_15): give an issue the priority of the issue it
// blocks and start it. The issue is also blocked by another one (the other direction of the
// relation), and a Web issue has the same title. The related condition raises the blocked
// issue's priority before the run: the value is copied from this run's before-state.
import {
  findRow,
  linear,
  type Patch,
  type State,
  type Task,
  unchangedCheck,
} from 'agentproofbench/authoring';
import { type CallOutcome, complete, fault, threeConditions } from './conditions.js';
import { actor, base, CONDITION_AT, id, issue, user, workflowState } from './context.js';
import { issueTitled, linearReference, teamNamed } from './reference.js';

const { insertComment, issueRelationDelete, issueUpdate, priorityOf, updateIssue } = linear;

const TITLE = 'Rate limiter rewrite for bulk imports';

export function linear15(): Task {
  const inProgress = workflowState('Platform', 'In Progress');
  const blockedTitle = 'Bulk import API for enterprise';
  const background: Patch = [
    insertComment(
      '7f2c9e41-3a06-4d8b-95e7-2b1d0c6f8a39',
      issue(blockedTitle, 'Platform'),
      user('Tobias Brandt'),
      'Two enterprise customers are waiting on this.',
      CONDITION_AT,
    ),
    updateIssue(base, issue('Redis cluster upgrade', 'Platform'), { estimate: 5 }, CONDITION_AT),
  ];
  const related: Patch = [
    updateIssue(base, issue(blockedTitle, 'Platform'), priorityOf(1), CONDITION_AT),
  ];

  const panel = (state: State, condition: 'source' | 'background' | 'related'): CallOutcome[] => {
    const limiter = issue(TITLE, 'Platform', state);
    const blocked = issue(blockedTitle, 'Platform', state);
    const blocker = issue('Redis cluster upgrade', 'Platform', state);
    const link = findRow(
      state,
      'issue_relations',
      { issueId: id(limiter), type: 'blocks' },
      'what the rate limiter blocks',
    );
    const start = (priority: number) => issueUpdate(limiter, { priority, stateId: id(inProgress) });
    const target = Number(blocked.priority);
    const outcomes: CallOutcome[] = [
      complete(
        'complete',
        `priority ${String(priorityOf(target).priorityLabel)} (the blocked issue's) and In Progress`,
        [start(target)],
      ),
      fault(
        'copied-backwards',
        'relation',
        "the copy went the other way: the blocked issue got the rate limiter's priority; the rate limiter was started",
        [
          issueUpdate(limiter, { stateId: id(inProgress) }),
          issueUpdate(blocked, { priority: Number(limiter.priority) }),
        ],
      ),
      fault(
        'blocker-priority',
        'value',
        'priority copied from Redis cluster upgrade, the issue that blocks it',
        [start(Number(blocker.priority))],
      ),
      fault(
        'link-removed',
        'preservation',
        'priority and state right, but the blocks relation was deleted',
        [start(target), issueRelationDelete(link)],
      ),
    ];
    if (condition === 'related')
      outcomes.push(
        fault(
          'previous-priority',
          'value',
          "priority set to High, the blocked issue's priority before it was raised",
          [start(2)],
        ),
      );
    return outcomes;
  };

  return {
    id: 'linear_15',
    family: 'linear-match-blocked-priority',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction: `Platform's "${TITLE}" is holding up another issue. Give it the same priority as the issue it blocks and move it to In Progress.`,
    reference: linearReference(
      {
        platform: teamNamed('Platform'),
        limiter: issueTitled(
          TITLE,
          'platform',
          'the Platform issue, not the Web one with the same title',
        ),
        blocksLink: {
          table: 'issue_relations',
          where: { issueId: { ref: 'limiter', field: 'id' }, type: 'blocks' },
          cardinality: 'one',
          description: '"the issue it blocks": the relation runs from this issue',
        },
        blocked: {
          table: 'issues',
          where: { id: { ref: 'blocksLink', field: 'relatedIssueId' } },
          cardinality: 'one',
        },
        inProgress: {
          table: 'workflow_states',
          where: { teamId: { ref: 'platform', field: 'id' }, name: 'In Progress' },
          cardinality: 'one',
        },
      },
      [
        {
          kind: 'field',
          name: "priority equals the blocked issue's",
          category: 'value',
          reason: "the blocked issue's priority in this run's before-state",
          target: 'limiter',
          field: 'priority',
          expect: { ref: 'blocked', field: 'priority' },
        },
        {
          kind: 'field',
          name: 'status is In Progress',
          category: 'value',
          reason: '"move it to In Progress"',
          target: 'limiter',
          field: 'stateId',
          expect: { ref: 'inProgress', field: 'id' },
        },
        {
          kind: 'preserved',
          name: 'the blocked issue keeps its priority',
          category: 'relation',
          reason: 'the value is copied from the blocked issue to this one, not the other way',
          target: 'blocked',
          fields: ['priority', 'stateId'],
        },
        unchangedCheck(
          'nothing else changed, relations included',
          'preservation',
          'the request concerns one issue; its links stay',
          ['issues', 'issue_relations', 'comments', 'issue_label_issue_association'],
          ['limiter'],
        ),
      ],
    ),
    ...threeConditions(
      'linear_15',
      {
        description:
          'unrelated activity: a comment on the blocked issue, an estimate on the Redis upgrade',
        patch: background,
      },
      {
        description: `before the run "${blockedTitle}" was raised from High to Urgent`,
        change: 'value',
        patch: related,
      },
      panel,
    ),
    witness: {
      decision: 'complete',
      description: 'the source run wrote High; on related the blocked issue is Urgent',
    },
    traps: ['copied-value', 'preserve-across-tables'],
  };
}
