// Family linear-mark-duplicate-keep-assignee (linear_4, linear_7): mark an issue as a
// duplicate of another, close it, and keep its assignee. The related condition reassigns it
// before the run: the assignee to keep is this run's initial one.
import {
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

const { insertComment, issueRelationCreate, issueUnarchive, issueUpdate, priorityOf, updateIssue } =
  linear;

export interface MarkDuplicate {
  id: string;
  instruction: string;
  teamName: string;
  teamKey: string;
  duplicate: string;
  original: string;
  archivedCopy: string;
  /** Who holds the duplicate after the related condition's reassignment. */
  reassignedTo: string;
  background: () => Patch;
  /** The team's canceled-type states: the one the complete outcome uses, then the alternative. */
  closeAs: string;
  alsoCloseAs: string;
  text: { closedStates: string; background: string; related: string; witness: string };
}

export function markDuplicate(spec: MarkDuplicate): Task {
  const teamName = spec.teamName;
  const duplicateState = workflowState(teamName, spec.closeAs);
  const canceledState = workflowState(teamName, spec.alsoCloseAs);
  const doneState = workflowState(teamName, 'Done');
  const canonical = issue(spec.original, teamName);
  const archivedCopy = issue(spec.archivedCopy, teamName);
  const initialOwner = user(
    String(base.get('users', { id: String(issue(spec.duplicate, teamName).assigneeId) })?.name),
  );
  const background = spec.background();
  const related: Patch = [
    updateIssue(
      base,
      issue(spec.duplicate, teamName),
      { assigneeId: id(user(spec.reassignedTo)) },
      CONDITION_AT,
    ),
  ];

  const panel = (state: State, resetTo?: Row): CallOutcome[] => {
    const dup = issue(spec.duplicate, teamName, state);
    const owner = String(dup.assigneeId);
    const link = (from: Row, to: Row) => issueRelationCreate(from, to, 'duplicate');
    // The edit form sends the assignee along with the state, as the issue page does.
    const close = (stateRow: Row, assigneeId: string = owner) =>
      issueUpdate(dup, { stateId: id(stateRow), assigneeId });
    const outcomes: CallOutcome[] = [
      complete(
        'complete',
        `duplicate relation to the ${spec.original.split(' ')[0]} issue, closed as ${spec.closeAs}, assignee sent unchanged`,
        [link(dup, canonical), close(duplicateState)],
      ),
      alternative(
        'closed-canceled',
        `duplicate relation, closed with the plain ${spec.alsoCloseAs} state (also a canceled-type state)`,
        [link(dup, canonical), close(canceledState)],
      ),
      fault(
        'reversed',
        'relation',
        `relation the wrong way round: the ${spec.original.split(' ')[0]} issue marked as a duplicate of this one`,
        [link(canonical, dup), close(duplicateState)],
      ),
      fault('done-instead', 'value', 'duplicate relation right, but closed as Done', [
        link(dup, canonical),
        close(doneState),
      ]),
      fault(
        'owner-assigned',
        'preservation',
        `closed correctly, but reassigned to the ${spec.original.split(' ')[0]} issue's assignee`,
        [link(dup, canonical), close(duplicateState, String(canonical.assigneeId))],
      ),
      fault(
        'archived-original',
        'identity',
        `the archived copy of the ${spec.original.split(' ')[0]} issue restored and marked as the original (Linear does not relate an archived issue)`,
        [issueUnarchive(archivedCopy), link(dup, archivedCopy), close(duplicateState)],
      ),
    ];
    if (resetTo)
      outcomes.push(
        fault(
          'assignee-reset',
          'preservation',
          `closed correctly, but the assignee was set back to ${String(resetTo.name)}`,
          [link(dup, canonical), close(duplicateState, id(resetTo))],
        ),
      );
    return outcomes;
  };
  const k = spec.teamKey;

  return {
    id: spec.id,
    family: 'linear-mark-duplicate-keep-assignee',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction: spec.instruction,
    reference: linearReference(
      {
        [k]: teamNamed(teamName),
        dup: issueTitled(spec.duplicate, k),
        original: issueTitled(spec.original, k, 'exact title: not the archived copy'),
        closedStates: {
          table: 'workflow_states',
          where: { teamId: { ref: k, field: 'id' }, type: 'canceled' },
          cardinality: 'some',
          description: spec.text.closedStates,
        },
      },
      [
        {
          kind: 'created',
          name: 'a duplicate relation from this issue',
          category: 'relation',
          reason:
            '"mark it as a duplicate of that issue": the relation runs from the duplicate to the original',
          bind: 'link',
          table: 'issue_relations',
          where: { issueId: { ref: 'dup', field: 'id' }, type: 'duplicate' },
          cardinality: 'one',
        },
        {
          kind: 'field',
          name: `the relation points at the ${spec.original.split(' ')[0]} issue`,
          category: 'identity',
          reason: `the original is the open "${spec.original}", not its archived copy`,
          target: 'link',
          field: 'relatedIssueId',
          expect: { ref: 'original', field: 'id' },
        },
        {
          kind: 'field',
          name: 'closed as a canceled-type state',
          category: 'value',
          reason: `a duplicate is closed as ${spec.closeAs} or ${spec.alsoCloseAs}, not Done`,
          target: 'dup',
          field: 'stateId',
          expect: { in: { refs: 'closedStates', field: 'id' } },
        },
        {
          kind: 'preserved',
          name: 'assignee kept',
          category: 'preservation',
          reason:
            '"leave it assigned to whoever has it now": the assignee of this run\'s before-state',
          target: 'dup',
          fields: ['assigneeId'],
        },
        {
          kind: 'preserved',
          name: 'the original stays open with its assignee',
          category: 'relation',
          reason: 'the original is the issue that remains; only the duplicate closes',
          target: 'original',
          fields: ['stateId', 'assigneeId'],
        },
        unchangedCheck(
          'nothing else changed',
          'preservation',
          'the request concerns these two issues only',
          ['issues', 'issue_relations', 'issue_label_issue_association'],
          ['dup', 'link'],
        ),
      ],
    ),
    ...threeConditions(
      spec.id,
      { description: spec.text.background, patch: background },
      { description: spec.text.related, change: 'preservation', patch: related },
      (state, condition) => panel(state, condition === 'related' ? initialOwner : undefined),
    ),
    witness: { decision: 'complete', description: spec.text.witness },
    traps: ['archived-or-trashed', 'legal-alternative'],
  };
}

export const linear4 = (): Task =>
  markDuplicate({
    id: 'linear_4',
    instruction:
      '"Bulk import skips rows with accents" in Platform is the same bug as "CSV import drops accented names". Mark it as a duplicate of that issue and close it, but leave it assigned to whoever has it now so they keep getting updates.',
    teamName: 'Platform',
    teamKey: 'platform',
    duplicate: 'Bulk import skips rows with accents',
    original: 'CSV import drops accented names',
    archivedCopy: 'CSV import drops accented names (archive)',
    reassignedTo: 'Greta Lindqvist-Holm',
    background: () => [
      insertComment(
        '8a3f6d1b-5c40-4e92-a7b8-0d2e9f4c1a68',
        issue('CSV import drops accented names', 'Platform'),
        user('Marco Diaz'),
        'Switching the reader to UTF-8 with BOM detection; PR coming.',
        CONDITION_AT,
      ),
      updateIssue(
        base,
        issue('Bulk import progress bar stalls at 99%', 'Platform'),
        priorityOf(2),
        CONDITION_AT,
      ),
    ],
    closeAs: 'Duplicate',
    alsoCloseAs: 'Canceled',
    text: {
      closedStates: 'Duplicate and Canceled',
      background:
        'unrelated activity: a comment on the CSV issue, another Platform issue raised to High',
      related:
        'before the run the duplicate was reassigned from Greta Lindqvist to Greta Lindqvist-Holm',
      witness:
        'the source run sent Greta Lindqvist as assignee; on related that overwrites Greta Lindqvist-Holm',
    },
  });

export const linear7 = (): Task =>
  markDuplicate({
    id: 'linear_7',
    instruction:
      'In Platform, "Okta users bounce back to the login page" is the same problem as "SSO login loops for Okta tenants". Please record it as a duplicate of that one and close it; keep its current assignee on it.',
    teamName: 'Platform',
    teamKey: 'platform',
    duplicate: 'Okta users bounce back to the login page',
    original: 'SSO login loops for Okta tenants',
    archivedCopy: 'SSO login loops for Okta tenants (archive)',
    reassignedTo: 'Ravi Menon',
    background: () => [
      insertComment(
        'e6b3d092-8f41-4c7a-9a25-3d0f7e1b6c84',
        issue('SSO login loops for Okta tenants', 'Platform'),
        user('Kwame Asante'),
        'The cookie is set with SameSite=Strict; switching to Lax fixes the loop locally.',
        CONDITION_AT,
      ),
      updateIssue(base, issue('Redis cluster upgrade', 'Platform'), { estimate: 3 }, CONDITION_AT),
    ],
    closeAs: 'Duplicate',
    alsoCloseAs: 'Canceled',
    text: {
      closedStates: 'Duplicate and Canceled',
      background:
        'unrelated activity: a comment on the SSO issue, an estimate on the Redis upgrade',
      related: 'before the run the Okta issue was reassigned from Tomasz Wrona to Ravi Menon',
      witness:
        'the source run sent Tomasz Wrona as assignee; on related that overwrites Ravi Menon',
    },
  });
