// Family linear-reassign-by-name (linear_1, linear_5): hand an issue to a person named in the
// instruction and move it to a named state. The related condition deactivates that person and
// a new colleague of the same name joins the team: the name, not a remembered id, decides.
import {
  linear,
  type Patch,
  type Row,
  type State,
  type Task,
  unchangedCheck,
} from 'agentproofbench/authoring';
import {
  alternative,
  type CallOutcome,
  complete,
  fault,
  prefix,
  threeConditions,
} from './conditions.js';
import { actor, base, CONDITION_AT, id, issue, team, user, workflowState } from './context.js';
import { issueTitled, linearReference } from './reference.js';

const { commentCreate, insertComment, insertUser, issueUpdate, joinTeam, priorityOf, updateIssue } =
  linear;
type NewUser = linear.NewUser;

export interface ReassignByName {
  id: string;
  instruction: string;
  teamName: string;
  title: string;
  person: string;
  /** The near namesake a careless lookup picks in source and background. */
  nearNamesake: { name: string; id: string; description: string };
  targetState: string;
  wrongState: { name: string; id: string; description: string };
  /** The priority the preservation fault resets to. */
  priorityReset: { to: number; description: string };
  newcomer: NewUser & { membershipId: string; sortOrder: number };
  handoverBody: (displayName: string) => string;
  background: () => Patch;
  keys: { team: string; issue: string; person: string; state: string };
  text: {
    complete: string;
    prefix: string;
    teamSelector: string;
    issueSelector: string;
    personSelector: string;
    stateSelector: string;
    stateCheck: string;
    stateReason: string;
    background: string;
    related: string;
    witness: string;
  };
  /**
   * The name the person from before goes by in the related condition. (Linear refuses to
   * assign a deactivated user, so the account stays active under a new name: the stale id
   * still names someone an edit can reach.)
   */
  renamedTo: string;
  /** The identity fault of the related panel: the renamed account from before. */
  formerFault: { id: string; description: string };
}

