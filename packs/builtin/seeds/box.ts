// Generates fixtures/packs/builtin/seeds/box-base.json: the Box account of Fernhill Studio,
// a small landscape-architecture practice. Deterministic: a seeded PRNG and a fixed epoch,
// so running it twice writes the same bytes. packs/generate.ts runs it.

import { createHash } from 'node:crypto';
import {
  type GeneratedFile,
  type Row,
  type Seed,
  SeedSchema,
  seedFile,
  serviceTableKeys,
} from 'agentproofbench/authoring';
import { BUILTIN_PACK } from '../../lib/generator.js';
import { seededDraws } from '../../lib/random.js';
import { withTotal } from './box/cost-plan.js';

/** The key columns of each box storage table. */
const BoxTableKeys = serviceTableKeys('box');

// Filler rows come from one seeded sequence (packs/lib/random.ts); Math.random is never used.
const { pick, between: int } = seededDraws(0x0b0c5eed);

const usedIds = new Set<string>();
/** Box ids are numeric strings of 9–11 digits. */
function boxId(digits = 10): string {
  for (;;) {
    let id = String(int(1, 9));
    while (id.length < digits) id += String(int(0, 9));
    if (!usedIds.has(id)) {
      usedIds.add(id);
      return id;
    }
  }
}

const EPOCH = Date.UTC(2025, 8, 1, 8, 0, 0); // 2025-09-01T08:00:00Z
/** A timestamp `days` (fractional) after the epoch, in Box's offset form. */
function at(days: number): string {
  const date = new Date(EPOCH + Math.round(days * 24 * 60) * 60_000);
  return date.toISOString().replace('.000Z', '+00:00');
}

// ---------------------------------------------------------------- users
const users = {
  marta: {
    id: '20417350118',
    name: 'Marta Kowalczyk',
    login: 'marta@fernhill-studio.example',
    role: 'user',
    job_title: 'Studio lead',
  },
  priyaR: {
    id: '20417350226',
    name: 'Priya Raman',
    login: 'priya.raman@fernhill-studio.example',
    role: 'user',
    job_title: 'Landscape architect',
  },
  priyaD: {
    id: '20417350341',
    name: 'Priya Desai',
    login: 'priya.desai@fernhill-studio.example',
    role: 'user',
    job_title: 'Planting designer',
  },
  owen: {
    id: '20417350459',
    name: 'Owen Achterberg',
    login: 'owen@fernhill-studio.example',
    role: 'admin',
    job_title: 'Office manager',
  },
} as const;
type UserKey = keyof typeof users;
for (const user of Object.values(users)) usedIds.add(user.id);

const userRows: Row[] = Object.values(users).map((user) => ({
  id: user.id,
  type: 'user',
  name: user.name,
  login: user.login,
  created_at: at(-400),
  modified_at: at(-30),
  status: 'active',
  role: user.role,
  job_title: user.job_title,
}));

// ---------------------------------------------------------------- folders
const folders: Row[] = [
  {
    id: '0',
    type: 'folder',
    name: 'All Files',
    parent_id: null,
    created_at: null,
    modified_at: null,
    created_by_id: null,
    modified_by_id: null,
    owned_by_id: users.marta.id,
    description: '',
    item_status: 'active',
    size: 0,
    sequence_id: null,
    etag: null,
    tags: [],
  },
];

function folder(
  name: string,
  parentId: string,
  owner: UserKey,
  day: number,
  description = '',
): string {
  const id = boxId();
  folders.push({
    id,
    type: 'folder',
    name,
    parent_id: parentId,
    created_at: at(day),
    modified_at: at(day),
    created_by_id: users[owner].id,
    modified_by_id: users[owner].id,
    owned_by_id: users[owner].id,
    description,
    item_status: 'active',
    size: 0,
    sequence_id: '0',
    etag: '0',
    tags: [],
  });
  return id;
}

// ---------------------------------------------------------------- files
const files: Row[] = [];
const versions: Row[] = [];
const comments: Row[] = [];
const tasks: Row[] = [];
const assignments: Row[] = [];
const hubs: Row[] = [];
const hubItems: Row[] = [];
const collaborations: Row[] = [];

interface FileSpec {
  name: string;
  parent: string;
  owner: UserKey;
  day: number;
  /** Oldest first; the last one is current. */
  contents: readonly (string | Uint8Array)[];
  description?: string;
  tags?: string[];
  editors?: readonly UserKey[];
}

const sha1 = (bytes: Uint8Array): string => createHash('sha1').update(bytes).digest('hex');

function file(spec: FileSpec): string {
  const id = boxId();
  const dot = spec.name.lastIndexOf('.');
  const extension = dot > 0 ? spec.name.slice(dot + 1).toLowerCase() : '';
  let lastDay = spec.day;
  let current: Row | undefined;
  spec.contents.forEach((content, index) => {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    const day = index === 0 ? spec.day : lastDay + int(1, 9) + int(0, 8) / 24;
    lastDay = day;
    const editor = index === 0 ? spec.owner : (spec.editors?.[index - 1] ?? spec.owner);
    current = {
      id: boxId(),
      type: 'file_version',
      file_id: id,
      sha_1: sha1(bytes),
      name: spec.name,
      size: bytes.length,
      created_at: at(day),
      modified_at: at(day),
      modified_by_id: users[editor].id,
      version_number: String(index + 1),
      content: typeof content === 'string' ? content : Buffer.from(content).toString('base64'),
      content_encoding: typeof content === 'string' ? 'utf8' : 'base64',
    };
    versions.push(current);
  });
  const sequence = String(spec.contents.length - 1);
  files.push({
    id,
    type: 'file',
    name: spec.name,
    parent_id: spec.parent,
    created_at: at(spec.day),
    modified_at: current!.modified_at!,
    created_by_id: users[spec.owner].id,
    modified_by_id: current!.modified_by_id!,
    owned_by_id: users[spec.owner].id,
    size: current!.size!,
    extension,
    sha_1: current!.sha_1!,
    version_number: String(spec.contents.length),
    comment_count: 0,
    item_status: 'active',
    sequence_id: sequence,
    etag: sequence,
    description: spec.description ?? '',
    tags: spec.tags ?? [],
  });
  return id;
}

