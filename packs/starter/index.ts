// Generates fixtures/packs/starter: a deliberately small Linear pack (two tasks) that
// exercises every part of the format. Its seed is built here in code, and each outcome is the
// actor's Linear calls with the patch the write model derives on the seed before the seed's
// file is written (`stateFromSeed`). packs/generate.ts runs it.
import path from 'node:path';
import {
  type ApiCall,
  applyPatch,
  type ConditionName,
  deriveCalls,
  type GeneratedFile,
  jsonText,
  linear,
  type Outcome,
  type OutcomeFile,
  type Patch,
  type Row,
  type Seed,
  stateFromSeed,
  type Task,
} from 'agentproofbench/authoring';
import { STARTER_CALL_CLOCK } from './clock.js';

const { commentCreate, issueUpdate } = linear;

/** The starter pack's folder, relative to the repository root. */
const STARTER_PACK = 'fixtures/packs/starter';
const T0 = '2026-03-02T09:00:00.000Z';
const T_RUN = '2026-03-09T14:30:00.000Z';
const ORG = 'org-starter';

const user = (id: string, name: string, email: string, active = true): Row => ({
  id,
  name,
  displayName: name.split(' ')[0]!.toLowerCase(),
  email,
  organizationId: ORG,
  active,
  admin: false,
  guest: false,
  isMe: false,
  createdAt: T0,
  updatedAt: T0,
});
const users = [
  user('usr-lena', 'Lena Okafor', 'lena@fieldworks.example'),
  user('usr-mateo', 'Mateo Ruiz', 'mateo@fieldworks.example'),
  user('usr-mateo-ro', 'Mateo Ruiz-Ortega', 'mateo.ro@fieldworks.example'),
  user('usr-priya', 'Priya Shah', 'priya@fieldworks.example'),
  user('usr-priya-n', 'Priya S. Nair', 'priya.nair@fieldworks.example'),
  user('usr-tomas', 'Tomás Berg', 'tomas@fieldworks.example'),
];
const team = (id: string, name: string, key: string): Row => ({
  id,
  name,
  key,
  organizationId: ORG,
  private: false,
  createdAt: T0,
  updatedAt: T0,
});
const teams = [team('team-ops', 'Facilities', 'FAC'), team('team-pay', 'Payments', 'PAY')];
const stateNames = [
  ['Backlog', 'backlog'],
  ['Todo', 'unstarted'],
  ['In Progress', 'started'],
  ['In Review', 'started'],
  ['Done', 'completed'],
] as const;
const workflowStates = teams.flatMap((t) =>
  stateNames.map(([name, type], position) => ({
    id: `st-${t.key}-${name.replace(' ', '').toLowerCase()}`,
    teamId: String(t.id),
    name,
    type,
    position,
    color: '#888888',
    createdAt: T0,
    updatedAt: T0,
  })),
);
const st = (teamKey: string, name: string) =>
  `st-${teamKey}-${name.replace(' ', '').toLowerCase()}`;
let number = 0;
const issue = (
  teamKey: 'FAC' | 'PAY',
  title: string,
  state: string,
  assigneeId: string | null,
  priority = 3,
): Row => {
  number += 1;
  const teamId = teamKey === 'FAC' ? 'team-ops' : 'team-pay';
  return {
    id: `iss-${teamKey.toLowerCase()}-${number}`,
    identifier: `${teamKey}-${number}`,
    number,
    title,
    description: '',
    teamId,
    stateId: st(teamKey, state),
    assigneeId,
    creatorId: 'usr-lena',
    priority,
    createdAt: T0,
    updatedAt: T0,
  };
};
const issues = [
  issue('FAC', 'Replace boiler valve', 'Todo', 'usr-tomas', 2),
  issue('FAC', 'Replace boiler valve (parts order)', 'Backlog', null),
  issue('FAC', 'Repaint loading dock lines', 'In Progress', 'usr-mateo-ro'),
  issue('FAC', 'Inspect roof drains', 'Todo', 'usr-lena'),
  issue('PAY', 'Fix invoice rounding', 'Todo', null, 1),
  issue('PAY', 'Fix invoice rounding for credit notes', 'Backlog', 'usr-priya-n'),
  issue('PAY', 'Rotate payout API keys', 'In Review', 'usr-priya'),
  issue('PAY', 'Archive 2024 ledgers', 'Done', 'usr-tomas', 4),
];
const comments: Row[] = [
  {
    id: 'cmt-1',
    issueId: 'iss-fac-1',
    userId: 'usr-lena',
    body: 'Supplier confirmed the valve size.',
    createdAt: T0,
    updatedAt: T0,
  },
];
const seed: Seed = {
  name: 'starter-linear',
  service: 'linear',
  description: 'A tiny Linear workspace (two teams) for the starter pack.',
  tables: {
    organizations: {
      key: ['id'],
      rows: [{ id: ORG, name: 'Fieldworks', urlKey: 'fieldworks', createdAt: T0, updatedAt: T0 }],
    },
    users: { key: ['id'], rows: users },
    teams: { key: ['id'], rows: teams },
    team_memberships: {
      key: ['id'],
      rows: users.map((u, index) => ({
        id: `tm-${index}`,
        userId: String(u.id),
        teamId: index < 3 ? 'team-ops' : 'team-pay',
        owner: false,
        createdAt: T0,
        updatedAt: T0,
      })),
    },
    workflow_states: { key: ['id'], rows: workflowStates },
    issue_labels: { key: ['id'], rows: [] },
    issue_label_issue_association: { key: ['issue_id', 'issue_label_id'], rows: [] },
    issues: { key: ['id'], rows: issues },
    comments: { key: ['id'], rows: comments },
    issue_relations: { key: ['id'], rows: [] },
  },
};