export function reassignByName(spec: ReassignByName): Task {
  const teamRow = team(spec.teamName);
  const target = workflowState(spec.teamName, spec.targetState);
  const wrong = workflowState(spec.teamName, spec.wrongState.name);
  const namesake = user(spec.nearNamesake.name);
  const former = user(spec.person);
  const { membershipId, sortOrder, ...newUser } = spec.newcomer;
  const newcomer = { ...former, ...newUser } as Row;
  const background = spec.background();
  const related: Patch = [
    {
      op: 'update',
      table: 'users',
      key: { id: id(former) },
      set: { name: spec.renamedTo, updatedAt: CONDITION_AT },
    },
    insertUser(newUser, former, CONDITION_AT),
    joinTeam(membershipId, newUser, teamRow, sortOrder, CONDITION_AT),
  ];
  const k = spec.keys;

  const panel = (
    state: State,
    person: Row,
    wrongPerson: { row: Row; id: string; description: string },
  ): CallOutcome[] => {
    const row = issue(spec.title, spec.teamName, state);
    const edit = (set: Row) => issueUpdate(row, set);
    return [
      complete('complete', spec.text.complete, [
        edit({ assigneeId: id(person), stateId: id(target) }),
      ]),
      alternative('handover-comment', 'the same edit plus a hand-over comment on the issue', [
        edit({ assigneeId: id(person), stateId: id(target) }),
        commentCreate(row, spec.handoverBody(String(person.displayName))),
      ]),
      prefix('assigned-only', spec.text.prefix, [edit({ assigneeId: id(person) })]),
      fault(wrongPerson.id, 'identity', wrongPerson.description, [
        edit({ assigneeId: id(wrongPerson.row), stateId: id(target) }),
      ]),
      fault(spec.wrongState.id, 'value', spec.wrongState.description, [
        edit({ assigneeId: id(person), stateId: id(wrong) }),
      ]),
      fault('priority-reset', 'preservation', spec.priorityReset.description, [
        edit({
          assigneeId: id(person),
          stateId: id(target),
          priority: spec.priorityReset.to,
        }),
      ]),
    ];
  };
  const nearMiss = {
    row: namesake,
    id: spec.nearNamesake.id,
    description: spec.nearNamesake.description,
  };

  return {
    id: spec.id,
    family: 'linear-reassign-by-name',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction: spec.instruction,
    reference: linearReference(
      {
        [k.team]: {
          table: 'teams',
          where: { name: spec.teamName },
          cardinality: 'one',
          description: spec.text.teamSelector,
        },
        [k.issue]: issueTitled(spec.title, k.team, spec.text.issueSelector),
        [k.person]: {
          table: 'users',
          where: { name: spec.person, active: true },
          cardinality: 'one',
          description: spec.text.personSelector,
        },
        [k.state]: {
          table: 'workflow_states',
          where: { teamId: { ref: k.team, field: 'id' }, name: spec.targetState },
          cardinality: 'one',
          description: spec.text.stateSelector,
        },
      },
      [
        {
          kind: 'field',
          name: `assignee is the current ${spec.person}`,
          category: 'identity',
          reason: `the instruction names ${spec.person}; the name decides in this run, not a remembered id`,
          target: k.issue,
          field: 'assigneeId',
          expect: { ref: k.person, field: 'id' },
        },
        {
          kind: 'field',
          name: spec.text.stateCheck,
          category: 'value',
          reason: spec.text.stateReason,
          target: k.issue,
          field: 'stateId',
          expect: { ref: k.state, field: 'id' },
        },
        {
          kind: 'preserved',
          name: 'other fields of the issue kept',
          category: 'preservation',
          reason: 'only the assignee and the status were asked for',
          target: k.issue,
          fields: ['title', 'priority', 'dueDate', 'estimate', 'labelIds', 'parentId', 'teamId'],
        },
        unchangedCheck(
          'no other issue, label link or relation touched',
          'preservation',
          'the request concerns one issue',
          ['issues', 'issue_label_issue_association', 'issue_relations'],
          [k.issue],
        ),
      ],
    ),
    ...threeConditions(
      spec.id,
      { description: spec.text.background, patch: background },
      { description: spec.text.related, change: 'binding', patch: related },
      (state, condition) =>
        condition === 'related'
          ? panel(state, newcomer, { row: former, ...spec.formerFault })
          : panel(state, former, nearMiss),
    ),
    witness: { decision: 'complete', description: spec.text.witness },
    traps: ['shared-name', 'legal-alternative'],
  };
}

export const linear1 = (): Task =>
  reassignByName({
    id: 'linear_1',
    instruction:
      'Jon is out for the rest of the cycle. Please hand the Mobile team\'s "Offline sync drops queued edits" over to Priya Raman and move it to In Review — the fix is already up, she only needs to finish the review.',
    teamName: 'Mobile',
    title: 'Offline sync drops queued edits',
    person: 'Priya Raman',
    nearNamesake: {
      name: 'Priya Ramanathan',
      id: 'other-priya',
      description: 'assigned to Priya Ramanathan, the other Priya on Mobile',
    },
    targetState: 'In Review',
    wrongState: {
      name: 'QA',
      id: 'qa-instead',
      description: 'assigned to Priya Raman but moved to QA instead of In Review',
    },
    priorityReset: {
      to: 3,
      description:
        'assigned and moved correctly, but the edit also reset the priority from High to Medium',
    },
    newcomer: {
      id: '3e9a7c15-6f02-4b8d-a1e4-9c7d2b5f8e60',
      email: 'priya.raman2@kestrel.example',
      displayName: 'priyaraman',
      inviteHash: 'inv-priyaraman-31',
      membershipId: 'b71d0e3a-28c4-4f9e-8d65-1a3c5e7f9b02',
      sortOrder: 8,
    },
    handoverBody: (name) =>
      `Handing this over to ${name}: the fix is up, it needs the final review.`,
    background: () => [
      insertComment(
        '0c6b2f4e-1d57-4a8e-9b13-5e2f7a9c4d01',
        issue('Offline sync drops queued edits on Android 12', 'Mobile'),
        user('Priya Ramanathan'),
        'Pixel 6 repro attached; Doze mode kills the worker after 9 minutes.',
        CONDITION_AT,
      ),
      updateIssue(
        base,
        issue('Dashboard filters renders blank in Safari 17', 'Web'),
        priorityOf(1),
        CONDITION_AT,
      ),
    ],
    keys: { team: 'mobile', issue: 'sync', person: 'priya', state: 'inReview' },
    text: {
      complete: 'assigned to Priya Raman and moved to Mobile › In Review in one edit',
      prefix: 'the run stopped after reassigning; the issue is still In Progress',
      teamSelector: 'the team the instruction names',
      issueSelector: 'the Mobile issue, not the Web one with the same title',
      personSelector: 'whoever is the active Priya Raman in this run',
      stateSelector: "Mobile's In Review state",
      stateCheck: 'status is Mobile › In Review',
      stateReason: 'the instruction asks for In Review, not another started state such as QA',
      background:
        'unrelated activity before the run: a comment on the Android 12 sub-issue, a Web issue escalated to Urgent',
      related:
        'the Priya Raman who was on Mobile now goes by Priya Okafor; a new colleague called Priya Raman joined Mobile',
      witness:
        "the source run wrote the former Priya Raman's id; on related that account is Priya Okafor's",
    },
    renamedTo: 'Priya Okafor',
    formerFault: {
      id: 'former-priya',
      description: 'assigned to Priya Okafor, the account that was called Priya Raman before',
    },
  });