function comment(fileId: string, author: UserKey, day: number, message: string): void {
  comments.push({
    id: boxId(),
    type: 'comment',
    item_id: fileId,
    file_id: fileId,
    item_type: 'file',
    message,
    created_by_id: users[author].id,
    created_at: at(day),
    modified_at: at(day),
    is_reply_comment: false,
  });
  const row = files.find((candidate) => candidate.id === fileId)!;
  row.comment_count = Number(row.comment_count) + 1;
}

function task(
  fileId: string,
  creator: UserKey,
  day: number,
  message: string,
  assignees: UserKey[],
  options: { action?: string; due?: number; done?: boolean } = {},
): void {
  const taskId = boxId();
  const done = options.done ?? false;
  tasks.push({
    id: taskId,
    type: 'task',
    item_id: fileId,
    item_type: 'file',
    message,
    created_by_id: users[creator].id,
    created_at: at(day),
    is_completed: done,
    action: options.action ?? 'review',
    completion_rule: 'all_assignees',
    due_at: options.due === undefined ? null : at(options.due),
  });
  for (const assignee of assignees) {
    assignments.push({
      id: boxId(),
      type: 'task_assignment',
      task_id: taskId,
      assigned_to_id: users[assignee].id,
      assigned_by_id: users[creator].id,
      message,
      resolution_state: done
        ? options.action === 'complete'
          ? 'completed'
          : 'approved'
        : 'incomplete',
      assigned_at: at(day),
      completed_at: done ? at(day + 2) : null,
      reminded_at: null,
    });
  }
}

function collaborate(
  itemId: string,
  itemType: 'folder' | 'file' | 'hubs',
  with_: UserKey,
  by: UserKey,
  day: number,
  role = 'editor',
): void {
  collaborations.push({
    id: boxId(),
    type: 'collaboration',
    item_id: itemId,
    item_type: itemType,
    accessible_by_id: users[with_].id,
    role,
    status: 'accepted',
    created_by_id: users[by].id,
    created_at: at(day),
    modified_at: at(day),
  });
}

// ---------------------------------------------------------------- content writers
const SPECIES = [
  ['Malus domestica', 'Discovery', 'tree', 85],
  ['Malus domestica', 'Egremont Russet', 'tree', 85],
  ['Pyrus communis', 'Concorde', 'tree', 92],
  ['Prunus avium', 'Stella', 'tree', 96],
  ['Corylus avellana', '', 'shrub', 9.5],
  ['Sambucus nigra', '', 'shrub', 11],
  ['Rosa canina', '', 'shrub', 6.8],
  ['Crataegus monogyna', '', 'hedge', 2.4],
  ['Geranium Rozanne', '', 'perennial', 7.2],
  ['Salvia nemorosa', 'Caradonna', 'perennial', 6.5],
  ['Achillea millefolium', '', 'perennial', 5.9],
  ['Deschampsia cespitosa', '', 'grass', 6.1],
  ['Carex pendula', '', 'grass', 5.4],
  ['Iris sibirica', '', 'perennial', 7.9],
  ['Lythrum salicaria', '', 'perennial', 6.6],
  ['Thymus serpyllum', '', 'groundcover', 4.2],
  ['Allium sphaerocephalon', '', 'bulb', 0.6],
  ['Narcissus', 'Tete-a-tete', 'bulb', 0.4],
] as const;

function costPlan(project: string, scale: number, contingency: number): string {
  const lines: [string, number, string, number][] = [
    ['Site clearance', 1, 'item', Math.round(2400 * scale)],
    ['Topsoil import', Math.round(38 * scale), 'm3', 46],
    ['Resin-bound path', Math.round(120 * scale), 'm2', 88],
    ['Raised beds (oak sleeper)', Math.round(14 * scale), 'nr', 265],
    ['Tree planting incl. stakes', Math.round(12 * scale), 'nr', 148],
    ['Shrub and perennial planting', Math.round(640 * scale), 'nr', 7],
    ['Rain garden excavation', Math.round(22 * scale), 'm3', 64],
    ['Timber seating', Math.round(4 * scale), 'nr', 1150],
    ['Signage', 2, 'nr', 420],
  ];
  const rows = lines.map(
    ([item, qty, unit, rate]) => `${item},${qty},${unit},${rate},${qty * rate}`,
  );
  const subtotal = lines.reduce((sum, [, qty, , rate]) => sum + qty * rate, 0);
  return [
    `# ${project} - cost plan`,
    'item,quantity,unit,rate_gbp,total_gbp',
    ...rows,
    `Contingency,1,item,${contingency},${contingency}`,
    `Total,,,,${subtotal + contingency}`,
    '',
  ].join('\n');
}

function plantingSchedule(project: string, count: number): string {
  const rows: string[] = ['bed,species,cultivar,form,quantity,unit_price_gbp,planting_window'];
  for (let index = 0; index < count; index++) {
    const [species, cultivar, form, price] = pick(SPECIES);
    const window =
      form === 'bulb' ? 'Oct-Nov' : form === 'tree' ? 'Nov-Feb' : pick(['Mar-Apr', 'Sep-Oct']);
    rows.push(
      `${project.slice(0, 2).toUpperCase()}-${int(1, 9)},${species},${cultivar},${form},${form === 'tree' ? int(1, 4) : int(6, 60)},${price},${window}`,
    );
  }
  return `${rows.join('\n')}\n`;
}

function levelsSurvey(code: string): string {
  const rows = ['point,easting,northing,level_m_aod,note'];
  const baseE = int(400000, 460000);
  const baseN = int(180000, 260000);
  const baseL = 20 + int(0, 300) / 10;
  for (let point = 1; point <= int(8, 16); point++) {
    rows.push(
      `${code}-${String(point).padStart(2, '0')},${baseE + int(0, 60)},${baseN + int(0, 60)},${(baseL + int(-80, 80) / 100).toFixed(2)},${pick(['', '', 'kerb', 'manhole cover', 'tree base', 'gully', 'fence post'])}`,
    );
  }
  return `${rows.join('\n')}\n`;
}

function soilTests(code: string): string {
  const rows = ['sample,depth_cm,ph,organic_matter_pct,texture,infiltration_mm_h'];
  for (let sample = 1; sample <= int(4, 8); sample++) {
    rows.push(
      `${code}-S${sample},${pick([15, 30, 45])},${(5.6 + int(0, 22) / 10).toFixed(1)},${(2 + int(0, 60) / 10).toFixed(1)},${pick(['sandy loam', 'clay loam', 'silty clay', 'loam'])},${int(4, 70)}`,
    );
  }
  return `${rows.join('\n')}\n`;
}

