/**
 * Generates the built-in Linear seed `fixtures/packs/builtin/seeds/linear-base.json`:
 * the workspace of Kestrel Cloud, a company selling a field-inspection product. It is
 * deterministic (a seeded PRNG and a fixed epoch) and original. Run:
 *
 *   (packs/generate.ts runs it)
 *
 * The storage layout is the replica's (src/services/linear/tables.ts). Hand-written
 * "anchor" records are the ones the built-in tasks name; the rest is generated filler
 * that a verifier must search through, with near-duplicate names on purpose (two Priyas,
 * two Greta Lindqvists, issue titles that differ by a suffix or a team).
 */

import {
  type GeneratedFile,
  linear,
  type Row,
  type Seed,
  SeedSchema,
  seedFile,
  serviceTableKeys,
} from 'agentproofbench/authoring';
import { BUILTIN_PACK } from '../../lib/generator.js';
import { seededDraws } from '../../lib/random.js';

/** The key columns of each linear storage table. */
const LinearTableKeys = serviceTableKeys('linear');
const { commentRow } = linear;

const { random, pick, chance } = seededDraws(0x4b657374);

/** UUID-shaped ids from the PRNG, as Linear's ids look. */
function uuid(): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[Math.floor(random() * 4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const EPOCH = Date.UTC(2026, 0, 5, 9, 0, 0);
const HOUR = 3_600_000;
const at = (hours: number): string => new Date(EPOCH + Math.round(hours) * HOUR).toISOString();
/** The seed's present: every record is older; task edits happen after it. */
const NOW_HOURS = 24 * 60;
const day = (days: number): string => new Date(EPOCH + days * 24 * HOUR).toISOString().slice(0, 10);

const ORG_ID = uuid();
const ORG_URL = 'kestrel';

// ---------------------------------------------------------------- users
interface UserSpec {
  name: string;
  display: string;
  email: string;
  active?: boolean;
  admin?: boolean;
  timezone?: string;
}

const USER_SPECS: UserSpec[] = [
  { name: 'Dana Whitfield', display: 'dana', email: 'dana.whitfield@kestrel.example', admin: true },
  { name: 'Priya Raman', display: 'priya', email: 'priya.raman@kestrel.example' },
  {
    name: 'Priya Ramanathan',
    display: 'priya.r',
    email: 'priya.ramanathan@kestrel.example',
    timezone: 'Asia/Kolkata',
  },
  { name: 'Jon Park', display: 'jon', email: 'jon.park@kestrel.example' },
  {
    name: 'John Park',
    display: 'johnp',
    email: 'john.park@kestrel.example',
    timezone: 'America/New_York',
  },
  {
    name: 'Greta Lindqvist',
    display: 'greta',
    email: 'greta.lindqvist@kestrel.example',
    timezone: 'Europe/Stockholm',
  },
  {
    name: 'Greta Lindqvist-Holm',
    display: 'gretaholm',
    email: 'greta.holm@kestrel.example',
    timezone: 'Europe/Stockholm',
  },
  {
    name: 'Marco Diaz',
    display: 'marco',
    email: 'marco.diaz@kestrel.example',
    timezone: 'Europe/Madrid',
  },
  {
    name: 'Marco Díaz',
    display: 'marco.d',
    email: 'marco.d@kestrel.example',
    active: false,
    timezone: 'Europe/Madrid',
  },
  { name: 'Sam Okonkwo', display: 'sam', email: 'sam.okonkwo@kestrel.example' },
  {
    name: 'Samuel Okonkwo',
    display: 'samuel',
    email: 'samuel.okonkwo@kestrel.example',
    timezone: 'Africa/Lagos',
  },
  { name: 'Harriet Vance', display: 'harriet', email: 'harriet.vance@kestrel.example' },
  {
    name: 'Tobias Brandt',
    display: 'tobias',
    email: 'tobias.brandt@kestrel.example',
    timezone: 'Europe/Berlin',
  },
  {
    name: 'Yuki Tanabe',
    display: 'yuki',
    email: 'yuki.tanabe@kestrel.example',
    timezone: 'Asia/Tokyo',
  },
  { name: 'Adaeze Nwosu', display: 'adaeze', email: 'adaeze.nwosu@kestrel.example' },
  {
    name: 'Felix Moreau',
    display: 'felix',
    email: 'felix.moreau@kestrel.example',
    timezone: 'Europe/Paris',
  },
  { name: 'Rosa Quintero', display: 'rosa', email: 'rosa.quintero@kestrel.example' },
  {
    name: 'Owen Gallagher',
    display: 'owen',
    email: 'owen.gallagher@kestrel.example',
    timezone: 'Europe/Dublin',
  },
  { name: 'Mei Lin Chou', display: 'meilin', email: 'meilin.chou@kestrel.example' },
  { name: 'Kwame Asante', display: 'kwame', email: 'kwame.asante@kestrel.example' },
  {
    name: 'Ingrid Solberg',
    display: 'ingrid',
    email: 'ingrid.solberg@kestrel.example',
    timezone: 'Europe/Oslo',
  },
  {
    name: 'Tomasz Wrona',
    display: 'tomasz',
    email: 'tomasz.wrona@kestrel.example',
    timezone: 'Europe/Warsaw',
  },
  {
    name: 'Beatriz Lopes',
    display: 'bia',
    email: 'beatriz.lopes@kestrel.example',
    timezone: 'America/Sao_Paulo',
  },
  { name: 'Nadia Haddad', display: 'nadia', email: 'nadia.haddad@kestrel.example' },
  {
    name: 'Callum Reid',
    display: 'callum',
    email: 'callum.reid@kestrel.example',
    timezone: 'Europe/London',
  },
  { name: 'Anika Sharma', display: 'anika', email: 'anika.sharma@kestrel.example' },
  { name: 'Luis Carvalho', display: 'luis', email: 'luis.carvalho@kestrel.example', active: false },
  {
    name: 'Elif Demir',
    display: 'elif',
    email: 'elif.demir@kestrel.example',
    timezone: 'Europe/Istanbul',
  },
  { name: 'Ravi Menon', display: 'ravi', email: 'ravi.menon@kestrel.example' },
  { name: 'Sofia Marin', display: 'sofia', email: 'sofia.marin@kestrel.example' },
  { name: 'Kestrel Bot', display: 'kestrel-bot', email: 'bot@kestrel.example' },
];

const users: Row[] = USER_SPECS.map((spec, index) => {
  const createdAt = at(-24 * 300 + index * 37);
  const initials = spec.name
    .split(/[\s-]+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return {
    id: uuid(),
    email: spec.email,
    name: spec.name,
    displayName: spec.display,
    organizationId: ORG_ID,
    active: spec.active ?? true,
    admin: spec.admin ?? false,
    app: spec.name === 'Kestrel Bot',
    avatarBackgroundColor: pick(['#3B82F6', '#10B981', '#F59E0B', '#EF4444', '#8B5CF6', '#EC4899']),
    avatarUrl: null,
    canAccessAnyPublicTeam: true,
    createdAt,
    updatedAt: createdAt,
    createdIssueCount: 0,
    description: null,
    disableReason: spec.active === false ? 'Left the company' : null,
    guest: false,
    initials,
    inviteHash: `inv-${spec.display.replace(/[^a-z]/g, '')}-${index}`,
    isAssignable: spec.active !== false,
    isMe: false,
    isMentionable: spec.active !== false,
    lastSeen: at(24 * 40 + index),
    statusEmoji: null,
    statusLabel: null,
    statusUntilAt: null,
    timezone: spec.timezone ?? 'America/Los_Angeles',
    url: `https://linear.app/${ORG_URL}/profiles/${spec.display}`,
  };
});
const userByName = (name: string): Row => {
  const user = users.find((row) => row.name === name);
  if (!user) throw new Error(`no user named ${name}`);
  return user;
};
const activePeople = users.filter((user) => user.active === true && user.app === false);

// ---------------------------------------------------------------- teams and states
interface TeamSpec {
  key: string;
  name: string;
  description: string;
  color: string;
  private?: boolean;
  /** Extra states beyond the standard six: [name, type, position]. */
  extraStates?: Array<[string, string, number]>;
  members: string[];
  triage?: boolean;
}

const TEAM_SPECS: TeamSpec[] = [
  {
    key: 'PLAT',
    name: 'Platform',
    description: 'APIs, imports, auth and the services behind the inspection app',
    color: '#0EA5E9',
    triage: true,
    extraStates: [['Duplicate', 'canceled', 7]],
    members: [
      'Dana Whitfield',
      'Greta Lindqvist',
      'Greta Lindqvist-Holm',
      'Marco Diaz',
      'Marco Díaz',
      'Tobias Brandt',
      'Kwame Asante',
      'Tomasz Wrona',
      'Ravi Menon',
      'Kestrel Bot',
    ],
  },
  {
    key: 'WEB',
    name: 'Web',
    description: 'The customer web app: dashboards, checkout, account settings',
    color: '#6366F1',
    extraStates: [['Released', 'completed', 6]],
    members: [
      'Dana Whitfield',
      'Harriet Vance',
      'Felix Moreau',
      'Rosa Quintero',
      'Owen Gallagher',
      'Sam Okonkwo',
      'Anika Sharma',
      'Luis Carvalho',
    ],
  },
  {
    key: 'MOB',
    name: 'Mobile',
    description: 'iOS and Android inspection apps, offline mode and sync',
    color: '#F97316',
    extraStates: [['QA', 'started', 4.5]],
    members: [
      'Dana Whitfield',
      'Priya Raman',
      'Priya Ramanathan',
      'Jon Park',
      'John Park',
      'Yuki Tanabe',
      'Beatriz Lopes',
      'Samuel Okonkwo',
    ],
  },
  {
    key: 'DATA',
    name: 'Data',
    description: 'Exports, reporting pipelines and the public data API',
    color: '#14B8A6',
    extraStates: [['Blocked', 'started', 3.5]],
    members: [
      'Dana Whitfield',
      'Adaeze Nwosu',
      'Mei Lin Chou',
      'Ingrid Solberg',
      'Nadia Haddad',
      'Ravi Menon',
    ],
  },
  {
    key: 'DES',
    name: 'Design',
    description: 'Product design, research and the design system',
    color: '#EC4899',
    extraStates: [['Ready for Dev', 'completed', 5.5]],
    members: ['Dana Whitfield', 'Elif Demir', 'Sofia Marin', 'Callum Reid', 'Felix Moreau'],
  },
  {
    key: 'GRO',
    name: 'Growth',
    description: 'Onboarding, trials, pricing experiments',
    color: '#84CC16',
    members: ['Dana Whitfield', 'Sam Okonkwo', 'Nadia Haddad', 'Callum Reid', 'Anika Sharma'],
  },
  {
    key: 'SEC',
    name: 'Security',
    description: 'Vulnerability response and compliance (private)',
    color: '#475569',
    private: true,
    extraStates: [['Accepted Risk', 'canceled', 7]],
    members: ['Tobias Brandt', 'Kwame Asante', 'Harriet Vance'],
  },
];

const STANDARD_STATES: Array<[string, string, number, string]> = [
  ['Backlog', 'backlog', 0, '#bec2c8'],
  ['Todo', 'unstarted', 1, '#e2e2e2'],
  ['In Progress', 'started', 2, '#f2c94c'],
  ['In Review', 'started', 3, '#5e6ad2'],
  ['Done', 'completed', 5, '#5e6ad2'],
  ['Canceled', 'canceled', 6.5, '#95a2b3'],
];
const EXTRA_COLORS: Record<string, string> = {
  completed: '#0f783c',
  canceled: '#95a2b3',
  started: '#f2994a',
};

const teams: Row[] = [];
const workflowStates: Row[] = [];
const memberships: Row[] = [];
TEAM_SPECS.forEach((spec, index) => {
  const createdAt = at(-24 * 280 + index * 24);
  const id = uuid();
  teams.push({
    id,
    name: spec.name,
    key: spec.key,
    displayName: spec.name,
    organizationId: ORG_ID,
    description: spec.description,
    color: spec.color,
    createdAt,
    updatedAt: createdAt,
    archivedAt: null,
    cyclesEnabled: spec.key !== 'DES',
    cycleDuration: 2,
    icon: null,
    inviteHash: `team-${spec.key.toLowerCase()}`,
    issueCount: 0,
    private: spec.private ?? false,
    timezone: 'America/Los_Angeles',
    triageEnabled: spec.triage ?? false,
  });
  const states: Array<[string, string, number, string]> = [
    ...(spec.triage
      ? ([['Triage', 'triage', -1, '#fc7840']] as Array<[string, string, number, string]>)
      : []),
    ...STANDARD_STATES,
    ...(spec.extraStates ?? []).map(
      ([name, type, position]) =>
        [name, type, position, EXTRA_COLORS[type] ?? '#95a2b3'] as [string, string, number, string],
    ),
  ];
  for (const [name, type, position, color] of states) {
    workflowStates.push({
      id: uuid(),
      teamId: id,
      name,
      color,
      position,
      type,
      description: null,
      createdAt,
      updatedAt: createdAt,
      archivedAt: null,
    });
  }
  spec.members.forEach((member, order) => {
    const joined = at(-24 * 270 + index * 24 + order);
    memberships.push({
      id: uuid(),
      userId: userByName(member).id!,
      teamId: id,
      owner: order === 1,
      sortOrder: order,
      archivedAt: null,
      createdAt: joined,
      updatedAt: joined,
    });
  });
});
const teamByKey = (key: string): Row => teams.find((team) => team.key === key)!;
const stateOf = (teamKey: string, name: string): Row => {
  const team = teamByKey(teamKey);
  const state = workflowStates.find((row) => row.teamId === team.id && row.name === name);
  if (!state) throw new Error(`team ${teamKey} has no state ${name}`);
  return state;
};
const membersOf = (teamKey: string): Row[] => {
  const team = teamByKey(teamKey);
  const ids = new Set(memberships.filter((m) => m.teamId === team.id).map((m) => m.userId));
  return activePeople.filter((user) => ids.has(user.id!));
};

// ---------------------------------------------------------------- labels
const labels: Row[] = [];
function label(
  name: string,
  color: string,
  description: string,
  teamKey: string | null,
  archived = false,
): Row {
  const createdAt = at(-24 * 200 + labels.length * 5);
  const row: Row = {
    id: uuid(),
    organizationId: ORG_ID,
    teamId: teamKey ? teamByKey(teamKey).id! : null,
    color,
    createdAt,
    updatedAt: archived ? at(-24 * 30) : createdAt,
    name,
    description,
    isGroup: false,
    archivedAt: archived ? at(-24 * 30) : null,
    retiredAt: null,
    parentId: null,
    creatorId: userByName('Dana Whitfield').id!,
    inheritedFromId: null,
    lastAppliedAt: null,
  };
  labels.push(row);
  return row;
}
const LABELS = {
  bug: label('bug', '#EB5757', 'Something is broken', null),
  feature: label('feature', '#BB87FC', 'New capability', null),
  improvement: label('improvement', '#4EA7FC', 'Make existing behaviour better', null),
  customer: label('customer-request', '#F2C94C', 'Asked for by a named customer', null),
  releaseBlocker: label(
    'release-blocker',
    '#E5484D',
    'Must land before the next release train leaves',
    null,
  ),
  releaseBlockerOld: label(
    'release blocker',
    '#E5484D',
    'Old spelling, replaced by release-blocker',
    null,
    true,
  ),
  techDebt: label('tech-debt', '#95A2B3', 'Internal clean-up', null),
  performance: label('performance', '#26B5CE', 'Latency, memory, battery', null),
  accessibility: label('accessibility', '#0F783C', 'WCAG and assistive technology', null),
  ios: label('ios', '#6E7B8B', 'iOS app only', 'MOB'),
  android: label('android', '#3DDC84', 'Android app only', 'MOB'),
  offline: label('offline', '#F2994A', 'Offline mode and sync', 'MOB'),
  checkout: label('checkout', '#5E6AD2', 'Checkout and billing screens', 'WEB'),
  pipeline: label('pipeline', '#14B8A6', 'Batch and streaming jobs', 'DATA'),
  research: label('research', '#EC4899', 'User research', 'DES'),
  experiment: label('experiment', '#84CC16', 'A/B test', 'GRO'),
  pentest: label('pentest', '#475569', 'Found in a penetration test', 'SEC'),
};
const TEAM_LABELS: Record<string, Row[]> = {
  PLAT: [LABELS.bug, LABELS.improvement, LABELS.techDebt, LABELS.performance],
  WEB: [LABELS.bug, LABELS.feature, LABELS.checkout, LABELS.accessibility, LABELS.customer],
  MOB: [
    LABELS.bug,
    LABELS.ios,
    LABELS.android,
    LABELS.offline,
    LABELS.performance,
    LABELS.customer,
  ],
  DATA: [LABELS.pipeline, LABELS.feature, LABELS.bug, LABELS.customer],
  DES: [LABELS.research, LABELS.accessibility, LABELS.improvement],
  GRO: [LABELS.experiment, LABELS.feature, LABELS.improvement],
  SEC: [LABELS.pentest, LABELS.bug],
};

// ---------------------------------------------------------------- issues
const PRIORITY_LABELS = ['No priority', 'Urgent', 'High', 'Medium', 'Low'];
const issues: Row[] = [];
const numbers = new Map<string, number>();
const associations: Row[] = [];

interface IssueSpec {
  team: string;
  title: string;
  description: string;
  state: string;
  assignee: string | null;
  creator?: string;
  priority: number;
  labels?: Row[];
  dueDate?: string | null;
  estimate?: number | null;
  parent?: Row;
  archived?: boolean;
  hoursAgo?: number;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
}

function issue(spec: IssueSpec): Row {
  const team = teamByKey(spec.team);
  const number = (numbers.get(spec.team) ?? 0) + 1;
  numbers.set(spec.team, number);
  const identifier = `${spec.team}-${number}`;
  const state = stateOf(spec.team, spec.state);
  // Hours before the seed's "now" (the epoch plus 60 days); filler gets newer as it is generated.
  const createdAt = at(NOW_HOURS - (spec.hoursAgo ?? 24 * 100 - issues.length * 11));
  const updatedAt = at(
    Math.min(
      (Date.parse(createdAt) - EPOCH) / HOUR + 24 * (3 + Math.floor(random() * 20)),
      NOW_HOURS - 48,
    ),
  );
  const type = state.type as string;
  const labelRows = spec.labels ?? [];
  const row: Row = {
    id: uuid(),
    identifier,
    title: spec.title,
    description: spec.description,
    teamId: team.id!,
    stateId: state.id!,
    assigneeId: spec.assignee ? userByName(spec.assignee).id! : null,
    creatorId: userByName(spec.creator ?? 'Dana Whitfield').id!,
    priority: spec.priority,
    priorityLabel: PRIORITY_LABELS[spec.priority]!,
    prioritySortOrder: -number,
    number,
    boardOrder: 0,
    sortOrder: -number * 10,
    customerTicketCount: labelRows.includes(LABELS.customer) ? 1 + Math.floor(random() * 4) : 0,
    branchName: `${identifier.toLowerCase()}-${slug(spec.title)}`,
    labelIds: labelRows.map((labelRow) => labelRow.id!),
    previousIdentifiers: [],
    reactionData: {},
    url: `https://linear.app/${ORG_URL}/issue/${identifier}/${slug(spec.title)}`,
    createdAt,
    updatedAt,
    cycleId: null,
    projectId: null,
    projectMilestoneId: null,
    parentId: spec.parent ? spec.parent.id! : null,
    completedAt: type === 'completed' ? updatedAt : null,
    canceledAt: type === 'canceled' ? updatedAt : null,
    autoArchivedAt: null,
    autoClosedAt: null,
    archivedAt: spec.archived ? updatedAt : null,
    dueDate: spec.dueDate ?? null,
    slaStartedAt: null,
    slaBreachesAt: null,
    startedAt: type === 'started' || type === 'completed' ? createdAt : null,
    startedTriageAt: null,
    triagedAt: null,
    trashed: false,
    estimate: spec.estimate ?? null,
  };
  issues.push(row);
  for (const labelRow of labelRows)
    associations.push({ issue_id: row.id!, issue_label_id: labelRow.id! });
  return row;
}

// Anchors named by the built-in tasks (linear_1..4): hand-written, with near-duplicate traps.
// linear_1: hand the Mobile offline-sync bug to Priya Raman.
const offlineSync = issue({
  team: 'MOB',
  title: 'Offline sync drops queued edits',
  state: 'In Progress',
  assignee: 'Jon Park',
  priority: 2,
  labels: [LABELS.bug, LABELS.offline],
  dueDate: day(52),
  estimate: 5,
  hoursAgo: 24 * 30,
  description:
    'Inspectors who edit a checklist while offline lose the last two or three edits when the app reconnects. Repro: airplane mode, edit 4 items, reconnect.',
});
issue({
  team: 'MOB',
  title: 'Offline sync drops queued edits (archive)',
  state: 'Canceled',
  assignee: 'Priya Ramanathan',
  priority: 3,
  archived: true,
  labels: [LABELS.offline],
  hoursAgo: 24 * 120,
  description: 'First report, folded into the newer issue after the sync rewrite.',
});
issue({
  team: 'WEB',
  title: 'Offline sync drops queued edits',
  state: 'Backlog',
  assignee: null,
  priority: 4,
  hoursAgo: 24 * 28,
  description:
    'Same symptom in the web app service worker; lower impact because few customers use the web app offline.',
});
issue({
  team: 'MOB',
  title: 'Offline sync drops queued edits on Android 12',
  state: 'Todo',
  assignee: 'Priya Ramanathan',
  priority: 2,
  parent: offlineSync,
  labels: [LABELS.android],
  hoursAgo: 24 * 26,
  description:
    'Android 12 kills the background sync worker; a separate fix from the queue ordering bug.',
});

// linear_2: close out everything that blocks the Web checkout launch.
const checkoutLaunch = issue({
  team: 'WEB',
  title: 'Checkout v3 launch',
  state: 'Todo',
  assignee: 'Harriet Vance',
  priority: 1,
  labels: [LABELS.checkout],
  dueDate: day(60),
  hoursAgo: 24 * 45,
  description: 'Flip the checkout v3 flag for all workspaces once every blocker is closed.',
});
const checkoutBlockers = [
  issue({
    team: 'WEB',
    title: 'Checkout v3: address autocomplete regression',
    state: 'In Progress',
    assignee: 'Felix Moreau',
    priority: 2,
    labels: [LABELS.checkout, LABELS.bug],
    hoursAgo: 24 * 40,
    description: 'Autocomplete drops the unit number for addresses in Quebec.',
  }),
  issue({
    team: 'WEB',
    title: 'Checkout v3: tax line rounding on invoices',
    state: 'In Review',
    assignee: 'Rosa Quintero',
    priority: 2,
    labels: [LABELS.checkout],
    hoursAgo: 24 * 39,
    description: 'Invoices show tax rounded per line; finance wants it rounded on the total.',
  }),
  issue({
    team: 'WEB',
    title: 'Checkout v3: saved cards migration',
    state: 'Todo',
    assignee: 'Owen Gallagher',
    priority: 3,
    labels: [LABELS.checkout],
    hoursAgo: 24 * 38,
    description: 'Move saved cards from the v2 vault to the v3 payment methods table.',
  }),
  issue({
    team: 'WEB',
    title: 'Checkout v3: feature flag cleanup',
    state: 'Done',
    assignee: 'Felix Moreau',
    priority: 4,
    labels: [LABELS.checkout],
    hoursAgo: 24 * 37,
    description: 'Remove the stale v3-preview flag from the config service.',
  }),
];
const threeDs = issue({
  team: 'WEB',
  title: 'Checkout v3: 3-D Secure challenge fallback',
  state: 'Todo',
  assignee: 'Anika Sharma',
  priority: 2,
  labels: [LABELS.checkout],
  hoursAgo: 24 * 36,
  description: 'When the 3-D Secure iframe fails to load, fall back to the redirect flow.',
});
const checkoutCopy = issue({
  team: 'WEB',
  title: 'Checkout v3: copy review',
  state: 'In Progress',
  assignee: 'Sam Okonkwo',
  priority: 3,
  hoursAgo: 24 * 35,
  description: 'Final pass on button labels and error messages.',
});
const checkoutEmail = issue({
  team: 'WEB',
  title: 'Checkout v3 announcement email',
  state: 'Todo',
  assignee: 'Anika Sharma',
  priority: 3,
  hoursAgo: 24 * 34,
  description: 'Customer email announcing the new checkout; goes out after launch.',
});
issue({
  team: 'WEB',
  title: 'Checkout v2 launch',
  state: 'Done',
  assignee: 'Harriet Vance',
  priority: 2,
  labels: [LABELS.checkout],
  hoursAgo: 24 * 200,
  description: 'Previous checkout launch, kept for reference.',
});

// linear_3: align a Mobile issue's due date with the Data team's export API.
issue({
  team: 'DATA',
  title: 'Inspection export API v1',
  state: 'Done',
  assignee: 'Adaeze Nwosu',
  priority: 3,
  labels: [LABELS.feature],
  dueDate: day(-50),
  hoursAgo: 24 * 150,
  description: 'First version of the export API (CSV only).',
});
issue({
  team: 'DATA',
  title: 'Inspection export API v2',
  state: 'In Progress',
  assignee: 'Mei Lin Chou',
  priority: 2,
  labels: [LABELS.feature, LABELS.customer],
  dueDate: day(74),
  estimate: 8,
  hoursAgo: 24 * 33,
  description: 'JSON export with photos and annotations; needed by the mobile report work.',
});
issue({
  team: 'DATA',
  title: 'Inspection export API v2 docs',
  state: 'Todo',
  assignee: 'Ingrid Solberg',
  priority: 3,
  dueDate: day(81),
  hoursAgo: 24 * 32,
  description: 'Public docs for the v2 endpoints.',
});
issue({
  team: 'MOB',
  title: 'Photo annotations on inspection reports',
  state: 'Todo',
  assignee: 'Yuki Tanabe',
  priority: 3,
  labels: [LABELS.customer, LABELS.ios],
  dueDate: day(66),
  estimate: 3,
  hoursAgo: 24 * 31,
  description: 'Show arrows and notes drawn on photos in the generated PDF report.',
});
issue({
  team: 'WEB',
  title: 'Photo annotations on inspection reports',
  state: 'Backlog',
  assignee: null,
  priority: 4,
  hoursAgo: 24 * 29,
  description: 'Web viewer for annotated photos; after mobile ships.',
});

// linear_4: mark a Platform bug as a duplicate without touching its assignee.
issue({
  team: 'PLAT',
  title: 'CSV import drops accented names',
  state: 'In Progress',
  assignee: 'Marco Diaz',
  priority: 2,
  labels: [LABELS.bug],
  hoursAgo: 24 * 27,
  description:
    'Names like "Zoë" or "Łukasz" vanish from imported site lists; the importer reads files as Latin-1.',
});
issue({
  team: 'PLAT',
  title: 'CSV import drops accented names (archive)',
  state: 'Duplicate',
  assignee: 'Marco Díaz',
  priority: 3,
  labels: [LABELS.bug],
  archived: true,
  hoursAgo: 24 * 160,
  description: 'Older report of the encoding bug.',
});
issue({
  team: 'PLAT',
  title: 'Bulk import skips rows with accents',
  state: 'Todo',
  assignee: 'Greta Lindqvist',
  priority: 2,
  labels: [LABELS.bug],
  hoursAgo: 24 * 20,
  description:
    'A customer import of 4,000 sites skipped 37 rows; all had accented characters in the site contact.',
});
issue({
  team: 'PLAT',
  title: 'Bulk import progress bar stalls at 99%',
  state: 'Backlog',
  assignee: 'Greta Lindqvist-Holm',
  priority: 3,
  hoursAgo: 24 * 19,
  description: 'Progress never reaches 100% when the last batch is smaller than the batch size.',
});

// Generated filler: realistic titles per team, so that selectors must search.
const WORK: Record<string, { subjects: string[]; problems: string[] }> = {
  PLAT: {
    subjects: [
      'Auth token refresh',
      'Webhook delivery',
      'Rate limiter',
      'Audit log writer',
      'SSO login',
      'Site import job',
      'Tenant migration',
      'Search indexer',
      'File upload service',
      'Notification queue',
    ],
    problems: [
      'retries forever on 410',
      'leaks connections under load',
      'needs structured logging',
      'times out for large tenants',
      'ignores the region setting',
      'double-sends after deploys',
      'should move to the new cluster',
      'is missing metrics',
    ],
  },
  WEB: {
    subjects: [
      'Dashboard filters',
      'Account settings page',
      'Team invite flow',
      'Inspection list view',
      'Report viewer',
      'Billing history table',
      'Date range picker',
      'Site map widget',
      'CSV download button',
      'Dark mode',
    ],
    problems: [
      'loses state on back navigation',
      'renders blank in Safari 17',
      'needs keyboard navigation',
      'is slow with 5k rows',
      'shows the wrong timezone',
      'overflows on small laptops',
      'should remember the last choice',
      'has inconsistent spacing',
    ],
  },
  MOB: {
    subjects: [
      'Checklist editor',
      'Camera capture',
      'Signature pad',
      'Push notifications',
      'Login screen',
      'Site picker',
      'Report preview',
      'Background upload',
      'Barcode scanner',
      'Settings screen',
    ],
    problems: [
      'crashes on rotate',
      'drains battery in the background',
      'ignores system font size',
      'freezes on older iPads',
      'loses draft on app switch',
      'needs haptic feedback',
      'shows stale data after sync',
      'is missing VoiceOver labels',
    ],
  },
  DATA: {
    subjects: [
      'Nightly inspection rollup',
      'Customer usage report',
      'Warehouse loader',
      'Defect trend model',
      'Data retention job',
      'Export scheduler',
      'Metrics dashboard',
      'Schema registry',
    ],
    problems: [
      'runs past the SLA',
      'double counts reopened inspections',
      'fails on daylight-saving days',
      'needs a backfill',
      'should partition by region',
      'is missing late-arriving rows',
    ],
  },
  DES: {
    subjects: [
      'Inspection summary card',
      'Empty states',
      'Icon set',
      'Onboarding illustrations',
      'Form field components',
      'Colour tokens',
      'Report cover page',
      'Mobile navigation',
    ],
    problems: [
      'needs a refresh',
      'fails contrast checks',
      'research synthesis',
      'variants for dark mode',
      'usability test round',
      'handoff to engineering',
    ],
  },
  GRO: {
    subjects: [
      'Trial expiry email',
      'Pricing page',
      'Signup form',
      'In-app upgrade prompt',
      'Referral programme',
      'Onboarding checklist',
    ],
    problems: [
      'A/B test for annual plans',
      'drops UTM parameters',
      'needs localisation for DE and FR',
      'conversion tracking broken',
      'copy experiment',
      'shows after cancellation',
    ],
  },
  SEC: {
    subjects: [
      'Session cookie flags',
      'Dependency audit',
      'S3 bucket policy',
      'Admin impersonation',
      'Password reset tokens',
      'SAML signature check',
    ],
    problems: [
      'finding from Q1 pentest',
      'needs rotation',
      'allows replay',
      'missing alerting',
      'SOC 2 evidence',
      'review before renewal',
    ],
  },
};
const FILLER_COUNTS: Record<string, number> = {
  PLAT: 34,
  WEB: 34,
  MOB: 30,
  DATA: 24,
  DES: 18,
  GRO: 18,
  SEC: 12,
};
const STATE_WEIGHTS: Array<[string, number]> = [
  ['Backlog', 3],
  ['Todo', 4],
  ['In Progress', 3],
  ['In Review', 2],
  ['Done', 5],
  ['Canceled', 1],
];
const usedTitles = new Set(issues.map((row) => `${String(row.teamId)}|${String(row.title)}`));

function weightedState(teamKey: string): string {
  const extra = TEAM_SPECS.find((spec) => spec.key === teamKey)?.extraStates ?? [];
  const weights: Array<[string, number]> = [
    ...STATE_WEIGHTS,
    ...extra.map(([name]) => [name, 1] as [string, number]),
  ];
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [name, weight] of weights) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return 'Backlog';
}

const fillerByTeam = new Map<string, Row[]>();
for (const spec of TEAM_SPECS) {
  const work = WORK[spec.key]!;
  const made: Row[] = [];
  let guard = 0;
  while (made.length < FILLER_COUNTS[spec.key]! && guard++ < 1000) {
    const title = `${pick(work.subjects)} ${pick(work.problems)}`;
    const key = `${String(teamByKey(spec.key).id)}|${title}`;
    if (usedTitles.has(key)) continue;
    usedTitles.add(key);
    const people = membersOf(spec.key);
    const teamLabels = TEAM_LABELS[spec.key]!;
    const chosenLabels = teamLabels.filter(() => chance(0.25)).slice(0, 3);
    const parentCandidates = made.filter((row) => row.parentId === null);
    made.push(
      issue({
        team: spec.key,
        title,
        description: `${title}. Noticed by ${pick(people).name as string}; see the linked customer notes for details.`,
        state: weightedState(spec.key),
        assignee: chance(0.8) ? (pick(people).name as string) : null,
        creator: pick(people).name as string,
        priority: pick([0, 1, 2, 2, 3, 3, 3, 4, 4]),
        labels: chosenLabels,
        dueDate: chance(0.3) ? day(10 + Math.floor(random() * 80)) : null,
        estimate: chance(0.5) ? pick([1, 2, 3, 5, 8]) : null,
        parent: parentCandidates.length > 0 && chance(0.15) ? pick(parentCandidates) : undefined,
        archived: chance(0.04),
      }),
    );
  }
  fillerByTeam.set(spec.key, made);
}

// ---------------------------------------------------------------- relations
const relations: Row[] = [];
function relate(from: Row, to: Row, type: 'blocks' | 'related' | 'duplicate' | 'similar'): void {
  const createdAt = at(
    Math.max(
      (Date.parse(String(from.createdAt)) - EPOCH) / HOUR,
      (Date.parse(String(to.createdAt)) - EPOCH) / HOUR,
    ) + 2,
  );
  relations.push({
    id: uuid(),
    issueId: from.id!,
    relatedIssueId: to.id!,
    type,
    issueTitle: from.title!,
    relatedIssueTitle: to.title!,
    createdAt,
    updatedAt: createdAt,
  });
}
for (const blocker of checkoutBlockers) relate(blocker, checkoutLaunch, 'blocks');
relate(checkoutLaunch, checkoutEmail, 'blocks');
relate(checkoutCopy, checkoutLaunch, 'related');
relate(threeDs, checkoutBlockers[0]!, 'related');
const allFiller = [...fillerByTeam.values()].flat();
let relationGuard = 0;
while (relations.length < 40 && relationGuard++ < 500) {
  const team = pick(TEAM_SPECS).key;
  const pool = fillerByTeam.get(team)!;
  const from = pick(pool);
  const to = chance(0.8)
    ? pick(pool)
    : pick(allFiller.filter((row) => row.teamId !== teamByKey('SEC').id));
  if (from === to || relations.some((r) => r.issueId === from.id && r.relatedIssueId === to.id))
    continue;
  relate(from, to, pick(['blocks', 'blocks', 'related', 'related', 'duplicate']));
}

// ---------------------------------------------------------------- comments
const COMMENT_LINES = [
  'I can reproduce this on staging.',
  'Pushed a draft fix, needs a second pair of eyes.',
  'Customer confirmed the workaround helps for now.',
  'Moving this to next cycle, we ran out of time.',
  "Is this still happening after Tuesday's deploy?",
  'Added logs from the affected tenant to the thread.',
  'Design is ready, see the latest frame.',
  'Blocked on the API change, ping me when it lands.',
  'Took a first look: the root cause is in the retry handler.',
  'QA passed on iOS, Android still pending.',
];
const comments: Row[] = [];
function comment(target: Row, author: string, body: string, hoursAfter: number): void {
  const createdAt = at((Date.parse(String(target.createdAt)) - EPOCH) / HOUR + hoursAfter);
  const url = `https://linear.app/${ORG_URL}/issue/${String(target.identifier)}#comment-${comments.length}`;
  comments.push(commentRow(uuid(), target, userByName(author), body, createdAt, url));
}
comment(
  offlineSync,
  'Jon Park',
  'Queue ordering is the culprit; the retry path re-sorts by timestamp and drops ties.',
  20,
);
comment(
  offlineSync,
  'Priya Raman',
  'I know the sync queue well, happy to take this over next cycle.',
  44,
);
comment(
  checkoutLaunch,
  'Harriet Vance',
  'Launch is gated on every blocker linked here being closed.',
  10,
);
for (const row of allFiller) {
  if (!chance(0.55)) continue;
  const team = TEAM_SPECS.find((spec) => teamByKey(spec.key).id === row.teamId)!;
  const people = membersOf(team.key);
  const count = 1 + Math.floor(random() * 2);
  for (let index = 0; index < count; index++)
    comment(
      row,
      pick(people).name as string,
      pick(COMMENT_LINES),
      6 + index * 18 + Math.floor(random() * 12),
    );
}

/**
 * One roadmap project per public team, led by its first member. Generated last so that
 * the ids drawn for it leave every earlier row as it was. Issues are not attached to them:
 * the built-in tasks then read exactly the issues they did before projects existed.
 */
const PROJECT_SPECS: Array<[string, string, string]> = [
  ['PLAT', 'Import pipeline v2', 'started'],
  ['MOB', 'Offline inspections', 'planned'],
  ['WEB', 'Checkout v3', 'started'],
  ['DES', 'Design system refresh', 'completed'],
];
const projects: Row[] = PROJECT_SPECS.flatMap(([key, name, state], index) => {
  const team = teams.find((row) => row.key === key);
  const spec = TEAM_SPECS.find((row) => row.key === key);
  if (!team || !spec) return [];
  const createdAt = at(-24 * 200 + index * 48);
  const id = uuid();
  return [
    {
      id,
      name,
      description: `${name} for the ${spec.name} team.`,
      slugId: id.replaceAll('-', '').slice(0, 12),
      state,
      color: spec.color,
      priority: index + 1,
      progress: state === 'completed' ? 1 : state === 'started' ? 0.4 : 0,
      teamIds: [String(team.id)],
      leadId: String(userByName(spec.members[0]!).id),
      creatorId: String(userByName('Dana Whitfield').id),
      startDate: createdAt.slice(0, 10),
      targetDate: at(-24 * 200 + index * 48 + 24 * 90).slice(0, 10),
      startedAt: state === 'planned' ? null : createdAt,
      completedAt: state === 'completed' ? at(-24 * 30) : null,
      canceledAt: null,
      createdAt,
      updatedAt: createdAt,
      archivedAt: null,
    },
  ];
});

// ---------------------------------------------------------------- pack 2.0 anchors
// Anchors of linear_5..16, drawn after every earlier row so that those stay as they were.
// linear_5: hand a Web issue to Sam Okonkwo (the Mobile colleague Samuel Okonkwo is a near namesake).
issue({
  team: 'WEB',
  title: 'Report viewer loses zoom between pages',
  state: 'In Progress',
  assignee: 'Felix Moreau',
  priority: 2,
  labels: [LABELS.bug],
  dueDate: day(58),
  estimate: 3,
  hoursAgo: 24 * 18,
  description: 'Zooming into a photo page and paging on resets the zoom to 100%.',
});

// linear_6: a Growth issue ships with the Web billing portal (due date copied, a label added).
const launchCritical = label('launch-critical', '#D97706', 'Must be ready for launch week', null);
label('launch critical', '#D97706', 'Old spelling, replaced by launch-critical', null, true);
issue({
  team: 'WEB',
  title: 'Billing portal v1',
  state: 'Done',
  assignee: 'Owen Gallagher',
  priority: 3,
  labels: [LABELS.checkout],
  dueDate: day(-40),
  hoursAgo: 24 * 140,
  description: 'The first self-serve billing portal (invoices only).',
});
issue({
  team: 'WEB',
  title: 'Billing portal v2',
  state: 'In Progress',
  assignee: 'Owen Gallagher',
  priority: 2,
  labels: [LABELS.checkout, LABELS.feature],
  dueDate: day(70),
  estimate: 8,
  hoursAgo: 24 * 25,
  description: 'Plan changes, seat management and tax IDs in the billing portal.',
});
issue({
  team: 'GRO',
  title: 'Annual plan upsell banner',
  state: 'Todo',
  assignee: 'Callum Reid',
  priority: 3,
  labels: [LABELS.experiment, LABELS.feature],
  hoursAgo: 24 * 17,
  description: 'Offer the annual plan from the billing portal; needs portal v2.',
});

// linear_7: another Platform duplicate, the original with an archived copy.
issue({
  team: 'PLAT',
  title: 'SSO login loops for Okta tenants',
  state: 'In Progress',
  assignee: 'Kwame Asante',
  priority: 1,
  labels: [LABELS.bug],
  hoursAgo: 24 * 16,
  description: 'After the IdP redirect the session cookie is dropped and login starts over.',
});
issue({
  team: 'PLAT',
  title: 'SSO login loops for Okta tenants (archive)',
  state: 'Duplicate',
  assignee: 'Tomasz Wrona',
  priority: 2,
  labels: [LABELS.bug],
  archived: true,
  hoursAgo: 24 * 150,
  description: 'An earlier report of the Okta redirect loop.',
});
issue({
  team: 'PLAT',
  title: 'Okta users bounce back to the login page',
  state: 'Todo',
  assignee: 'Tomasz Wrona',
  priority: 2,
  labels: [LABELS.bug],
  hoursAgo: 24 * 12,
  description: 'Two customers on Okta report an endless return to the login page.',
});

// linear_8 and linear_9: more open work for one person than one page of `issues` (50) holds.
const CUSTOMERS = [
  'Harbor Logistics',
  'Northwind Rail',
  'Bluegate Energy',
  'Cedar Ports',
  'Fjord Ferries',
  'Granite Mining',
  'Ironbark Utilities',
  'Juniper Water',
  'Kingfisher Air',
  'Larkspur Farms',
  'Mistral Wind',
  'Nettle Chemicals',
  'Orchid Hospitals',
  'Pinecrest Schools',
  'Quarry Works',
  'Riverside Transit',
  'Saltmarsh Salt',
  'Tamarack Timber',
  'Upland Dairy',
  'Vireo Telecom',
  'Willow Housing',
  'Yarrow Foods',
  'Zephyr Logistics',
  'Alder Bridges',
  'Birch Elevators',
  'Cobalt Shipping',
  'Dune Solar',
];
const bulkIssues = (
  team: string,
  assignee: string,
  subjects: readonly string[],
  states: readonly string[],
  count: number,
  start: number,
): Row[] =>
  Array.from({ length: count }, (_, index) => {
    const customer = CUSTOMERS[index % CUSTOMERS.length]!;
    const subject = subjects[Math.floor(index / CUSTOMERS.length) % subjects.length]!;
    return issue({
      team,
      title: `${subject} for ${customer}`,
      state: states[index % states.length]!,
      assignee,
      priority: 1 + (index % 4),
      hoursAgo: start - index * 3,
      description: `${subject} requested by ${customer}; see the onboarding checklist.`,
    });
  });
bulkIssues(
  'PLAT',
  'Marco Diaz',
  ['Import mapping review', 'SSO setup'],
  ['Todo', 'In Progress', 'Backlog', 'In Review', 'Triage'],
  53,
  24 * 50,
);
bulkIssues('PLAT', 'Marco Diaz', ['Data migration sign-off'], ['Done', 'Canceled'], 4, 24 * 70);
bulkIssues('PLAT', 'Marco Díaz', ['Legacy import cleanup'], ['Todo', 'Backlog'], 3, 24 * 90);
bulkIssues(
  'MOB',
  'Yuki Tanabe',
  ['Device rollout', 'Offline map download'],
  ['Todo', 'In Progress', 'Backlog', 'QA'],
  52,
  24 * 48,
);
bulkIssues('MOB', 'Yuki Tanabe', ['Pilot feedback review'], ['Done'], 3, 24 * 75);

// linear_10: tag an issue and its sub-issues with a label that a related condition renames.
const fieldTest = label('field-test', '#A855F7', 'Needs a field test with a customer crew', null);
label('field-testing', '#A855F7', 'Test plans for field crews (documentation work)', null);
const hardwareEpic = issue({
  team: 'MOB',
  title: 'Inspection hardware support',
  state: 'In Progress',
  assignee: 'Beatriz Lopes',
  priority: 2,
  hoursAgo: 24 * 22,
  description: 'Umbrella for scanners, thermometers and other Bluetooth devices.',
});
const assetScanning = issue({
  team: 'MOB',
  title: 'Asset tag scanning',
  state: 'In Progress',
  assignee: 'Samuel Okonkwo',
  priority: 2,
  labels: [LABELS.android],
  parent: hardwareEpic,
  hoursAgo: 24 * 21,
  description: 'Scan asset tags on site equipment to prefill the checklist.',
});
for (const [title, assignee, state] of [
  ['Asset tag scanning: NFC reader pairing', 'Samuel Okonkwo', 'Todo'],
  ['Asset tag scanning: QR fallback', 'John Park', 'In Progress'],
  ['Asset tag scanning: bulk scan mode', 'Beatriz Lopes', 'Backlog'],
] as const)
  issue({
    team: 'MOB',
    title,
    state,
    assignee,
    priority: 3,
    parent: assetScanning,
    hoursAgo: 24 * 20,
    description: `${title.split(': ')[1]} for the asset tag scanner.`,
  });

// linear_11: put issues into a project and give them to its lead; a related condition renames it.
const fieldKitIssues = [
  issue({
    team: 'MOB',
    title: 'Rugged case compatibility check',
    state: 'Todo',
    assignee: null,
    priority: 3,
    hoursAgo: 24 * 15,
    description: 'Confirm the camera and NFC antenna work through the three approved cases.',
  }),
  issue({
    team: 'MOB',
    title: 'Bluetooth thermometer pairing',
    state: 'Backlog',
    assignee: null,
    priority: 3,
    hoursAgo: 24 * 14,
    description: 'Pair the field thermometers and read values into temperature checklist items.',
  }),
];

// linear_12: a label whose name the instruction writes in another case; a near name shares the words.
label('Needs Review', '#0EA5E9', 'Waiting for a review before it moves on', null);
label('Needs Review (legal)', '#0369A1', 'Waiting for a legal review', null);
issue({
  team: 'DES',
  title: 'Inspection summary card v2 handoff',
  state: 'In Progress',
  assignee: 'Elif Demir',
  priority: 2,
  labels: [LABELS.research],
  hoursAgo: 24 * 13,
  description: 'Final frames and redlines for the v2 summary card.',
});

// linear_13: a title stored with a trailing space (from an import) next to a longer one.
const retention = issue({
  team: 'DATA',
  title: 'Retention job skips EU tenants ',
  state: 'In Progress',
  assignee: 'Ingrid Solberg',
  priority: 2,
  labels: [LABELS.pipeline],
  hoursAgo: 24 * 11,
  description: 'EU tenants are filtered out before the retention window is applied.',
});
issue({
  team: 'DATA',
  title: 'Retention job skips EU tenants on Sundays',
  state: 'Todo',
  assignee: 'Adaeze Nwosu',
  priority: 3,
  labels: [LABELS.pipeline],
  hoursAgo: 24 * 10,
  description: 'The Sunday run uses the US schedule and never sees EU tenants.',
});

// linear_14: move the sub-issues of a legacy parent under its replacement.
const legacyTokens = issue({
  team: 'PLAT',
  title: 'Legacy token service',
  state: 'In Progress',
  assignee: 'Tobias Brandt',
  priority: 2,
  labels: [LABELS.techDebt],
  hoursAgo: 24 * 44,
  description: 'The token service from 2023; being replaced.',
});
issue({
  team: 'PLAT',
  title: 'Auth token service v2',
  state: 'Todo',
  assignee: 'Kwame Asante',
  priority: 2,
  hoursAgo: 24 * 9,
  description: 'The replacement for the legacy token service.',
});
issue({
  team: 'PLAT',
  title: 'Auth token service v2 (old plan)',
  state: 'Canceled',
  assignee: 'Kwame Asante',
  priority: 3,
  archived: true,
  hoursAgo: 24 * 120,
  description: 'A first plan for the replacement, dropped.',
});
const tokenChildren = [
  ['Legacy token service: revoke endpoint', 'Ravi Menon', 'Todo'],
  ['Legacy token service: key rotation', 'Tomasz Wrona', 'In Progress'],
  ['Legacy token service: audit trail', 'Greta Lindqvist', 'Backlog'],
].map(([title, assignee, state]) =>
  issue({
    team: 'PLAT',
    title: title!,
    state: state!,
    assignee: assignee!,
    priority: 3,
    parent: legacyTokens,
    labels: [LABELS.techDebt],
    hoursAgo: 24 * 43,
    description: `${title!.split(': ')[1]} of the token service.`,
  }),
);
issue({
  team: 'PLAT',
  title: 'Legacy token service: session migration',
  state: 'Backlog',
  assignee: 'Ravi Menon',
  priority: 3,
  hoursAgo: 24 * 8,
  description: 'Move live sessions when the new token service takes over.',
});
relate(tokenChildren[0]!, tokenChildren[1]!, 'blocks');
comment(tokenChildren[1]!, 'Tomasz Wrona', 'Rotation schedule agreed with the security team.', 30);

// linear_15: copy the priority of the issue this one blocks (and not of the one blocking it).
const rateLimiter = issue({
  team: 'PLAT',
  title: 'Rate limiter rewrite for bulk imports',
  state: 'Backlog',
  assignee: 'Greta Lindqvist-Holm',
  priority: 3,
  labels: [LABELS.performance],
  hoursAgo: 24 * 7,
  description: 'Token-bucket per tenant instead of one global limit.',
});
const bulkApi = issue({
  team: 'PLAT',
  title: 'Bulk import API for enterprise',
  state: 'Todo',
  assignee: 'Tobias Brandt',
  priority: 2,
  hoursAgo: 24 * 7,
  description: 'Let enterprise customers push 100k sites in one job.',
});
const redis = issue({
  team: 'PLAT',
  title: 'Redis cluster upgrade',
  state: 'Todo',
  assignee: 'Kwame Asante',
  priority: 4,
  hoursAgo: 24 * 7,
  description: 'Move to Redis 7 with cluster mode.',
});
issue({
  team: 'WEB',
  title: 'Rate limiter rewrite for bulk imports',
  state: 'Backlog',
  assignee: null,
  priority: 4,
  hoursAgo: 24 * 6,
  description: 'Client-side throttling of the bulk upload form.',
});
relate(rateLimiter, bulkApi, 'blocks');
relate(redis, rateLimiter, 'blocks');

// linear_16: rename an issue, keep its description, record what it blocks.
const inviteFocus = issue({
  team: 'WEB',
  title: 'Invite modal focus bug',
  state: 'Todo',
  assignee: 'Rosa Quintero',
  priority: 2,
  labels: [LABELS.accessibility],
  hoursAgo: 24 * 6,
  description: 'Tab moves focus behind the invite modal; screen readers lose their place.',
});
const auditWeb = issue({
  team: 'WEB',
  title: 'Accessibility audit sign-off',
  state: 'Todo',
  assignee: 'Harriet Vance',
  priority: 2,
  labels: [LABELS.accessibility],
  hoursAgo: 24 * 6,
  description: 'External WCAG 2.2 audit; every finding must be fixed first.',
});
issue({
  team: 'DES',
  title: 'Accessibility audit sign-off',
  state: 'Todo',
  assignee: 'Sofia Marin',
  priority: 3,
  labels: [LABELS.accessibility],
  hoursAgo: 24 * 6,
  description: 'Design review of the audit findings.',
});
relate(inviteFocus, checkoutCopy, 'related');
void auditWeb;
void launchCritical;
void fieldTest;
void retention;

// The project of linear_11, led by someone other than its creator.
{
  const team = teamByKey('MOB');
  const createdAt = at(-24 * 20);
  const id = uuid();
  projects.push({
    id,
    name: 'Field kit rollout',
    description: 'Rugged devices and peripherals for field crews.',
    slugId: id.replaceAll('-', '').slice(0, 12),
    state: 'started',
    color: '#F97316',
    priority: 2,
    progress: 0.2,
    teamIds: [String(team.id)],
    leadId: String(userByName('Beatriz Lopes').id),
    creatorId: String(userByName('Dana Whitfield').id),
    startDate: createdAt.slice(0, 10),
    targetDate: day(90),
    startedAt: createdAt,
    completedAt: null,
    canceledAt: null,
    createdAt,
    updatedAt: createdAt,
    archivedAt: null,
  });
}
void fieldKitIssues;
// The hardware epic already belongs to the field kit project (Issue.project is then served with a value).
hardwareEpic.projectId = projects.at(-1)!.id!;

// ---------------------------------------------------------------- counts and output
for (const team of teams) team.issueCount = issues.filter((row) => row.teamId === team.id).length;
for (const user of users)
  user.createdIssueCount = issues.filter((row) => row.creatorId === user.id).length;
const organization: Row = {
  id: ORG_ID,
  name: 'Kestrel Cloud',
  urlKey: ORG_URL,
  logoUrl: null,
  createdAt: at(-24 * 320),
  updatedAt: at(-24 * 10),
  allowedAuthServices: ['google', 'saml'],
  createdIssueCount: issues.length,
  customersEnabled: false,
  gitBranchFormat: null,
  previousUrlKeys: [],
  roadmapEnabled: true,
  samlEnabled: true,
  scimEnabled: false,
  userCount: users.filter((user) => user.active === true).length,
  workingDays: [1, 2, 3, 4, 5],
};

const tableRows: Record<string, Row[]> = {
  organizations: [organization],
  users: users,
  teams: teams,
  team_memberships: memberships,
  workflow_states: workflowStates,
  issue_labels: labels,
  issue_label_issue_association: associations,
  issues: issues,
  comments: comments,
  issue_relations: relations,
  projects: projects,
};
const seed: Seed = SeedSchema.parse({
  name: 'linear-base',
  service: 'linear',
  description:
    'Kestrel Cloud, a field-inspection software company: 31 users (near-duplicate names such as Priya Raman / Priya Ramanathan), 7 teams with their own workflow states (one private), labels, about 200 issues with parents, relations and comments. Generated by packs/builtin/seeds/linear.ts.',
  tables: Object.fromEntries(
    Object.entries(tableRows).map(([table, rows]) => [
      table,
      { key: [...LinearTableKeys[table]!], rows },
    ]),
  ),
});
/** The built-in Linear seed file. */
export function generate(): GeneratedFile[] {
  return [seedFile(BUILTIN_PACK, 'linear-base', seed)];
}