const update = (table: string, id: string, set: Row): Patch[number] => ({
  op: 'update',
  table,
  key: { id },
  set: { ...set, updatedAt: T_RUN },
});
const comment = (id: string, issueId: string, userId: string, body: string): Patch[number] => ({
  op: 'insert',
  table: 'comments',
  row: { id, issueId, userId, body, createdAt: T_RUN, updatedAt: T_RUN },
});

/** An outcome written as the actor's calls; its patch is derived when the task is written. */
type CallOutcome = Omit<OutcomeFile, 'patch'> & { calls: ApiCall[] };

/**
 * A panel with each outcome's patch derived from its calls on the condition's before-state, as
 * the loader derives it (docs/pack-format.md, "Outcomes as API calls"); a refused call throws.
 */
function derivedPanel(task: Task, condition: ConditionName, outcomes: CallOutcome[]): Outcome[] {
  const conditionPatch = task.conditions[condition]?.patch ?? [];
  const before = applyPatch(stateFromSeed(seed), conditionPatch, `${task.id} ${condition}`);
  return outcomes.map((written) => {
    const { patch } = deriveCalls(
      before,
      task.actor,
      written.calls,
      STARTER_CALL_CLOCK,
      `${task.id}/${condition}/${written.id}`,
    );
    const { calls, ...rest } = written;
    return { ...rest, calls, patch };
  });
}

const HANDOVER_NOTE = 'Handing over to Mateo while Tomás is away.';

// Task 1 — preservation: the status that must survive is whatever the issue starts with.
const handover: Task = {
  id: 'starter_1',
  family: 'starter-handover-keep-status',
  service: 'linear',
  seed: 'starter-linear',
  actor: { id: 'usr-lena', name: 'Lena Okafor', email: 'lena@fieldworks.example' },
  instruction:
    'Tomás is on leave. Hand "Replace boiler valve" over to Mateo Ruiz, but leave its status exactly as it is right now.',
  reference: {
    kind: 'declarative',
    version: 1,
    selectors: {
      valve: { table: 'issues', where: { title: 'Replace boiler valve' }, cardinality: 'one' },
      mateo: { table: 'users', where: { name: 'Mateo Ruiz' }, cardinality: 'one' },
    },
    checks: [
      {
        kind: 'field',
        name: 'valve assigned to Mateo Ruiz',
        category: 'identity',
        reason: 'the instruction names Mateo Ruiz as the new owner',
        target: 'valve',
        field: 'assigneeId',
        expect: { ref: 'mateo', field: 'id' },
      },
      {
        kind: 'preserved',
        name: 'valve keeps its initial status',
        category: 'preservation',
        reason: 'leave its status exactly as it is right now',
        target: 'valve',
        fields: ['stateId'],
      },
      {
        kind: 'unchanged',
        name: 'no other issue touched',
        category: 'value',
        reason: 'only the named issue is handed over',
        tables: ['issues'],
        except: ['valve'],
        ignoreFields: [],
      },
    ],
    ignoreFields: ['updatedAt'],
  },
  conditions: {
    source: { description: 'the seed as is', patch: [] },
    background: {
      description: 'an unrelated Payments issue moved to Done',
      patch: [update('issues', 'iss-pay-7', { stateId: st('PAY', 'Done') })],
    },
    related: {
      description: 'the valve issue starts In Review instead of Todo',
      change: 'preservation',
      patch: [update('issues', 'iss-fac-1', { stateId: st('FAC', 'In Review') })],
    },
  },
  outcomes: { source: [] },
  witness: {
    decision: 'complete',
    description: 'the source run re-saved the status it saw (Todo) together with the new assignee',
  },
};
/** A status the run set, and how the outcome describes it. */
interface StatusChange {
  state: string;
  description: string;
}