function meetingNotes(
  title: string,
  day: number,
  attendees: readonly string[],
  topics: readonly string[],
): string {
  const date = at(day).slice(0, 10);
  return [
    `# ${title} - ${date}`,
    '',
    `Attendees: ${attendees.join(', ')}`,
    '',
    '## Notes',
    ...topics.map((topic) => `- ${topic}`),
    '',
    '## Actions',
    ...topics
      .slice(0, 2)
      .map(
        (topic, index) =>
          `- [ ] ${attendees[index % attendees.length]}: follow up on ${topic.split(' ').slice(0, 4).join(' ').toLowerCase()}`,
      ),
    '',
  ].join('\n');
}

const TOPICS = [
  'Council feedback on the planting palette',
  'Nursery lead times for bare-root trees',
  'Drainage outfall position agreed with engineer',
  'Play-value review of the boulder trail',
  'Fee stage C invoice to be raised',
  'Accessibility audit of the ramp gradients',
  'Client wants more evergreen structure by the entrance',
  'Maintenance plan: volunteers or contractor',
  'Soil report shows compaction near the gate',
  'Tree protection fencing must stay until March',
  'Lighting consultant to join next review',
  'Budget pressure on the resin-bound surface',
  'School half-term restricts site access',
  'Biodiversity net gain metric to be rerun',
  'Photo survey of existing hedges complete',
];

function projectBrief(project: string, client: string, goals: readonly string[]): string {
  return [
    `# ${project} - client brief`,
    '',
    `Client: ${client}`,
    '',
    '## Goals',
    ...goals.map((goal) => `- ${goal}`),
    '',
    '## Constraints',
    '- Works must be phased around public access.',
    '- Planting to favour native or pollinator-friendly species.',
    '- Maintenance budget after handover is modest; avoid high-input lawns.',
    '',
  ].join('\n');
}

function feeTracker(project: string, stages: number): string {
  const entries = Array.from({ length: stages }, (_, index) => ({
    stage: String.fromCharCode(65 + index),
    fee_gbp: int(18, 60) * 100,
    invoiced: index < stages - 1,
    invoice_ref: index < stages - 1 ? `FH-${int(1000, 1999)}` : null,
  }));
  return `${JSON.stringify({ project, currency: 'GBP', stages: entries }, null, 2)}\n`;
}

function stakeholderList(project: string): string {
  const people = [
    'Head of facilities',
    'Parks officer',
    'Friends group chair',
    'Ward councillor',
    'Site caretaker',
    'Volunteer coordinator',
  ];
  const rows = ['role,organisation,contact_preference,consulted'];
  for (const role of people.slice(0, int(3, 6)))
    rows.push(
      `${role},${project.split(' ')[0]} ${pick(['Trust', 'Council', 'Association', 'School'])},${pick(['email', 'phone', 'site visit'])},${pick(['yes', 'no'])}`,
    );
  return `${rows.join('\n')}\n`;
}

function letter(to: string, subject: string, body: string): string {
  return `To: ${to}\nFrom: Fernhill Studio\nSubject: ${subject}\n\n${body}\n\nKind regards,\nFernhill Studio\n`;
}

/** A tiny but valid PNG (solid colour), so binary content is exercised. */
function png(red: number, green: number, blue: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: number[]): number => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const u32 = (value: number) => [
    (value >>> 24) & 255,
    (value >>> 16) & 255,
    (value >>> 8) & 255,
    value & 255,
  ];
  const chunk = (type: string, data: number[]) => {
    const typed = [...type].map((char) => char.charCodeAt(0));
    return [...u32(data.length), ...typed, ...data, ...u32(crc([...typed, ...data]))];
  };
  // zlib stream of one stored block: filter byte 0 + RGB pixel.
  const raw = [0, red, green, blue];
  let a = 1;
  let b = 0;
  for (const byte of raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const zlib = [
    0x78,
    0x01,
    0x01,
    raw.length,
    0,
    ~raw.length & 255,
    0xff,
    ...raw,
    ...u32((b << 16) | a),
  ];
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk('IHDR', [...u32(1), ...u32(1), 8, 2, 0, 0, 0]),
    ...chunk('IDAT', zlib),
    ...chunk('IEND', []),
  ]);
}

// ---------------------------------------------------------------- the account
const projects = folder(
  'Projects',
  '0',
  'marta',
  -380,
  'Live landscape projects, one folder per site.',
);
const studioAdmin = folder(
  'Studio Admin',
  '0',
  'marta',
  -380,
  'Templates, rosters, meeting notes and tool settings.',
);
const intake = folder(
  'Intake - survey exports',
  '0',
  'marta',
  -200,
  'Raw exports from the total station; file them into the project Surveys folders.',
);
const siteSurveys = folder(
  'Site Surveys',
  '0',
  'priyaR',
  -300,
  'Survey programme run by Priya Raman.',
);
const nursery = folder(
  'Nursery Orders',
  '0',
  'priyaD',
  -250,
  'Orders and availability lists from our nurseries.',
);
const desaiDrafts = folder('Desai - drafts', '0', 'priyaD', -150, 'Personal working drafts.');
const hr = folder(
  'HR Confidential',
  '0',
  'owen',
  -390,
  'Contracts and payroll. Office manager only.',
);
const payroll = folder('Payroll 2026', hr, 'owen', -20);

collaborate(projects, 'folder', 'priyaR', 'marta', -370);
collaborate(projects, 'folder', 'priyaD', 'marta', -370);
collaborate(studioAdmin, 'folder', 'priyaR', 'marta', -360, 'viewer');
collaborate(siteSurveys, 'folder', 'marta', 'priyaR', -299);
collaborate(nursery, 'folder', 'marta', 'priyaD', -249);

interface ProjectSpec {
  name: string;
  code: string;
  client: string;
  description: string;
  scale: number;
  contingency: number;
  subfolders: readonly string[];
  goals: readonly string[];
  start: number;
}

