// Family linear-tag-issue-and-sub-issues (linear_10): add a label to an issue and each of its
// sub-issues. The related condition renames the label of that name and creates a new one
// with the old name: the name decides, not the id a verifier found earlier.
import {
  type ApiCall,
  findRows,
  linear,
  type Patch,
  type Row,
  type State,
  type Task,
  unchangedCheck,
} from 'agentproofbench/authoring';
import { type CallOutcome, complete, fault, threeConditions } from './conditions.js';
import { actor, CONDITION_AT, id, issue, label, user } from './context.js';
import {
  issueTitled,
  labelLinkCreated,
  labelLinksOf,
  labelsKept,
  linearReference,
  teamNamed,
} from './reference.js';

const { addLabel, insertComment, insertLabel, issueAddLabel, issueUpdate, renameLabel } = linear;

const TITLE = 'Asset tag scanning';
const NEW_LABEL_ID = 'f2a6c8e0-3b17-4d59-8e04-6c1b9d7a3f25';

export function linear10(): Task {
  const oldLabel = label('field-test');
  const nearLabel = label('field-testing');
  const background: Patch = [
    insertComment(
      '5c9e2a71-4d08-4b3f-a6e2-8f1d7c0b9e36',
      issue(TITLE, 'Mobile'),
      user('Samuel Okonkwo'),
      'The Zebra scanners arrived; pairing works on Android 14.',
      CONDITION_AT,
    ),
    ...addLabel(issue('Inspection hardware support', 'Mobile'), label('ios'), CONDITION_AT),
  ];
  const related: Patch = [
    renameLabel(oldLabel, 'field-test-2025', CONDITION_AT),
    insertLabel(
      NEW_LABEL_ID,
      oldLabel,
      {
        name: 'field-test',
        description: 'Field test with a customer crew (2026 programme)',
        color: '#9333EA',
      },
      CONDITION_AT,
    ),
  ];

  const panel = (state: State, condition: 'source' | 'background' | 'related'): CallOutcome[] => {
    const scan = issue(TITLE, 'Mobile', state);
    const children = findRows(state, 'issues', { parentId: id(scan) });
    const epic = state.get('issues', { id: String(scan.parentId) })!;
    const fieldTest = label('field-test', state);
    const tag = (rows: readonly Row[], labelRow: Row = fieldTest): ApiCall[] =>
      rows.map((row) => issueAddLabel(row, labelRow));
    const outcomes: CallOutcome[] = [
      complete(
        'complete',
        `field-test added to ${String(scan.identifier)} and its ${children.length} sub-issues`,
        tag([scan, ...children]),
      ),
      fault(
        'missed-sub-issue',
        'set',
        `"${String(children.at(-1)?.title)}" left without the label`,
        tag([scan, ...children.slice(0, -1)]),
      ),
      fault(
        'parent-tagged',
        'relation',
        `the issue and its parent epic "${String(epic.title)}" tagged instead of its sub-issues`,
        tag([scan, epic]),
      ),
      fault(
        'near-label',
        'identity',
        'tagged with field-testing, a different label with a near name',
        tag([scan, ...children], nearLabel),
      ),
      fault(
        'labels-replaced',
        'preservation',
        `${String(scan.identifier)}'s labels replaced by field-test alone (its android label dropped)`,
        [issueUpdate(scan, { labelIds: [id(fieldTest)] }), ...tag(children)],
      ),
    ];
    if (condition === 'related')
      outcomes.push(
        fault(
          'renamed-label',
          'identity',
          'tagged with the label that was called field-test before and is now field-test-2025',
          tag([scan, ...children], label('field-test-2025', state)),
        ),
      );
    return outcomes;
  };

  return {
    id: 'linear_10',
    family: 'linear-tag-issue-and-sub-issues',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction:
      'The field crews try the asset scanner next week. Please tag Mobile\'s "Asset tag scanning" and every one of its sub-issues with the field-test label, keeping the labels they already have.',
    reference: linearReference(
      {
        mobile: teamNamed('Mobile'),
        scan: issueTitled(TITLE, 'mobile'),
        children: {
          table: 'issues',
          where: { parentId: { ref: 'scan', field: 'id' } },
          cardinality: 'some',
          description: 'its sub-issues in this run',
        },
        epic: {
          table: 'issues',
          where: { id: { ref: 'scan', field: 'parentId' } },
          cardinality: 'one',
          description: 'the issue above it, which is not asked for',
        },
        fieldTest: {
          table: 'issue_labels',
          where: { name: 'field-test', archivedAt: null },
          cardinality: 'one',
          description: 'whichever label is called field-test in this run',
        },
        scanLabelLinks: labelLinksOf('scan'),
      },
      [
        labelLinkCreated(
          'the issue is tagged field-test',
          'the label called field-test in this run, not a near name or a renamed one',
          'scanLink',
          'scan',
          'fieldTest',
        ),
        {
          kind: 'created',
          name: 'label links added to the sub-issues',
          category: 'set',
          reason: 'the links the run adds to the sub-issues',
          bind: 'childLinks',
          table: 'issue_label_issue_association',
          where: {
            issue_id: { in: { refs: 'children', field: 'id' } },
            issue_label_id: { ref: 'fieldTest', field: 'id' },
          },
          cardinality: 'many',
        },
        {
          kind: 'count',
          name: 'every sub-issue is tagged field-test',
          category: 'set',
          reason: '"every one of its sub-issues"',
          table: 'issue_label_issue_association',
          where: {
            issue_id: { in: { refs: 'children', field: 'id' } },
            issue_label_id: { ref: 'fieldTest', field: 'id' },
          },
          scope: 'after',
          expect: { sizeOf: 'children' },
        },
        {
          kind: 'field',
          name: "the issues' label lists name field-test",
          category: 'identity',
          reason: "each issue's labelIds agrees with the label links",
          target: 'scan',
          field: 'labelIds',
          expect: { contains: { ref: 'fieldTest', field: 'id' } },
        },
        {
          kind: 'preserved',
          name: 'the parent epic is not tagged',
          category: 'relation',
          reason: 'sub-issues are the issues below it, not the one above',
          target: 'epic',
          fields: ['labelIds'],
        },
        labelsKept(
          'labels it already had are kept',
          '"keeping the labels they already have"',
          'scan',
          'scanLabelLinks',
        ),
        unchangedCheck(
          'nothing else changed',
          'preservation',
          'only labels were asked for',
          ['issues', 'issue_label_issue_association', 'issue_relations', 'issue_labels'],
          ['scan', 'children', 'scanLink', 'childLinks', 'scanLabelLinks'],
        ),
      ],
    ),
    ...threeConditions(
      'linear_10',
      {
        description:
          'unrelated activity: a comment on the scanning issue, the ios label added to the epic',
        patch: background,
      },
      {
        description:
          'the field-test label was renamed field-test-2025 and a new label called field-test was created for this year',
        change: 'binding',
        patch: related,
      },
      panel,
    ),
    witness: {
      decision: 'complete',
      description:
        'the source run applied the label by its id; on related that label is field-test-2025',
    },
    traps: ['renamed-entity'],
  };
}