const handoverOutcomes = (initialState: string, statusFault: StatusChange): CallOutcome[] => [
  {
    id: 'complete',
    role: 'complete',
    label: 'valid',
    description: 'assigned to Mateo Ruiz, status written back unchanged',
    // The status the run read is sent back with the assignee: the server changes nothing there.
    calls: [
      issueUpdate('iss-fac-1', { assigneeId: 'usr-mateo', stateId: st('FAC', initialState) }),
    ],
  },
  {
    id: 'with-note',
    role: 'alternative',
    label: 'valid',
    description: 'assigned to Mateo Ruiz and a hand-over comment added',
    calls: [
      issueUpdate('iss-fac-1', { assigneeId: 'usr-mateo' }),
      commentCreate('iss-fac-1', HANDOVER_NOTE),
    ],
  },
  {
    id: 'wrong-mateo',
    role: 'fault',
    label: 'invalid',
    fault: 'identity',
    description: 'assigned to Mateo Ruiz-Ortega',
    calls: [issueUpdate('iss-fac-1', { assigneeId: 'usr-mateo-ro' })],
  },
  {
    id: 'status-moved',
    role: 'fault',
    label: 'invalid',
    fault: 'preservation',
    description: statusFault.description,
    calls: [issueUpdate('iss-fac-1', { assigneeId: 'usr-mateo', stateId: statusFault.state })],
  },
  {
    id: 'parts-order-too',
    role: 'fault',
    label: 'invalid',
    fault: 'value',
    description: 'also reassigned the parts-order issue',
    calls: [
      issueUpdate('iss-fac-1', { assigneeId: 'usr-mateo' }),
      issueUpdate('iss-fac-2', { assigneeId: 'usr-mateo' }),
    ],
  },
  {
    id: 'not-yet',
    role: 'prefix',
    label: 'invalid',
    description: 'the run had only added the comment so far',
    calls: [commentCreate('iss-fac-1', HANDOVER_NOTE)],
  },
];
/** The handover panel of a condition whose valve issue starts in `initialState`. */
const handoverPanel = (
  condition: ConditionName,
  initialState: string,
  statusFault: StatusChange,
): Outcome[] => derivedPanel(handover, condition, handoverOutcomes(initialState, statusFault));
const movedToInProgress = {
  state: st('FAC', 'In Progress'),
  description: 'assigned correctly but moved to In Progress',
};
handover.outcomes = {
  source: handoverPanel('source', 'Todo', movedToInProgress),
  background: handoverPanel('background', 'Todo', movedToInProgress),
  // The valve starts In Review here: the complete outcome writes back In Review, and moving it
  // to Todo is the stale-value fault.
  related: handoverPanel('related', 'In Review', {
    state: st('FAC', 'Todo'),
    description: 'assigned correctly but status reset to Todo',
  }),
};