const PROJECTS: readonly ProjectSpec[] = [
  {
    name: 'Orchard Lane Community Garden',
    code: 'OL',
    client: 'Orchard Lane Residents Association',
    scale: 1,
    description:
      'Community orchard and growing beds on the former bowling green. Client: Orchard Lane Residents Association. Stage D.',
    contingency: 4800,
    subfolders: ['Briefs', 'Budgets', 'Planting', 'Surveys', 'Correspondence'],
    start: -330,
    goals: [
      'A productive orchard of heritage apples and pears',
      'Accessible raised beds for the lunch club',
      'A rain garden taking the pavilion roof water',
    ],
  },
  {
    name: 'Orchard Lane Community Garden (archive)',
    code: 'OA',
    client: 'Orchard Lane Residents Association',
    scale: 0.8,
    description: 'Superseded 2024 scheme for Orchard Lane. Kept for reference only; do not issue.',
    contingency: 3000,
    subfolders: ['Budgets', 'Planting', 'Surveys'],
    start: -520,
    goals: ['Earlier scheme with a central lawn', 'Play trail along the north fence'],
  },
  {
    name: 'Millbrook School Courtyard',
    code: 'MB',
    client: 'Millbrook Primary School',
    scale: 0.6,
    description:
      'Courtyard learning garden for Millbrook Primary. Client: the school governors. Stage C.',
    contingency: 2600,
    subfolders: ['Briefs', 'Budgets', 'Planting', 'Surveys', 'Correspondence'],
    start: -240,
    goals: [
      'Outdoor classroom for 30 pupils',
      'Sensory planting along the corridor windows',
      'Shade for the reception class',
    ],
  },
  {
    name: 'Harbour Steps Pocket Park',
    code: 'HS',
    client: 'Port of Westhaven Authority',
    scale: 0.7,
    description:
      'Pocket park on the harbour steps for the Port of Westhaven Authority. Handover pack due April 2026.',
    contingency: 3900,
    subfolders: ['Briefs', 'Budgets', 'Planting', 'Surveys'],
    start: -210,
    goals: [
      'Salt-tolerant planting in raised planters',
      'Seating facing the harbour',
      'Level access from the quay',
    ],
  },
  {
    name: 'Harbour Steps Pocket Park (tender 2024)',
    code: 'HT',
    client: 'Port of Westhaven Authority',
    scale: 0.5,
    description:
      'Tender submission for Harbour Steps, 2024. Lost on price; the live scheme is a separate folder.',
    contingency: 2000,
    subfolders: ['Budgets'],
    start: -480,
    goals: ['Tender-stage scheme'],
  },
  {
    name: 'Kestrel Road Rain Garden',
    code: 'KR',
    client: 'Westhaven Borough Council',
    scale: 0.9,
    description: 'Street rain gardens on Kestrel Road with the borough highways team. Stage E.',
    contingency: 4100,
    subfolders: ['Budgets', 'Surveys', 'Drainage', 'Correspondence'],
    start: -160,
    goals: [
      'Disconnect 1,200 m2 of road from the combined sewer',
      'Kerb build-outs with tree pits',
    ],
  },
];

