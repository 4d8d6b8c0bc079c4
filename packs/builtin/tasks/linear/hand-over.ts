// Family linear-hand-over-open-issues (linear_8, linear_9): hand every open issue a person
// holds in one team to either of two named colleagues; closed issues stay with them. The set
// is larger than one page of `issues` (50), and the related condition changes it: two of the
// issues are closed before the run and another issue is given to the person.
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
import { alternative, type CallOutcome, complete, fault, threeConditions } from './conditions.js';
import { actor, base, CONDITION_AT, id, team, user, workflowState } from './context.js';
import { linearReference, teamNamed } from './reference.js';

const { issueUpdate, updateIssue } = linear;

/** Linear's default page of a connection: the first page a careless verifier reads. */
const PAGE = 50;
const CLOSED_TYPES = ['completed', 'canceled'];

export interface HandOver {
  id: string;
  instruction: string;
  teamName: string;
  from: string;
  targets: readonly [string, string];
  /** The issue the related condition gives to `from` (held by someone else before). */
  newlyAssigned: (row: Row) => boolean;
  /** The identity fault: an outcome id, description and the extra row changes it makes. */
  wrongPeople: (
    state: State,
    handed: readonly Row[],
  ) => { id: string; description: string; calls: ApiCall[] };
  text: { background: string; witness: string };
  background: () => Patch;
  traps: Task['traps'];
}

const typeOf = (row: Row): string =>
  String(base.get('workflow_states', { id: String(row.stateId) })?.type);
const isOpen = (row: Row): boolean => !CLOSED_TYPES.includes(typeOf(row));

/** The rows `issues` lists first (newest created first, ties by id), as the replica pages them. */
export function firstPage(rows: readonly Row[]): Row[] {
  return [...rows]
    .sort((a, b) => {
      const difference = Date.parse(String(b.createdAt)) - Date.parse(String(a.createdAt));
      if (difference !== 0) return difference;
      return String(a.id) < String(b.id) ? -1 : 1;
    })
    .slice(0, PAGE);
}

