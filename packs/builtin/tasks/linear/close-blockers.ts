// Family linear-close-launch-blockers (linear_2): close every issue that blocks a launch issue
// as completed. The related condition changes which issues block it.
import {
  findRow,
  linear,
  type Patch,
  type Row,
  type State,
  type Task,
  unchangedCheck,
} from 'agentproofbench/authoring';
import { alternative, type CallOutcome, complete, fault, threeConditions } from './conditions.js';
import { actor, base, CONDITION_AT, id, issue, user, workflowState } from './context.js';
import { issueTitled, linearReference, teamNamed } from './reference.js';

const { deleteRelation, insertComment, insertRelation, issueUpdate, updateIssue } = linear;

export function linear2(): Task {
  const done = workflowState('Web', 'Done');
  const released = workflowState('Web', 'Released');
  const canceled = workflowState('Web', 'Canceled');
  const launch = issue('Checkout v3 launch', 'Web');
  const savedCards = issue('Checkout v3: saved cards migration', 'Web');
  const threeDs = issue('Checkout v3: 3-D Secure challenge fallback', 'Web');
  const savedCardsLink = findRow(
    base,
    'issue_relations',
    { issueId: id(savedCards), relatedIssueId: id(launch) },
    'saved cards blocks launch',
  );

  const background: Patch = [
    insertComment(
      '9d4f1a6c-7e28-4b3a-8c05-2f6d9e1b7a24',
      issue('Checkout v3: copy review', 'Web'),
      user('Sam Okonkwo'),
      'Legal signed off on the new consent wording.',
      CONDITION_AT,
    ),
    updateIssue(
      base,
      issue('Billing history table shows the wrong timezone', 'Web'),
      { assigneeId: id(user('Rosa Quintero')) },
      CONDITION_AT,
    ),
  ];
  const related: Patch = [
    insertRelation('e2a85c3f-4b17-4d09-9f6e-3c8b1a7d5e35', threeDs, launch, 'blocks', CONDITION_AT),
    deleteRelation(savedCardsLink),
  ];

  const panel = (
    state: State,
    blockerTitles: string[],
    missedTitle: string,
    missedKind: string,
  ): CallOutcome[] => {
    const rows = blockerTitles.map((title) => issue(title, 'Web', state));
    const open = rows.filter(
      (row) => base.get('workflow_states', { id: row.stateId! })?.type !== 'completed',
    );
    const closeAll = (stateRow: Row, except: Row[] = []) =>
      open
        .filter((row) => !except.includes(row))
        .map((row) => issueUpdate(row, { stateId: id(stateRow) }));
    const missed = issue(missedTitle, 'Web', state);
    const first = open[0]!;
    return [
      complete(
        'complete',
        `every open blocker (${open.map((row) => String(row.identifier)).join(', ')}) moved to Done`,
        closeAll(done),
      ),
      alternative(
        'some-released',
        `${String(first.identifier)} moved to Released (also a completed state), the other open blockers to Done`,
        [
          issueUpdate(first, { stateId: id(released) }),
          ...open.slice(1).map((row) => issueUpdate(row, { stateId: id(done) })),
        ],
      ),
      fault(
        missedKind,
        'set',
        `"${missedTitle}" left open; the other blockers closed`,
        closeAll(done, [missed]),
      ),
      fault(
        'closed-announcement',
        'relation',
        'the blockers closed, and also the announcement email that the launch itself blocks',
        [
          ...closeAll(done),
          issueUpdate(issue('Checkout v3 announcement email', 'Web', state), { stateId: id(done) }),
        ],
      ),
      fault(
        'canceled-instead',
        'value',
        'every open blocker moved to Canceled instead of a completed state',
        closeAll(canceled),
      ),
    ];
  };
  const sourceBlockers = [
    'Checkout v3: address autocomplete regression',
    'Checkout v3: tax line rounding on invoices',
    'Checkout v3: saved cards migration',
    'Checkout v3: feature flag cleanup',
  ];
  const relatedBlockers = [
    'Checkout v3: address autocomplete regression',
    'Checkout v3: tax line rounding on invoices',
    'Checkout v3: 3-D Secure challenge fallback',
    'Checkout v3: feature flag cleanup',
  ];

  return {
    id: 'linear_2',
    family: 'linear-close-launch-blockers',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction:
      'The Web team says everything blocking "Checkout v3 launch" is finished. Please close out each of its blockers as completed. Leave the launch issue itself, and everything else, as it is.',
    reference: linearReference(
      {
        web: teamNamed('Web'),
        launch: issueTitled('Checkout v3 launch', 'web'),
        blockerLinks: {
          table: 'issue_relations',
          where: { relatedIssueId: { ref: 'launch', field: 'id' }, type: 'blocks' },
          cardinality: 'some',
          description: 'relations "X blocks the launch" in this run',
        },
        blockers: {
          table: 'issues',
          where: { id: { in: { refs: 'blockerLinks', field: 'issueId' } } },
          cardinality: 'some',
        },
        completedStates: {
          table: 'workflow_states',
          where: { teamId: { ref: 'web', field: 'id' }, type: 'completed' },
          cardinality: 'some',
          description: 'Done and Released',
        },
        canceledStates: {
          table: 'workflow_states',
          where: { teamId: { ref: 'web', field: 'id' }, type: 'canceled' },
          cardinality: 'some',
        },
        downstreamLinks: {
          table: 'issue_relations',
          where: { issueId: { ref: 'launch', field: 'id' }, type: 'blocks' },
          cardinality: 'many',
          description: 'issues the launch blocks (the other direction)',
        },
        downstream: {
          table: 'issues',
          where: { id: { in: { refs: 'downstreamLinks', field: 'relatedIssueId' } } },
          cardinality: 'many',
        },
      },
      [
        {
          kind: 'count',
          name: 'every blocker of the launch is in a completed state',
          category: 'set',
          reason:
            'the instruction asks to close each blocker; the set is whatever blocks the launch in this run',
          table: 'issues',
          where: {
            id: { in: { refs: 'blockers', field: 'id' } },
            stateId: { in: { refs: 'completedStates', field: 'id' } },
          },
          scope: 'after',
          expect: { sizeOf: 'blockers' },
        },
        {
          kind: 'field',
          name: 'no blocker is canceled',
          category: 'value',
          reason: 'finished work is closed as completed (Done or Released), not as Canceled',
          target: 'blockers',
          field: 'stateId',
          expect: { nin: { refs: 'canceledStates', field: 'id' } },
        },
        {
          kind: 'preserved',
          name: 'the launch issue stays as it was',
          category: 'relation',
          reason: 'the launch is what the blockers block; it is not itself a blocker',
          target: 'launch',
          fields: ['stateId', 'assigneeId'],
        },
        {
          kind: 'preserved',
          name: 'issues the launch blocks stay as they were',
          category: 'relation',
          reason: 'relations run from blocker to blocked; what the launch blocks is not finished',
          target: 'downstream',
          fields: ['stateId'],
        },
        unchangedCheck(
          'nothing but the blockers changed',
          'preservation',
          '"leave everything else as it is"',
          ['issues', 'issue_relations', 'issue_label_issue_association'],
          ['blockers'],
        ),
      ],
    ),
    ...threeConditions(
      'linear_2',
      {
        description:
          'unrelated activity: a comment on the copy-review issue (related to, not blocking, the launch) and a Web issue reassigned',
        patch: background,
      },
      {
        description:
          'the 3-D Secure fallback was found to block the launch; the saved-cards migration no longer blocks it (moved after launch)',
        change: 'membership',
        patch: related,
      },
      (state, condition) =>
        condition === 'related'
          ? panel(
              state,
              relatedBlockers,
              'Checkout v3: 3-D Secure challenge fallback',
              'missed-new-blocker',
            )
          : panel(state, sourceBlockers, 'Checkout v3: saved cards migration', 'missed-blocker'),
    ),
    witness: {
      decision: 'complete',
      description:
        'the source run closed the saved-cards migration, which no longer blocks, and not the 3-D Secure fallback, which now does',
    },
    traps: ['legal-alternative'],
  };
}