const projectFolders = new Map<string, Map<string, string>>();
for (const spec of PROJECTS) {
  const projectId = folder(spec.name, projects, 'marta', spec.start, spec.description);
  const subs = new Map<string, string>([['.', projectId]]);
  spec.subfolders.forEach((sub, index) => {
    subs.set(sub, folder(sub, projectId, 'marta', spec.start + index * 0.01));
  });
  projectFolders.set(spec.code, subs);
  const sub = (name: string) => subs.get(name)!;
  const day = (offset: number) => spec.start + offset + int(0, 20) / 10;

  if (subs.has('Briefs')) {
    const brief = projectBrief(spec.name, spec.client, spec.goals);
    file({
      name: `${spec.name} - client brief.md`,
      parent: sub('Briefs'),
      owner: 'marta',
      day: day(3),
      contents: [
        brief.replace(
          '## Constraints',
          '## Open questions\n- Budget ceiling to be confirmed.\n\n## Constraints',
        ),
        brief,
      ],
      description:
        spec.code === 'MB'
          ? 'Draft 3 - waiting for comments from the head teacher.'
          : `Client brief as issued to ${spec.client}.`,
      tags: ['brief', spec.code.toLowerCase()],
      editors: ['marta'],
    });
    file({
      name: `${spec.name} - client brief (old).md`,
      parent: sub('Briefs'),
      owner: 'marta',
      day: day(1),
      contents: [brief.replace('## Goals', '## Goals (first meeting)')],
      description: 'First-meeting version, superseded.',
    });
    file({
      name: 'Kickoff notes.md',
      parent: sub('Briefs'),
      owner: 'priyaR',
      day: day(5),
      contents: [
        meetingNotes(
          `${spec.name} kickoff`,
          day(5),
          ['Marta Kowalczyk', 'Priya Raman', spec.client],
          TOPICS.slice(int(0, 5), int(8, 12)),
        ),
      ],
    });
    file({
      name: 'Stakeholder list.csv',
      parent: sub('Briefs'),
      owner: 'marta',
      day: day(6),
      contents: [stakeholderList(spec.name)],
    });
  }
  if (subs.has('Budgets')) {
    const plan = costPlan(spec.name, spec.scale, spec.contingency);
    const revised = costPlan(spec.name, spec.scale * 1.08, spec.contingency + 600);
    file({
      name: `${spec.name.replace(/ \(.*\)$/, '')} cost plan v1.csv`,
      parent: sub('Budgets'),
      owner: 'marta',
      day: day(20),
      contents: [plan],
      tags: ['budget'],
    });
    file({
      name: `${spec.name.replace(/ \(.*\)$/, '')} cost plan v2.csv`,
      parent: sub('Budgets'),
      owner: 'marta',
      day: day(45),
      contents: [
        plan,
        revised,
        withTotal(revised.replace('Signage,2,nr,420,840', 'Signage,3,nr,420,1260')),
      ],
      tags: ['budget', 'current'],
      editors: ['priyaD', 'marta'],
      description: 'Working cost plan; the one to review.',
    });
    file({
      name: `${spec.name.replace(/ \(.*\)$/, '')} cost plan v2 (1).csv`,
      parent: sub('Budgets'),
      owner: 'priyaD',
      day: day(47),
      contents: [revised],
      description: 'Accidental duplicate from a sync conflict.',
    });
    file({
      name: 'Fee tracker.json',
      parent: sub('Budgets'),
      owner: 'marta',
      day: day(25),
      contents: [feeTracker(spec.name, int(3, 5))],
    });
  }
  if (subs.has('Planting')) {
    file({
      name: 'Planting schedule.csv',
      parent: sub('Planting'),
      owner: 'priyaD',
      day: day(60),
      contents: [
        plantingSchedule(spec.name, int(14, 26)),
        plantingSchedule(spec.name, int(18, 30)),
      ],
      editors: ['priyaD'],
    });
    file({
      name: 'Species list.csv',
      parent: sub('Planting'),
      owner: 'priyaD',
      day: day(58),
      contents: [plantingSchedule(spec.name, int(8, 12))],
    });
    file({
      name: 'Planting design notes.md',
      parent: sub('Planting'),
      owner: 'priyaD',
      day: day(62),
      contents: [
        meetingNotes(
          `${spec.name} planting design`,
          day(62),
          ['Priya Desai', 'Marta Kowalczyk'],
          TOPICS.slice(int(0, 4), int(7, 10)),
        ),
      ],
    });
    file({
      name: 'Mood board swatch.png',
      parent: sub('Planting'),
      owner: 'priyaD',
      day: day(59),
      contents: [png(int(40, 120), int(100, 200), int(40, 90))],
    });
  }
  if (subs.has('Surveys')) {
    // Box refuses two items of one name in a folder: a plot number drawn twice moves up.
    const plots = new Set<number>();
    for (let plot = 1; plot <= int(3, 6); plot++) {
      let number = plot * int(2, 3);
      while (plots.has(number)) number += 1;
      plots.add(number);
      file({
        name: `${spec.code}-plot-${String(number).padStart(2, '0')}-levels.csv`,
        parent: sub('Surveys'),
        owner: 'priyaR',
        day: day(10 + plot),
        contents: [levelsSurvey(`${spec.code}${plot}`)],
      });
    }
    file({
      name: 'Soil tests.csv',
      parent: sub('Surveys'),
      owner: 'priyaR',
      day: day(14),
      contents: [soilTests(spec.code)],
    });
  }
  if (subs.has('Drainage')) {
    file({
      name: 'Rain garden sizing.json',
      parent: sub('Drainage'),
      owner: 'marta',
      day: day(30),
      contents: [
        `${JSON.stringify(
          {
            catchment_m2: 1200,
            design_storm: '1 in 30 + 40%',
            infiltration_mm_h: 18,
            cells: [
              { id: 'RG1', area_m2: 42, depth_mm: 300 },
              { id: 'RG2', area_m2: 36, depth_mm: 300 },
              { id: 'RG3', area_m2: 28, depth_mm: 250 },
            ],
          },
          null,
          2,
        )}\n`,
      ],
    });
    file({
      name: 'Drainage strategy.md',
      parent: sub('Drainage'),
      owner: 'marta',
      day: day(32),
      contents: [
        '# Kestrel Road drainage strategy\n\nRoad runoff enters the rain gardens through dropped kerbs. Overflow returns to the existing gullies.\nExceedance routes follow the road camber to the park.\n',
        '# Kestrel Road drainage strategy\n\nRoad runoff enters the rain gardens through dropped kerbs with sediment forebays. Overflow returns to the existing gullies.\nExceedance routes follow the road camber to the park. Highways asked for a 150 mm freeboard.\n',
      ],
      editors: ['marta'],
    });
  }
  if (subs.has('Correspondence')) {
    for (let index = 0; index < int(2, 4); index++) {
      const sent = day(70 + index * 9);
      file({
        name: `${at(sent).slice(0, 10)} letter to ${pick(['client', 'council', 'engineer', 'nursery'])}.txt`,
        parent: sub('Correspondence'),
        owner: 'marta',
        day: sent,
        contents: [
          letter(
            spec.client,
            `${spec.name}: ${pick(TOPICS)}`,
            `Following our call, we attach the revised drawings. ${pick(TOPICS)}. ${pick(TOPICS)}.`,
          ),
        ],
      });
    }
  }
}

// Studio admin: templates, meeting notes, rosters and tool settings.
const templates = folder('Templates', studioAdmin, 'marta', -370);
const notes = folder('Meeting notes', studioAdmin, 'marta', -370);
const notes2025 = folder('2025', notes, 'marta', -240);
const notes2026 = folder('2026', notes, 'marta', 120);
const rosters = folder('Rosters', studioAdmin, 'owen', -365);
const config = folder('Tool settings', studioAdmin, 'marta', -365);
collaborate(rosters, 'folder', 'marta', 'owen', -364, 'editor');

file({
  name: 'Meeting notes template.md',
  parent: templates,
  owner: 'marta',
  day: -369,
  contents: ['# <Meeting> - <date>\n\nAttendees:\n\n## Notes\n- \n\n## Actions\n- [ ] \n'],
});
file({
  name: 'Cost plan template.csv',
  parent: templates,
  owner: 'marta',
  day: -369,
  contents: ['item,quantity,unit,rate_gbp,total_gbp\nContingency,1,item,0,0\nTotal,,,,0\n'],
});
file({
  name: 'Transmittal template.md',
  parent: templates,
  owner: 'marta',
  day: -368,
  contents: [
    '# Transmittal\n\nProject:\nIssued to:\nDrawings:\n| no. | title | revision |\n| --- | --- | --- |\n',
  ],
});
file({
  name: 'Site visit checklist.md',
  parent: templates,
  owner: 'priyaR',
  day: -300,
  contents: [
    '# Site visit checklist\n\n- PPE and sign-in\n- Photos of each elevation\n- Check tree protection fencing\n- Note any new services markings\n',
  ],
});

for (let week = 0; week < 16; week++) {
  const day = -200 + week * 14;
  const target = day < 120 ? notes2025 : notes2026;
  file({
    name: `${at(day).slice(0, 10)} studio meeting.md`,
    parent: target,
    owner: pick(['marta', 'marta', 'priyaR'] as const),
    day,
    contents: [
      meetingNotes(
        'Studio meeting',
        day,
        ['Marta Kowalczyk', 'Priya Raman', 'Priya Desai', 'Owen Achterberg'],
        [pick(TOPICS), pick(TOPICS), pick(TOPICS), pick(TOPICS)],
      ),
    ],
  });
}
for (let week = 0; week < 8; week++) {
  const day = 124 + week * 7;
  file({
    name: `${at(day).slice(0, 10)} studio meeting.md`,
    parent: notes2026,
    owner: 'marta',
    day,
    contents: [
      meetingNotes(
        'Studio meeting',
        day,
        ['Marta Kowalczyk', 'Priya Raman', 'Priya Desai'],
        [pick(TOPICS), pick(TOPICS), pick(TOPICS)],
      ),
    ],
  });
}

