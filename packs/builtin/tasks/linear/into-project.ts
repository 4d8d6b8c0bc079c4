// Family linear-add-to-project-for-lead (linear_11): put issues into a project and assign them
// to the project's lead. The related condition renames that project and creates a new one of
// the name with another lead: project and lead both follow the name in this run.
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
import { actor, base, CONDITION_AT, id, issue, project, user } from './context.js';
import { linearReference, teamNamed } from './reference.js';

const { insertProject, issueUpdate, renameProject, updateIssue } = linear;

const TITLES = ['Rugged case compatibility check', 'Bluetooth thermometer pairing'];
const NAME = 'Field kit rollout';

export function linear11(): Task {
  const pilot = project(NAME);
  const background: Patch = [
    updateIssue(
      base,
      issue('Asset tag scanning: QR fallback', 'Mobile'),
      { estimate: 2 },
      CONDITION_AT,
    ),
    {
      op: 'update',
      table: 'projects',
      key: { id: id(pilot) },
      set: { progress: 0.3, updatedAt: CONDITION_AT },
    },
  ];
  const related: Patch = [
    renameProject(pilot, `${NAME} (pilot)`, CONDITION_AT),
    insertProject(
      '6b1d9f42-0e73-4a85-b2c6-d8e40f1a7c93',
      pilot,
      {
        name: NAME,
        description: 'Rugged devices and peripherals for every crew, after the pilot.',
        state: 'planned',
        leadId: id(user('Samuel Okonkwo')),
        startDate: '2026-03-16',
        targetDate: '2026-06-30',
      },
      CONDITION_AT,
    ),
  ];

  const panel = (state: State, condition: 'source' | 'background' | 'related'): CallOutcome[] => {
    const rows = TITLES.map((title) => issue(title, 'Mobile', state));
    const target = project(NAME, state);
    const lead = state.get('users', { id: String(target.leadId) })!;
    const file = (into: Row, assignee: Row, which: readonly Row[] = rows): ApiCall[] =>
      which.map((row) => issueUpdate(row, { projectId: id(into), assigneeId: id(assignee) }));
    const outcomes: CallOutcome[] = [
      complete(
        'complete',
        `both issues in "${NAME}" and assigned to its lead ${String(lead.name)}`,
        file(target, lead),
      ),
      fault(
        'one-missed',
        'set',
        `only "${TITLES[0]}" moved into the project and assigned`,
        file(target, lead, rows.slice(0, 1)),
      ),
      fault(
        'creator-assigned',
        'relation',
        "both issues in the project, but assigned to the project's creator instead of its lead",
        file(target, state.get('users', { id: String(target.creatorId) })!),
      ),
      fault(
        'other-project',
        'identity',
        'both issues put into "Offline inspections", the other Mobile project, and given to its lead',
        file(
          project('Offline inspections', state),
          state.get('users', { id: String(project('Offline inspections', state).leadId) })!,
        ),
      ),
    ];
    if (condition === 'related') {
      const old = project(`${NAME} (pilot)`, state);
      outcomes.push(
        fault(
          'pilot-project',
          'identity',
          'both issues put into the renamed pilot project and given to its lead',
          file(old, state.get('users', { id: String(old.leadId) })!),
        ),
      );
    }
    return outcomes;
  };

  return {
    id: 'linear_11',
    family: 'linear-add-to-project-for-lead',
    service: 'linear',
    seed: 'linear-base',
    actor,
    instruction: `Put Mobile's "${TITLES[0]}" and "${TITLES[1]}" into the ${NAME} project and assign both to whoever leads that project.`,
    reference: linearReference(
      {
        mobile: teamNamed('Mobile'),
        work: {
          table: 'issues',
          where: { title: { in: TITLES }, teamId: { ref: 'mobile', field: 'id' } },
          cardinality: { min: 2, max: 2 },
        },
        project: {
          table: 'projects',
          where: { name: NAME },
          cardinality: 'one',
          description: 'whichever project has this name in this run',
        },
        lead: {
          table: 'users',
          where: { id: { ref: 'project', field: 'leadId' } },
          cardinality: 'one',
        },
      },
      [
        {
          kind: 'count',
          name: 'both issues are in the project',
          category: 'set',
          reason: 'the instruction names two issues',
          table: 'issues',
          where: {
            id: { in: { refs: 'work', field: 'id' } },
            projectId: { ref: 'project', field: 'id' },
          },
          scope: 'after',
          expect: { sizeOf: 'work' },
        },
        {
          kind: 'field',
          name: `the project is the one called ${NAME}`,
          category: 'identity',
          reason: 'the name decides in this run, not a project remembered from before',
          target: 'work',
          field: 'projectId',
          expect: { ref: 'project', field: 'id' },
        },
        {
          kind: 'field',
          name: "assigned to the project's lead",
          category: 'relation',
          reason: "the lead of that project, not its creator or another project's lead",
          target: 'work',
          field: 'assigneeId',
          expect: { ref: 'lead', field: 'id' },
        },
        {
          kind: 'preserved',
          name: 'status, priority and title kept',
          category: 'preservation',
          reason: 'only the project and the assignee were asked for',
          target: 'work',
          fields: ['stateId', 'priority', 'title', 'labelIds'],
        },
        unchangedCheck(
          'no other issue or project touched',
          'preservation',
          'the request concerns two issues',
          ['issues', 'projects', 'issue_relations'],
          ['work'],
        ),
      ],
    ),
    ...threeConditions(
      'linear_11',
      {
        description:
          "unrelated activity: an estimate on a scanning sub-issue, the project's progress updated",
        patch: background,
      },
      {
        description: `the project was renamed "${NAME} (pilot)"; a new project called "${NAME}", led by Samuel Okonkwo, took the name`,
        change: 'binding',
        patch: related,
      },
      panel,
    ),
    witness: {
      decision: 'complete',
      description: `the source run wrote the pilot project's id and Beatriz Lopes; on related "${NAME}" is another project led by Samuel Okonkwo`,
    },
    traps: ['renamed-entity', 'copied-value'],
  };
}