export function handOver(spec: HandOver): Task {
  const teamRow = team(spec.teamName);
  const done = workflowState(spec.teamName, 'Done');
  const fromRow = user(spec.from);
  const [first, second] = spec.targets.map((name) => user(name)) as [Row, Row];
  const held = (state: State, open: boolean) =>
    findRows(
      state,
      'issues',
      (row) =>
        row.teamId === teamRow.id &&
        row.assigneeId === fromRow.id &&
        (row.archivedAt ?? null) === null &&
        isOpen(row) === open,
    );
  const sourceOpen = held(base, true);
  const closedBefore = sourceOpen.slice(-2);
  const [given] = findRows(
    base,
    'issues',
    (row) =>
      row.teamId === teamRow.id &&
      (row.archivedAt ?? null) === null &&
      isOpen(row) &&
      spec.newlyAssigned(row),
  );
  if (!given)
    throw new Error(`${spec.id}: no issue for the related condition to give to ${spec.from}`);
  const background = spec.background();
  const related: Patch = [
    ...closedBefore.map((row) => updateIssue(base, row, { stateId: id(done) }, CONDITION_AT)),
    updateIssue(base, given, { assigneeId: id(fromRow) }, CONDITION_AT),
  ];

  const panel = (state: State, condition: 'source' | 'background' | 'related'): CallOutcome[] => {
    const handed = held(state, true);
    const kept = held(state, false);
    const assign = (rows: readonly Row[], to: (index: number) => Row): ApiCall[] =>
      rows.map((row, index) => issueUpdate(row, { assigneeId: id(to(index)) }));
    const all = assign(handed, () => first);
    const onFirstPage = new Set(firstPage(handed).map(id));
    const wrong = spec.wrongPeople(state, handed);
    const outcomes: CallOutcome[] = [
      complete(
        'complete',
        `all ${handed.length} open issues of ${spec.from} handed to ${spec.targets[0]}`,
        all,
      ),
      alternative(
        'split',
        `the ${handed.length} open issues split between ${spec.targets[0]} and ${spec.targets[1]}`,
        assign(handed, (index) => (index % 2 === 0 ? first : second)),
      ),
      fault(
        'first-page-only',
        'set',
        `only the ${PAGE} issues of the first page handed over; ${handed.length - PAGE} stay with ${spec.from}`,
        assign(
          handed.filter((row) => onFirstPage.has(id(row))),
          () => first,
        ),
      ),
      fault(
        'closed-too',
        'preservation',
        `the open issues handed over, and also the ${kept.length} closed ones that were to stay with ${spec.from}`,
        [...all, ...assign(kept, () => first)],
      ),
      fault(wrong.id, 'identity', wrong.description, wrong.calls),
    ];
    if (condition === 'related')
      outcomes.push(
        fault(
          'missed-new-issue',
          'set',
          `every open issue handed over except "${String(given.title)}", which ${spec.from} got just before the run`,
          assign(
            handed.filter((row) => row.id !== given.id),
            () => first,
          ),
        ),
      );
    return outcomes;
  };

  return {
    id: spec.id,
    family: 'linear-hand-over-open-issues',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction: spec.instruction,
    reference: linearReference(
      {
        team: teamNamed(spec.teamName),
        from: {
          table: 'users',
          where: { name: spec.from, active: true },
          cardinality: 'one',
          description: `the active ${spec.from}, not a deactivated namesake`,
        },
        targets: {
          table: 'users',
          where: { name: { in: [...spec.targets] }, active: true },
          cardinality: { min: 2, max: 2 },
          description: 'the two people the work may go to',
        },
        openStates: {
          table: 'workflow_states',
          where: { teamId: { ref: 'team', field: 'id' }, type: { nin: CLOSED_TYPES } },
          cardinality: 'some',
        },
        handed: {
          table: 'issues',
          where: {
            teamId: { ref: 'team', field: 'id' },
            assigneeId: { ref: 'from', field: 'id' },
            stateId: { in: { refs: 'openStates', field: 'id' } },
            archivedAt: null,
          },
          cardinality: { min: PAGE + 1 },
          description: `every open ${spec.teamName} issue ${spec.from} holds in this run (more than one page)`,
        },
        kept: {
          table: 'issues',
          where: {
            teamId: { ref: 'team', field: 'id' },
            assigneeId: { ref: 'from', field: 'id' },
            stateId: { nin: { refs: 'openStates', field: 'id' } },
          },
          cardinality: 'many',
          description: `${spec.from}'s finished or canceled issues`,
        },
      },
      [
        {
          kind: 'count',
          name: 'every open issue handed to one of the two',
          category: 'set',
          reason: 'the instruction asks for every open issue, all pages of them',
          table: 'issues',
          where: {
            id: { in: { refs: 'handed', field: 'id' } },
            assigneeId: { in: { refs: 'targets', field: 'id' } },
          },
          scope: 'after',
          expect: { sizeOf: 'handed' },
        },
        {
          kind: 'field',
          name: `each goes to ${spec.targets[0]} or ${spec.targets[1]}`,
          category: 'identity',
          reason: 'either of the two named people; anyone else is the wrong person',
          target: 'handed',
          field: 'assigneeId',
          expect: { in: { refs: 'targets', field: 'id' } },
        },
        {
          kind: 'count',
          name: `nothing but ${spec.from}'s open issues handed over`,
          category: 'identity',
          reason: `only the active ${spec.from}'s open issues move to the two`,
          table: 'issues',
          where: {
            id: { nin: { refs: 'handed', field: 'id' } },
            assigneeId: { in: { refs: 'targets', field: 'id' } },
          },
          scope: 'updated',
          expect: 0,
        },
        {
          kind: 'preserved',
          name: `closed issues stay with ${spec.from}`,
          category: 'preservation',
          reason: 'finished or canceled issues stay where they are',
          target: 'kept',
          fields: ['assigneeId'],
        },
        {
          kind: 'preserved',
          name: 'only the assignee changes',
          category: 'preservation',
          reason: 'status, priority and title of the handed issues stay',
          target: 'handed',
          fields: ['stateId', 'priority', 'title', 'labelIds'],
        },
        unchangedCheck(
          'no other issue, label link, relation or comment touched',
          'preservation',
          'the request concerns these issues only',
          ['issues', 'issue_label_issue_association', 'issue_relations', 'comments'],
          ['handed'],
        ),
      ],
    ),
    ...threeConditions(
      spec.id,
      { description: spec.text.background, patch: background },
      {
        description: `before the run ${spec.from} closed ${closedBefore.map((row) => String(row.identifier)).join(' and ')} (now Done) and was given ${String(given.identifier)}`,
        change: 'membership',
        patch: related,
      },
      panel,
    ),
    witness: { decision: 'complete', description: spec.text.witness },
    traps: spec.traps,
  };
}