function roster(year: number): string {
  const rows = ['week_commencing,site_visits,office_cover,on_call'];
  const names = ['Marta Kowalczyk', 'Priya Raman', 'Priya Desai', 'Owen Achterberg'];
  for (let week = 0; week < 20; week++) {
    const start = new Date(Date.UTC(year, 0, 5 + week * 7)).toISOString().slice(0, 10);
    rows.push(`${start},${pick(names.slice(0, 3))},${pick(names)},${pick(names.slice(0, 3))}`);
  }
  return `${rows.join('\n')}\n`;
}
file({
  name: 'Staff roster 2026.csv',
  parent: rosters,
  owner: 'owen',
  day: 115,
  contents: [roster(2026), roster(2026)],
  editors: ['owen'],
});
file({
  name: 'Staff roster 2025.csv',
  parent: rosters,
  owner: 'owen',
  day: -250,
  contents: [roster(2025)],
});
file({
  name: 'Holiday rota 2026.csv',
  parent: rosters,
  owner: 'owen',
  day: 118,
  contents: [
    'name,from,to,days\nMarta Kowalczyk,2026-04-06,2026-04-10,5\nPriya Raman,2026-05-26,2026-05-29,4\nPriya Desai,2026-02-16,2026-02-20,5\nOwen Achterberg,2026-08-03,2026-08-14,10\n',
  ],
});

file({
  name: 'plotter-settings.json',
  parent: config,
  owner: 'marta',
  day: -360,
  contents: [
    `${JSON.stringify({ plotter: 'HP DesignJet T650', paper: 'A1', margins_mm: 5, pen_table: 'fernhill-2024.ctb', colour: true }, null, 2)}\n`,
    `${JSON.stringify({ plotter: 'HP DesignJet T650', paper: 'A1', margins_mm: 5, pen_table: 'fernhill-2025.ctb', colour: true }, null, 2)}\n`,
  ],
  editors: ['marta'],
});
file({
  name: 'cad-layers.json',
  parent: config,
  owner: 'marta',
  day: -355,
  contents: [
    `${JSON.stringify(
      {
        layers: [
          { name: 'L-PLNT-TREE', colour: 3 },
          { name: 'L-PLNT-SHRB', colour: 82 },
          { name: 'L-HARD-PATH', colour: 8 },
          { name: 'L-DRNG', colour: 5 },
          { name: 'L-ANNO', colour: 7 },
        ],
      },
      null,
      2,
    )}\n`,
  ],
});
file({
  name: 'sync-config.yaml',
  parent: config,
  owner: 'owen',
  day: -340,
  contents: [
    'sync:\n  include:\n    - Projects/**\n    - Studio Admin/Templates/**\n  exclude:\n    - "**/*.tmp"\n  conflict_policy: keep_both\n',
  ],
});

// Intake: raw exports waiting to be filed (the trap: "OL-" vs "ol-" and other projects' codes).
// No intake name is already in the project Surveys folders the exports are filed into.
const intakeFiles = [
  'OL-plot-07-levels.csv',
  'OL-plot-14-levels.csv',
  'OL-soil-sample-3.csv',
  'MB-courtyard-levels.csv',
  'HS-quay-levels.csv',
  'KR-infiltration-test-2.csv',
  'KR-kerb-levels.csv',
  'ol-notes-scan.txt',
  'Old-OL-plot-07-levels.csv',
];
intakeFiles.forEach((name, index) => {
  const content = name.endsWith('.txt')
    ? 'Handwritten notes, Orchard Lane walkover. Hedge gap by the pavilion; standing water after rain by bed 3.\n'
    : name.includes('soil')
      ? soilTests(name.slice(0, 2))
      : levelsSurvey(name.slice(0, 2));
  file({
    name,
    parent: intake,
    owner: index % 3 === 0 ? 'priyaR' : 'marta',
    day: 150 + index * 0.7,
    contents: [content],
  });
});

// Folders shared with Marta by colleagues, and private ones she cannot see.
const surveys2025 = folder('2025 Q4', siteSurveys, 'priyaR', -120);
const surveys2026 = folder('2026 Q1', siteSurveys, 'priyaR', 120);
for (const [parent, start] of [
  [surveys2025, -110],
  [surveys2026, 125],
] as const) {
  for (let index = 0; index < 6; index++) {
    const code = pick(['OL', 'MB', 'HS', 'KR']);
    file({
      name: `${code}-walkover-${at(start + index * 6).slice(0, 10)}.csv`,
      parent,
      owner: 'priyaR',
      day: start + index * 6,
      contents: [levelsSurvey(`${code}W${index}`)],
    });
  }
}
file({
  name: 'Survey programme.md',
  parent: siteSurveys,
  owner: 'priyaR',
  day: -290,
  contents: [
    '# Survey programme\n\nQuarterly walkovers of every live site. Raw exports go to Intake - survey exports and are filed into the project folders.\n',
  ],
});

for (const nurseryName of ['Wyeside Nurseries', 'Greenbank Trees', 'Marsh Lane Perennials']) {
  file({
    name: `${nurseryName} availability.csv`,
    parent: nursery,
    owner: 'priyaD',
    day: int(-200, 100),
    contents: [plantingSchedule(nurseryName, int(10, 18))],
  });
  file({
    name: `${nurseryName} order 2026-01.json`,
    parent: nursery,
    owner: 'priyaD',
    day: int(110, 130),
    contents: [
      `${JSON.stringify(
        {
          nursery: nurseryName,
          lines: Array.from({ length: int(3, 7) }, () => {
            const [species, cultivar, , price] = pick(SPECIES);
            return { species, cultivar, quantity: int(5, 80), unit_price_gbp: price };
          }),
        },
        null,
        2,
      )}\n`,
    ],
  });
}
file({
  name: 'Orchard Lane cost plan v2.csv',
  parent: desaiDrafts,
  owner: 'priyaD',
  day: 100,
  contents: [costPlan('Orchard Lane Community Garden', 1.2, 5200)],
  description: 'My own what-if copy.',
});
file({
  name: 'Portfolio ideas.md',
  parent: desaiDrafts,
  owner: 'priyaD',
  day: 105,
  contents: ['# Portfolio ideas\n\n- Courtyard sensory garden\n- Rain garden details\n'],
});
file({
  name: 'Payroll January 2026.csv',
  parent: payroll,
  owner: 'owen',
  day: 140,
  contents: [
    'name,gross_gbp\nMarta Kowalczyk,4650\nPriya Raman,3720\nPriya Desai,3480\nOwen Achterberg,3150\n',
  ],
});
file({
  name: 'Employment contracts index.md',
  parent: hr,
  owner: 'owen',
  day: -380,
  contents: ['# Contracts\n\nSigned copies are in the safe; this index lists start dates only.\n'],
});