// Task 2 — binding: "Priya Shah" is whoever carries that name in this run's workspace.
const rounding: Task = {
  id: 'starter_2',
  family: 'starter-assign-by-name',
  service: 'linear',
  seed: 'starter-linear',
  actor: { id: 'usr-lena', name: 'Lena Okafor', email: 'lena@fieldworks.example' },
  instruction:
    'Please assign "Fix invoice rounding" in Payments to Priya Shah and move it to In Progress.',
  reference: {
    kind: 'declarative',
    version: 1,
    selectors: {
      payments: { table: 'teams', where: { name: 'Payments' }, cardinality: 'one' },
      rounding: {
        table: 'issues',
        where: { title: 'Fix invoice rounding', teamId: { ref: 'payments', field: 'id' } },
        cardinality: 'one',
      },
      priya: { table: 'users', where: { name: 'Priya Shah', active: true }, cardinality: 'one' },
      inProgress: {
        table: 'workflow_states',
        where: { name: 'In Progress', teamId: { ref: 'payments', field: 'id' } },
        cardinality: 'one',
      },
    },
    checks: [
      {
        kind: 'field',
        name: 'assignee is the current Priya Shah',
        category: 'identity',
        reason: 'the instruction names Priya Shah; the name decides, not a remembered id',
        target: 'rounding',
        field: 'assigneeId',
        expect: { ref: 'priya', field: 'id' },
      },
      {
        kind: 'field',
        name: 'status is Payments › In Progress',
        category: 'relation',
        reason: "the state must be the Payments team's In Progress, not another team's",
        target: 'rounding',
        field: 'stateId',
        expect: { ref: 'inProgress', field: 'id' },
      },
      {
        kind: 'unchanged',
        name: 'no other issue touched',
        category: 'value',
        reason: 'only the named issue changes',
        tables: ['issues'],
        except: ['rounding'],
        ignoreFields: [],
      },
    ],
    ignoreFields: ['updatedAt'],
  },
  conditions: {
    source: { description: 'the seed as is', patch: [] },
    background: {
      description: 'a new comment on an unrelated Facilities issue',
      patch: [comment('cmt-bg-1', 'iss-fac-4', 'usr-tomas', 'Drains look clear from below.')],
    },
    related: {
      // The old account stays active (assigning a deactivated user is refused, so a run that
      // kept the old id could not have written its state).
      description:
        'the account called Priya Shah now goes by Priya Lindqvist; Priya S. Nair now goes by Priya Shah',
      change: 'binding',
      patch: [
        update('users', 'usr-priya', { name: 'Priya Lindqvist' }),
        update('users', 'usr-priya-n', { name: 'Priya Shah' }),
      ],
    },
  },
  outcomes: { source: [] },
  traps: ['shared-name', 'renamed-entity'],
  witness: { decision: 'complete' },
};
const inProgress = st('PAY', 'In Progress');
const roundingOutcomes = (priyaId: string, otherPriyaId: string): CallOutcome[] => [
  {
    id: 'complete',
    role: 'complete',
    label: 'valid',
    description: 'assigned to Priya Shah and moved to In Progress',
    calls: [issueUpdate('iss-pay-5', { assigneeId: priyaId, stateId: inProgress })],
  },
  {
    id: 'two-steps',
    role: 'alternative',
    label: 'valid',
    description: 'status first, assignee in a second edit',
    calls: [
      issueUpdate('iss-pay-5', { stateId: inProgress }),
      issueUpdate('iss-pay-5', { assigneeId: priyaId }),
    ],
  },
  {
    id: 'other-priya',
    role: 'fault',
    label: 'invalid',
    fault: 'identity',
    description: 'assigned to the other Priya',
    calls: [issueUpdate('iss-pay-5', { assigneeId: otherPriyaId, stateId: inProgress })],
  },
  {
    id: 'facilities-state',
    role: 'fault',
    label: 'invalid',
    fault: 'relation',
    // Linear refuses another team's state for an issue, so the run moved the issue to
    // Facilities to use that team's In Progress.
    description: 'moved to the Facilities team and its In Progress state',
    calls: [
      issueUpdate('iss-pay-5', {
        teamId: 'team-ops',
        assigneeId: priyaId,
        stateId: st('FAC', 'In Progress'),
      }),
    ],
  },
  {
    id: 'credit-notes-issue',
    role: 'fault',
    label: 'invalid',
    fault: 'identity',
    description: 'edited "Fix invoice rounding for credit notes" instead',
    calls: [issueUpdate('iss-pay-6', { assigneeId: priyaId, stateId: inProgress })],
  },
];
rounding.outcomes = {
  source: derivedPanel(rounding, 'source', roundingOutcomes('usr-priya', 'usr-priya-n')),
  background: derivedPanel(rounding, 'background', roundingOutcomes('usr-priya', 'usr-priya-n')),
  related: derivedPanel(rounding, 'related', roundingOutcomes('usr-priya-n', 'usr-priya')),
};

/** The starter pack's files: pack.json, its seed and its two tasks. */
export function generate(): GeneratedFile[] {
  const file = (name: string, data: unknown): GeneratedFile => ({
    path: path.join(STARTER_PACK, name),
    text: jsonText(data),
  });
  return [
    file('pack.json', {
      name: 'starter',
      version: '1.0.0',
      referenceVersion: '1',
      description: 'Two small Linear tasks that exercise every part of the pack format.',
      seeds: ['starter-linear'],
      calls: STARTER_CALL_CLOCK,
      timingPanel: [
        { task: 'starter_1', condition: 'source', outcome: 'complete' },
        { task: 'starter_2', condition: 'related', outcome: 'other-priya' },
      ],
    }),
    file('seeds/starter-linear.json', seed),
    file('tasks/starter_1.json', handover),
    file('tasks/starter_2.json', rounding),
  ];
}
