// Family linear-rename-and-record-blocker (linear_16): rename an issue, record that it blocks
// another, and keep its description. The edit form sends the description with the title; the
// related condition edits the description before the run, and that text must survive. A
// Design issue shares the blocked issue's title, and the issue already has a link that stays.
import {
  type ApiCall,
  findRow,
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

const { insertComment, issueRelationCreate, issueRelationDelete, issueUpdate, updateIssue } =
  linear;

const TITLE = 'Invite modal focus bug';
const NEW_TITLE = 'Invite modal traps keyboard focus';
const AUDIT = 'Accessibility audit sign-off';

export function linear16(): Task {
  const background: Patch = [
    insertComment(
      '2a9f4c7e-6b13-4d80-b5e2-9c1a0f7d3e64',
      issue(AUDIT, 'Web'),
      user('Harriet Vance'),
      'The auditors start on the 23rd.',
      CONDITION_AT,
    ),
    updateIssue(base, issue(AUDIT, 'Design'), { estimate: 1 }, CONDITION_AT),
  ];
  const related: Patch = [
    updateIssue(
      base,
      issue(TITLE, 'Web'),
      {
        description:
          'Tab moves focus behind the invite modal; screen readers lose their place. Repro on Safari 17 and Chrome 122 with VoiceOver and NVDA.',
      },
      CONDITION_AT,
    ),
  ];

  const panel = (state: State, condition: 'source' | 'background' | 'related'): CallOutcome[] => {
    const invite = issue(TITLE, 'Web', state);
    const audit = issue(AUDIT, 'Web', state);
    const designAudit = issue(AUDIT, 'Design', state);
    const existing = findRow(
      state,
      'issue_relations',
      { issueId: id(invite), type: 'related' },
      "the invite issue's related link",
    );
    // The issue page sends the title and the description it shows in one edit.
    const rename = (title: string, description: unknown = invite.description): ApiCall[] => [
      issueUpdate(invite, { title, description } as Row),
    ];
    const link = (from: Row, to: Row): ApiCall[] => [issueRelationCreate(from, to, 'blocks')];
    const outcomes: CallOutcome[] = [
      complete(
        'complete',
        `renamed to "${NEW_TITLE}" with its description sent unchanged; blocks ${String(audit.identifier)}`,
        [...rename(NEW_TITLE), ...link(invite, audit)],
      ),
      fault(
        'reversed-link',
        'relation',
        'renamed, but the audit issue was recorded as blocking this one',
        [...rename(NEW_TITLE), ...link(audit, invite)],
      ),
      fault('design-audit', 'identity', `renamed, but linked to the Design team's "${AUDIT}"`, [
        ...rename(NEW_TITLE),
        ...link(invite, designAudit),
      ]),
      fault(
        'other-title',
        'value',
        'renamed to "Invite modal keyboard focus" instead of the title asked for',
        [...rename('Invite modal keyboard focus'), ...link(invite, audit)],
      ),
      fault(
        'old-link-removed',
        'preservation',
        'renamed and linked, but its existing related link to the copy review was deleted',
        [...rename(NEW_TITLE), ...link(invite, audit), issueRelationDelete(existing)],
      ),
      fault(
        'description-cleared',
        'preservation',
        'renamed and linked, but the edit sent an empty description',
        [...rename(NEW_TITLE, ''), ...link(invite, audit)],
      ),
    ];
    if (condition === 'related')
      outcomes.push(
        fault(
          'description-reset',
          'preservation',
          'renamed and linked, but the description was sent as it read before the latest edit',
          [
            ...rename(NEW_TITLE, base.get('issues', { id: id(invite) })?.description),
            ...link(invite, audit),
          ],
        ),
      );
    return outcomes;
  };

  return {
    id: 'linear_16',
    family: 'linear-rename-and-record-blocker',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction: `Rename Web's "${TITLE}" to "${NEW_TITLE}" and record that it blocks the Web issue "${AUDIT}". Keep its description exactly as it is.`,
    reference: linearReference(
      {
        web: teamNamed('Web'),
        invite: issueTitled(TITLE, 'web'),
        audit: issueTitled(AUDIT, 'web', "the Web issue, not Design's with the same title"),
      },
      [
        {
          kind: 'field',
          name: 'renamed as asked',
          category: 'value',
          reason: 'the new title is given word for word',
          target: 'invite',
          field: 'title',
          expect: NEW_TITLE,
        },
        {
          kind: 'created',
          name: 'a blocks relation from this issue',
          category: 'relation',
          reason: '"it blocks the audit issue": the relation runs from this issue',
          bind: 'link',
          table: 'issue_relations',
          where: { issueId: { ref: 'invite', field: 'id' }, type: 'blocks' },
          cardinality: 'one',
        },
        {
          kind: 'field',
          name: 'it blocks the Web audit issue',
          category: 'identity',
          reason: "the Web issue of that title, not the Design team's",
          target: 'link',
          field: 'relatedIssueId',
          expect: { ref: 'audit', field: 'id' },
        },
        {
          kind: 'preserved',
          name: 'description kept',
          category: 'preservation',
          reason: '"keep its description exactly as it is": as this run\'s before-state has it',
          target: 'invite',
          fields: ['description', 'assigneeId', 'stateId', 'labelIds', 'priority'],
        },
        unchangedCheck(
          'no other issue, relation or comment touched',
          'preservation',
          'its other links stay; nothing else was asked for',
          ['issues', 'issue_relations', 'comments', 'issue_label_issue_association'],
          ['invite', 'link'],
        ),
      ],
    ),
    ...threeConditions(
      'linear_16',
      {
        description:
          "unrelated activity: a comment on the Web audit issue, an estimate on Design's audit issue",
        patch: background,
      },
      {
        description:
          'before the run Rosa added browser and screen-reader details to the issue description',
        change: 'preservation',
        patch: related,
      },
      panel,
    ),
    witness: {
      decision: 'complete',
      description:
        'the source run sent the old description with the title; on related that erases the details Rosa added',
    },
    traps: ['preserve-across-tables', 'shared-name', 'copied-value'],
  };
}