export const linear5 = (): Task =>
  reassignByName({
    id: 'linear_5',
    instruction:
      'Felix moves to the Design team on Monday. Could you give the Web issue "Report viewer loses zoom between pages" to Sam Okonkwo and set it to In Review? His patch is in; Sam just has to review and merge it.',
    teamName: 'Web',
    title: 'Report viewer loses zoom between pages',
    person: 'Sam Okonkwo',
    nearNamesake: {
      name: 'Samuel Okonkwo',
      id: 'other-sam',
      description: 'assigned to Samuel Okonkwo (Mobile), whose name also starts with "Sam Okonkwo"',
    },
    targetState: 'In Review',
    wrongState: {
      name: 'Done',
      id: 'done-instead',
      description: 'assigned to Sam Okonkwo but closed as Done instead of In Review',
    },
    priorityReset: {
      to: 0,
      description: 'assigned and moved correctly, but the edit also cleared the High priority',
    },
    newcomer: {
      id: '8d2c41f7-95b3-4e0a-b6d1-3f7e9a0c5b28',
      email: 'sam.okonkwo2@kestrel.example',
      displayName: 'samokonkwo',
      inviteHash: 'inv-samokonkwo-32',
      membershipId: '1f6e8a3d-0c47-4b92-9e15-7a2d5c8b0f63',
      sortOrder: 8,
    },
    handoverBody: (name) => `@${name} this is yours now: the patch is up, it needs your review.`,
    background: () => [
      insertComment(
        '7b0d5e93-2a61-4c8f-a3e7-9d1c4f6b2e80',
        issue('Billing portal v2', 'Web'),
        user('Owen Gallagher'),
        'Seat management is behind a flag on staging now.',
        CONDITION_AT,
      ),
      updateIssue(base, issue('Billing portal v2', 'Web'), { estimate: 13 }, CONDITION_AT),
    ],
    keys: { team: 'web', issue: 'viewer', person: 'sam', state: 'inReview' },
    text: {
      complete: 'assigned to Sam Okonkwo and moved to Web › In Review in one edit',
      prefix: 'the run stopped after reassigning; the issue is still In Progress',
      teamSelector: 'the team the instruction names',
      issueSelector: 'the Web report-viewer issue',
      personSelector: 'whoever is the active Sam Okonkwo in this run',
      stateSelector: "Web's In Review state",
      stateCheck: 'status is Web › In Review',
      stateReason: 'the instruction asks for In Review; the patch is not merged, so not Done',
      background:
        'unrelated activity before the run: a comment on the billing portal issue and a new estimate for it',
      related:
        'the Sam Okonkwo on Web now goes by Sam Adeyemi; a new colleague called Sam Okonkwo joined Web',
      witness:
        "the source run wrote the former Sam Okonkwo's id; on related that account is Sam Adeyemi's",
    },
    renamedTo: 'Sam Adeyemi',
    formerFault: {
      id: 'former-sam',
      description: 'assigned to Sam Adeyemi, the account that was called Sam Okonkwo before',
    },
  });
