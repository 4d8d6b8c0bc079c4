// Family linear-finish-and-tag-keep-owner (linear_12): move an issue to a named state and tag it
// with a label the instruction writes in other case ("needs review" for "Needs Review"), while a
// near name ("Needs Review (legal)") shares the words. The edit form sends the assignee along;
// the related condition reassigns the issue before the run, and that assignee must stay.
import {
  type ApiCall,
  linear,
  type Patch,
  type Row,
  type State,
  type Task,
  unchangedCheck,
} from 'agentproofbench/authoring';
import { type CallOutcome, complete, fault, threeConditions } from './conditions.js';
import {
  actor,
  base,
  CONDITION_AT,
  danaRow,
  id,
  issue,
  label,
  user,
  workflowState,
} from './context.js';
import {
  issueTitled,
  labelLinkCreated,
  labelLinksOf,
  labelsKept,
  linearReference,
  teamNamed,
} from './reference.js';

const { insertComment, issueUpdate, updateIssue } = linear;

const TITLE = 'Inspection summary card v2 handoff';

export function linear12(): Task {
  const ready = workflowState('Design', 'Ready for Dev');
  const done = workflowState('Design', 'Done');
  const review = label('Needs Review');
  const legal = label('Needs Review (legal)');
  const initialOwner = user('Elif Demir');
  const background: Patch = [
    insertComment(
      'a7d3f150-2c86-4e9b-91f4-6e0b8c2d5a17',
      issue(TITLE, 'Design'),
      user('Sofia Marin'),
      'Redlines for the dark variant are in the file too.',
      CONDITION_AT,
    ),
    updateIssue(
      base,
      issue('Accessibility audit sign-off', 'Design'),
      { estimate: 2 },
      CONDITION_AT,
    ),
  ];
  const related: Patch = [
    updateIssue(
      base,
      issue(TITLE, 'Design'),
      { assigneeId: id(user('Sofia Marin')) },
      CONDITION_AT,
    ),
  ];

  const panel = (state: State, condition: 'source' | 'background' | 'related'): CallOutcome[] => {
    const card = issue(TITLE, 'Design', state);
    // The issue page sends the state, the assignee and the full label list in one edit.
    const finish = (
      stateRow: Row,
      labelRow: Row,
      assigneeId: string = String(card.assigneeId),
    ): ApiCall[] => [
      issueUpdate(card, {
        stateId: id(stateRow),
        assigneeId,
        labelIds: [...(card.labelIds as string[]), id(labelRow)],
      }),
    ];
    const outcomes: CallOutcome[] = [
      complete(
        'complete',
        'moved to Ready for Dev and tagged Needs Review, assignee sent unchanged',
        finish(ready, review),
      ),
      fault(
        'legal-label',
        'identity',
        'tagged "Needs Review (legal)", the label with the longer name',
        finish(ready, legal),
      ),
      fault(
        'done-instead',
        'value',
        'tagged Needs Review but moved to Done instead of Ready for Dev',
        finish(done, review),
      ),
      fault(
        'taken-over',
        'preservation',
        'moved and tagged, but assigned to the actor (Dana) on the way',
        finish(ready, review, id(danaRow)),
      ),
    ];
    if (condition === 'related')
      outcomes.push(
        fault(
          'assignee-reset',
          'preservation',
          `moved and tagged, but the assignee was set back to ${String(initialOwner.name)}`,
          finish(ready, review, id(initialOwner)),
        ),
      );
    return outcomes;
  };

  return {
    id: 'linear_12',
    family: 'linear-finish-and-tag-keep-owner',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction: `Design's "${TITLE}" is finished: move it to Ready for Dev and tag it needs review. Leave it with whoever it is assigned to.`,
    reference: linearReference(
      {
        design: teamNamed('Design'),
        card: issueTitled(TITLE, 'design'),
        ready: {
          table: 'workflow_states',
          where: { teamId: { ref: 'design', field: 'id' }, name: 'Ready for Dev' },
          cardinality: 'one',
        },
        needsReview: {
          table: 'issue_labels',
          where: { name: 'Needs Review', archivedAt: null },
          cardinality: 'one',
          description:
            '"needs review" in the instruction is this label: same words, other case; not "Needs Review (legal)"',
        },
        cardLabelLinks: labelLinksOf('card'),
      },
      [
        labelLinkCreated(
          'tagged Needs Review',
          "the label whose name is the instruction's words, whatever the case",
          'tagLink',
          'card',
          'needsReview',
        ),
        {
          kind: 'count',
          name: 'no other label added',
          category: 'identity',
          reason: 'one label was asked for',
          table: 'issue_label_issue_association',
          where: { issue_id: { ref: 'card', field: 'id' } },
          scope: 'inserted',
          expect: 1,
        },
        {
          kind: 'field',
          name: 'status is Design › Ready for Dev',
          category: 'value',
          reason: 'Ready for Dev, not Done (also a completed state)',
          target: 'card',
          field: 'stateId',
          expect: { ref: 'ready', field: 'id' },
        },
        {
          kind: 'preserved',
          name: 'assignee kept',
          category: 'preservation',
          reason:
            '"leave it with whoever it is assigned to": the assignee of this run\'s before-state',
          target: 'card',
          fields: ['assigneeId'],
        },
        labelsKept('labels it had are kept', 'tagging adds a label', 'card', 'cardLabelLinks'),
        unchangedCheck(
          'nothing else changed',
          'preservation',
          'the request concerns one issue',
          ['issues', 'issue_label_issue_association', 'issue_relations'],
          ['card', 'tagLink', 'cardLabelLinks'],
        ),
      ],
    ),
    ...threeConditions(
      'linear_12',
      {
        description:
          'unrelated activity: a comment on the card issue, an estimate on the Design audit issue',
        patch: background,
      },
      {
        description: 'before the run the card issue was reassigned from Elif Demir to Sofia Marin',
        change: 'preservation',
        patch: related,
      },
      panel,
    ),
    witness: {
      decision: 'complete',
      description:
        'the source run sent Elif Demir as assignee; on related that overwrites Sofia Marin',
    },
    traps: ['case-whitespace', 'copied-value'],
  };
}
