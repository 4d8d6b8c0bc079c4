// Family linear-nudge-current-assignee (linear_13): comment on an issue asking its current
// assignee, by name, for an ETA, and raise its priority. The issue's stored title ends in a
// space (it came from an import) and a longer title starts the same way. The related
// condition reassigns the issue: the comment must name this run's assignee. Any wording that
// names them is fine.
import {
  type ApiCall,
  linear,
  type Patch,
  type Row,
  type State,
  type Task,
  unchangedCheck,
} from 'agentproofbench/authoring';
import { alternative, type CallOutcome, complete, fault, threeConditions } from './conditions.js';
import { actor, base, CONDITION_AT, danaRow, id, issue, user } from './context.js';
import { issueTitled, linearReference, teamNamed } from './reference.js';

const { commentCreate, insertComment, issueUpdate, updateIssue } = linear;

const STORED_TITLE = 'Retention job skips EU tenants ';
const SUNDAYS = 'Retention job skips EU tenants on Sundays';

export function linear13(): Task {
  const background: Patch = [
    insertComment(
      '3f8b0c62-9d14-4e7a-a5b3-1c0e6f2d9a78',
      issue(SUNDAYS, 'Data'),
      user('Adaeze Nwosu'),
      'The Sunday schedule fix is in review.',
      CONDITION_AT,
    ),
    updateIssue(
      base,
      issue('Inspection export API v2 docs', 'Data'),
      { estimate: 2 },
      CONDITION_AT,
    ),
  ];
  const related: Patch = [
    updateIssue(
      base,
      issue(STORED_TITLE, 'Data'),
      { assigneeId: id(user('Nadia Haddad')) },
      CONDITION_AT,
    ),
    insertComment(
      '8c2a5e07-4b91-4f3d-a6e8-0d7f1b9c3e25',
      issue(STORED_TITLE, 'Data'),
      user('Ingrid Solberg'),
      'Handing this to Nadia, she owns the EU scheduler now.',
      CONDITION_AT,
    ),
  ];

  const panel = (state: State, condition: 'source' | 'background' | 'related'): CallOutcome[] => {
    const job = issue(STORED_TITLE, 'Data', state);
    const sundays = issue(SUNDAYS, 'Data', state);
    const owner = state.get('users', { id: String(job.assigneeId) })!;
    const ask = (target: Row, body: string, priority = 1): ApiCall[] => [
      commentCreate(target, body),
      issueUpdate(target, { priority }),
    ];
    const handle = String(owner.displayName);
    const outcomes: CallOutcome[] = [
      complete(
        'complete',
        `comment asking @${handle} for an ETA, priority Urgent`,
        ask(job, `@${handle} this is overdue now: could you post an ETA?`),
      ),
      alternative(
        'full-name',
        'other wording that names the assignee by full name, priority Urgent',
        ask(
          job,
          `${String(owner.name)}, when do you expect a fix for the EU tenants? Raising this to urgent.`,
        ),
      ),
      fault(
        'longer-title',
        'identity',
        `the comment and the priority went to "${SUNDAYS}"`,
        ask(
          sundays,
          `@${String(state.get('users', { id: String(sundays.assigneeId) })!.displayName)} this is overdue now: could you post an ETA?`,
        ),
      ),
      fault(
        'high-instead',
        'value',
        'the comment is right, but the priority was set to High, not Urgent',
        ask(job, `@${handle} this is overdue now: could you post an ETA?`, 2),
      ),
      fault(
        'taken-over',
        'preservation',
        'comment and priority right, but the actor also assigned the issue to herself',
        [
          ...ask(job, `@${handle} this is overdue now: could you post an ETA?`),
          issueUpdate(job, { assigneeId: id(danaRow) }),
        ],
      ),
    ];
    const wrong =
      condition === 'related'
        ? {
            id: 'previous-assignee',
            who: user('Ingrid Solberg'),
            description:
              'the comment asks Ingrid Solberg, who had the issue before it was reassigned',
          }
        : {
            id: 'other-person',
            who: user('Adaeze Nwosu'),
            description: 'the comment asks Adaeze Nwosu (assignee of the Sunday issue) instead',
          };
    outcomes.push(
      fault(
        wrong.id,
        'value',
        wrong.description,
        ask(job, `@${String(wrong.who.displayName)} this is overdue now: could you post an ETA?`),
      ),
    );
    return outcomes;
  };

  return {
    id: 'linear_13',
    family: 'linear-nudge-current-assignee',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction:
      'Data\'s "Retention job skips EU tenants" is overdue. Leave a comment on it asking whoever it is assigned to — mention them by name — for an ETA, and raise its priority to Urgent.',
    reference: linearReference(
      {
        data: teamNamed('Data'),
        job: issueTitled(
          STORED_TITLE,
          'data',
          'the stored title ends in a space; not the "… on Sundays" issue',
        ),
        owner: {
          table: 'users',
          where: { id: { ref: 'job', field: 'assigneeId' } },
          cardinality: 'one',
          description: 'whoever the issue is assigned to in this run',
        },
      },
      [
        {
          kind: 'created',
          name: 'a comment on the issue that names its assignee',
          category: 'value',
          reason: 'the comment asks the current assignee; their name (or @handle) is in it',
          bind: 'ask',
          table: 'comments',
          where: {
            issueId: { ref: 'job', field: 'id' },
            body: { containsIgnoreCase: { ref: 'owner', field: 'displayName' } },
          },
          cardinality: 'one',
        },
        {
          kind: 'count',
          name: 'no comment on another issue',
          category: 'identity',
          reason: 'the request concerns this one issue',
          table: 'comments',
          where: { issueId: { neq: { ref: 'job', field: 'id' } } },
          scope: 'inserted',
          expect: 0,
        },
        {
          kind: 'field',
          name: 'priority is Urgent',
          category: 'value',
          reason: '"raise its priority to Urgent"',
          target: 'job',
          field: 'priority',
          expect: 1,
        },
        {
          kind: 'preserved',
          name: 'assignee and status kept',
          category: 'preservation',
          reason: 'asking the assignee does not change who has it',
          target: 'job',
          fields: ['assigneeId', 'stateId'],
        },
        unchangedCheck(
          'nothing else changed',
          'preservation',
          'one comment and one priority were asked for',
          ['issues', 'comments', 'issue_relations', 'issue_label_issue_association'],
          ['job', 'ask'],
        ),
      ],
    ),
    ...threeConditions(
      'linear_13',
      {
        description:
          'unrelated activity: a comment on the Sunday issue, an estimate on the export docs issue',
        patch: background,
      },
      {
        description:
          'before the run the issue was reassigned from Ingrid Solberg to Nadia Haddad (with a hand-over comment)',
        change: 'value',
        patch: related,
      },
      panel,
    ),
    witness: {
      decision: 'complete',
      description: 'the source run asked @ingrid; on related the issue belongs to Nadia Haddad',
    },
    traps: ['case-whitespace', 'copied-value', 'legal-alternative'],
  };
}