const filler = (assignee: string) => (row: Row) =>
  row.assigneeId === id(user(assignee)) && String(row.description).includes('. Noticed by ');

export const linear8 = (): Task =>
  handOver({
    id: 'linear_8',
    instruction:
      'Marco Diaz moves to the Security team next week. Hand every open Platform issue assigned to him over to Tobias Brandt or Kwame Asante — split them between the two however you like. Issues he already finished or canceled stay with him.',
    teamName: 'Platform',
    from: 'Marco Diaz',
    // The deactivated Marco Díaz differs by one accent: a loose name match takes his issues too.
    traps: ['pagination', 'shared-name', 'legal-alternative'],
    targets: ['Tobias Brandt', 'Kwame Asante'],
    newlyAssigned: filler('Ravi Menon'),
    wrongPeople: (state, handed) => {
      const namesake = findRows(state, 'users', { name: 'Marco Díaz' })[0]!;
      const theirs = findRows(
        state,
        'issues',
        (row) =>
          row.assigneeId === namesake.id && row.teamId === team('Platform').id && isOpen(row),
      );
      return {
        id: 'namesake-too',
        description: `the open issues handed over, and also the ${theirs.length} open issues of the deactivated Marco Díaz`,
        calls: [...handed, ...theirs].map((row) =>
          issueUpdate(row, { assigneeId: id(user('Tobias Brandt')) }),
        ),
      };
    },
    background: () => [
      updateIssue(
        base,
        findRows(base, 'issues', filler('Tomasz Wrona')).find((row) => isOpen(row))!,
        { estimate: 2 },
        CONDITION_AT,
      ),
      updateIssue(
        base,
        findRows(base, 'issues', filler('Harriet Vance'))[0]!,
        { priority: 1, priorityLabel: 'Urgent' },
        CONDITION_AT,
      ),
    ],
    text: {
      background:
        'unrelated activity: a Platform issue of Tomasz Wrona re-estimated, a Web issue raised to Urgent',
      witness:
        'the source run handed over the source set: on related it reassigns two issues that are now closed and misses the one Marco just got',
    },
  });

export const linear9 = (): Task =>
  handOver({
    id: 'linear_9',
    instruction:
      "Yuki Tanabe is on parental leave from Monday. Please move all of Yuki's open Mobile issues to Beatriz Lopes or John Park (either is fine, mix as you like); anything Yuki already closed stays assigned to Yuki.",
    teamName: 'Mobile',
    from: 'Yuki Tanabe',
    traps: ['pagination', 'legal-alternative'],
    targets: ['Beatriz Lopes', 'John Park'],
    newlyAssigned: filler('Priya Ramanathan'),
    wrongPeople: (_state, handed) => ({
      id: 'jon-instead',
      description: 'the open issues split between Beatriz Lopes and Jon Park (not John Park)',
      calls: handed.map((row, index) =>
        issueUpdate(row, { assigneeId: id(user(index % 2 === 0 ? 'Beatriz Lopes' : 'Jon Park')) }),
      ),
    }),
    background: () => [
      updateIssue(
        base,
        findRows(base, 'issues', filler('Jon Park')).find((row) => isOpen(row))!,
        { estimate: 3 },
        CONDITION_AT,
      ),
      updateIssue(
        base,
        findRows(base, 'issues', filler('Adaeze Nwosu'))[0]!,
        { priority: 2, priorityLabel: 'High' },
        CONDITION_AT,
      ),
    ],
    text: {
      background:
        'unrelated activity: a Mobile issue of Jon Park re-estimated, a Data issue raised to High',
      witness:
        'the source run handed over the source set: on related it reassigns two issues that are now closed and misses the one Yuki just got',
    },
  });