// Comments and tasks on project work.
const byName = (name: string, parent: string) =>
  files.find((row) => row.name === name && row.parent_id === parent)!.id as string;
const orchard = projectFolders.get('OL')!;
const millbrook = projectFolders.get('MB')!;
const harbour = projectFolders.get('HS')!;
const kestrel = projectFolders.get('KR')!;
const olPlan = byName('Orchard Lane Community Garden cost plan v2.csv', orchard.get('Budgets')!);
const olPlanDuplicate = byName(
  'Orchard Lane Community Garden cost plan v2 (1).csv',
  orchard.get('Budgets')!,
);
const mbBrief = byName('Millbrook School Courtyard - client brief.md', millbrook.get('Briefs')!);
comment(
  olPlan,
  'priyaD',
  95,
  'Nursery prices for the coming season went up 6%, I have updated the shrub rate.',
);
comment(olPlan, 'marta', 96, 'Thanks. Can we hold the contingency at the current figure for now?');
comment(olPlanDuplicate, 'priyaD', 97, 'Ignore this copy, it came from the sync conflict.');
comment(mbBrief, 'marta', 90, 'Head teacher wants the outdoor classroom closer to Year 2.');
comment(
  mbBrief,
  'priyaR',
  91,
  'Noted - the survey shows the Year 2 side floods after heavy rain though.',
);
const commentTargets = files.filter(
  (row) =>
    /\.(csv|md|json)$/.test(String(row.name)) &&
    row.parent_id !== payroll &&
    row.parent_id !== hr &&
    row.parent_id !== desaiDrafts,
);
const remarks = [
  'Checked against the drawings, looks right.',
  'Can you add the unit rates source?',
  'Client asked for this by Friday.',
  'Updated after the site visit.',
  'Numbers differ from the fee proposal, please check.',
  'Good to issue.',
  'Needs the new logo on the title block.',
  'Moved the hedge line 500 mm north.',
  'This supersedes the December version.',
  'Please keep this one read-only after issue.',
];
for (let index = 0; index < 38; index++) {
  const target = pick(commentTargets);
  comment(
    String(target.id),
    pick(['marta', 'priyaR', 'priyaD'] as const),
    175 + index * 0.4,
    pick(remarks),
  );
}
task(olPlan, 'marta', 98, 'Check the nursery rates against the January price list.', ['priyaD'], {
  due: 105,
  done: true,
});
task(mbBrief, 'marta', 92, 'Review the brief before it goes to the governors.', ['priyaR'], {
  due: 100,
});
task(
  byName('Harbour Steps Pocket Park cost plan v2.csv', harbour.get('Budgets')!),
  'marta',
  130,
  'Confirm the planter quantities with the Port engineer.',
  ['priyaR', 'priyaD'],
  { due: 140 },
);
task(
  byName('Rain garden sizing.json', kestrel.get('Drainage')!),
  'marta',
  131,
  'Rerun the sizing with the new infiltration result.',
  ['priyaR'],
  { action: 'complete', due: 138 },
);
const taskTargets = files.filter(
  (row) =>
    /\.(csv|md)$/.test(String(row.name)) &&
    [...orchard.values(), ...millbrook.values(), ...harbour.values(), ...kestrel.values()].includes(
      String(row.parent_id),
    ),
);
const taskMessages = [
  'Proofread before issue.',
  'Check quantities against the drawing.',
  'Update with the site visit findings.',
  'Approve for tender.',
  'Add photos from the walkover.',
];
for (let index = 0; index < 14; index++) {
  const done = index % 4 === 0;
  task(
    String(pick(taskTargets).id),
    pick(['marta', 'priyaR'] as const),
    100 + index * 3,
    pick(taskMessages),
    [pick(['priyaR', 'priyaD', 'marta'] as const)],
    { due: 110 + index * 3, done, action: index % 5 === 0 ? 'complete' : 'review' },
  );
}

// Hubs: client packs and the studio library.
function hub(
  title: string,
  description: string,
  creator: UserKey,
  day: number,
  items: Array<{ id: string; type: 'file' | 'folder' }>,
): string {
  const id = boxId(9);
  hubs.push({
    id,
    type: 'hubs',
    title,
    description,
    created_by_id: users[creator].id,
    updated_by_id: users[creator].id,
    created_at: at(day),
    updated_at: at(day),
    is_ai_enabled: true,
    can_non_owners_invite: false,
    can_shared_link_be_created: true,
    is_collaboration_restricted_to_enterprise: true,
    view_count: int(0, 60),
  });
  items.forEach((item, index) => {
    const row = (item.type === 'folder' ? folders : files).find(
      (candidate) => candidate.id === item.id,
    )!;
    hubItems.push({
      id: boxId(),
      hub_id: id,
      item_id: item.id,
      item_type: item.type,
      item_name: row.name!,
      created_at: at(day + index * 0.01),
    });
  });
  return id;
}
hub(
  'Orchard Lane - client pack',
  'Everything the residents association needs for the spring planting day.',
  'marta',
  110,
  [
    { id: orchard.get('.')!, type: 'folder' },
    { id: olPlan, type: 'file' },
    {
      id: byName('Orchard Lane Community Garden - client brief.md', orchard.get('Briefs')!),
      type: 'file',
    },
  ],
);
hub('Studio library', 'Templates and checklists everyone uses.', 'marta', -300, [
  { id: templates, type: 'folder' },
  { id: byName('Site visit checklist.md', templates), type: 'file' },
]);
hub('Millbrook - governors review', 'Papers for the governors meeting.', 'priyaR', 95, [
  { id: mbBrief, type: 'file' },
  { id: millbrook.get('Planting')!, type: 'folder' },
]);
const surveyHub = hub('Survey exports', 'Quarterly walkover data.', 'priyaR', 126, [
  { id: siteSurveys, type: 'folder' },
]);
collaborate(surveyHub, 'hubs', 'marta', 'priyaR', 126, 'viewer');
hub('HR handbook', 'Policies and forms.', 'owen', -200, [{ id: hr, type: 'folder' }]);

// Favorites: every user has one collection; drawn last so earlier ids stay stable.
const collections: Row[] = [];
const collectionItems: Row[] = [];
function favorites(owner: UserKey, items: Array<{ id: string; type: 'file' | 'folder' }>): void {
  const collectionId = boxId(9);
  collections.push({
    id: collectionId,
    type: 'collection',
    name: 'Favorites',
    collection_type: 'favorites',
    user_id: users[owner].id,
  });
  items.forEach((item, index) => {
    collectionItems.push({
      id: boxId(),
      collection_id: collectionId,
      item_id: item.id,
      item_type: item.type,
      created_at: at(60 + index * 11),
    });
  });
}
favorites('marta', [
  { id: orchard.get('.')!, type: 'folder' },
  { id: olPlan, type: 'file' },
  { id: mbBrief, type: 'file' },
  { id: notes2026, type: 'folder' },
]);
favorites('priyaR', [
  { id: siteSurveys, type: 'folder' },
  { id: intake, type: 'folder' },
]);
favorites('priyaD', [
  { id: nursery, type: 'folder' },
  { id: olPlanDuplicate, type: 'file' },
]);
favorites('owen', [{ id: hr, type: 'folder' }]);

// ---------------------------------------------------------------- later additions
// Drawn after everything above, so every earlier id and content stays as it was.

// A lower-case Kestrel Road export: "KR-" (upper case) is the filing prefix, this one is not.
file({
  name: 'kr-gully-survey.csv',
  parent: intake,
  owner: 'priyaR',
  day: 157,
  contents: [levelsSurvey('KG')],
});
file({
  name: 'Kr-kerb-notes.txt',
  parent: intake,
  owner: 'marta',
  day: 157.5,
  contents: [
    'Kerb notes, Kestrel Road walkover: dropped kerbs at 14, 22 and 31; gully by 40 blocked.\n',
  ],
});

// Photo folders larger than one page of GET /folders/{id}/items (100 entries by default).
const BLURRED = new Set([9, 37, 88, 104, 121]);
const olPhotos = folder(
  'Site photos',
  orchard.get('.')!,
  'priyaR',
  140,
  'Walkover photos, numbered in the order taken.',
);
for (let index = 1; index <= 130; index++) {
  const number = String(index).padStart(3, '0');
  file({
    name:
      index === 63
        ? `OL-photo-${number}-blurred-retouched.png`
        : `OL-photo-${number}${BLURRED.has(index) ? '-blurred' : ''}.png`,
    parent: olPhotos,
    owner: 'priyaR',
    day: 140 + index * 0.01,
    contents: [png(int(60, 200), int(80, 220), int(40, 160))],
  });
}
const krPhotos = folder(
  'Site photos',
  kestrel.get('.')!,
  'marta',
  145,
  'Kerb line photos for the highways team.',
);
for (let index = 1; index <= 108; index++) {
  file({
    name: `KR-kerb-${String(index).padStart(3, '0')}.png`,
    parent: krPhotos,
    owner: 'marta',
    day: 145 + index * 0.01,
    contents: [png(int(90, 140), int(90, 140), int(90, 140))],
    tags: index % 9 === 0 ? ['photo', 'dropped-kerb'] : ['photo'],
  });
}

// Tags that tell the Harbour Steps cost plans apart (live v1 superseded, tender copy of v2).
const retag = (name: string, parent: string, tags: string[]): void => {
  files.find((row) => row.name === name && row.parent_id === parent)!.tags = tags;
};
retag('Harbour Steps Pocket Park cost plan v1.csv', harbour.get('Budgets')!, [
  'budget',
  'superseded',
]);
retag('Harbour Steps Pocket Park cost plan v2.csv', projectFolders.get('HT')!.get('Budgets')!, [
  'budget',
  'tender-2024',
]);
comment(
  byName('Millbrook School Courtyard - client brief (old).md', millbrook.get('Briefs')!),
  'marta',
  120,
  'Keep this version: it records what the governors asked for at the first meeting.',
);

const seed: Seed = SeedSchema.parse({
  name: 'box-base',
  service: 'box',
  description:
    'Fernhill Studio, a four-person landscape-architecture practice: project folders with near-duplicate names (live vs archive vs tender), cost plans with sync-conflict copies, two users called Priya, folders shared by colleagues and private ones the studio lead cannot see, version histories, comments, review tasks, hubs, and photo folders larger than one page of a folder listing.',
  tables: {
    box_users: { key: [...BoxTableKeys.box_users!], rows: userRows },
    box_folders: { key: [...BoxTableKeys.box_folders!], rows: folders },
    box_files: { key: [...BoxTableKeys.box_files!], rows: files },
    box_file_versions: { key: [...BoxTableKeys.box_file_versions!], rows: versions },
    box_comments: { key: [...BoxTableKeys.box_comments!], rows: comments },
    box_tasks: { key: [...BoxTableKeys.box_tasks!], rows: tasks },
    box_task_assignments: { key: [...BoxTableKeys.box_task_assignments!], rows: assignments },
    box_hubs: { key: [...BoxTableKeys.box_hubs!], rows: hubs },
    box_hub_items: { key: [...BoxTableKeys.box_hub_items!], rows: hubItems },
    box_collaborations: { key: [...BoxTableKeys.box_collaborations!], rows: collaborations },
    box_collections: { key: [...BoxTableKeys.box_collections!], rows: collections },
    box_collection_items: { key: [...BoxTableKeys.box_collection_items!], rows: collectionItems },
  },
});

/** The built-in Box seed file. */
export function generate(): GeneratedFile[] {
  return [seedFile(BUILTIN_PACK, 'box-base', seed)];
}
