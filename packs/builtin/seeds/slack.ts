// Generates fixtures/packs/builtin/seeds/slack-base.json: the Slack workspace of a fictional
// logistics company, Kestrel Freight. Deterministic (seeded PRNG, fixed epoch): running it
// twice writes the same bytes. packs/generate.ts runs it.

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

/** The key columns of each slack storage table. */
const SlackTableKeys = serviceTableKeys('slack');

// Filler names and times come from one seeded sequence (packs/lib/random.ts).
const { random, pick, between, sample } = seededDraws(0x4b455354); // "KEST"

const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const usedIds = new Set<string>();
function slackId(prefix: string): string {
  for (;;) {
    let id = `${prefix}0`;
    for (let i = 0; i < 9; i += 1) id += pick([...ID_ALPHABET]);
    if (!usedIds.has(id)) {
      usedIds.add(id);
      return id;
    }
  }
}

/** Workspace history runs from Mon 2026-09-07 for eight weeks; tasks happen afterwards. */
const EPOCH = Date.UTC(2026, 8, 7, 0, 0, 0) / 1000;
const DAY = 86_400;
const TEAM_ID = 'T0KSTRLFRT';

// ---------------------------------------------------------------- people
interface Person {
  key: string;
  real: string;
  display: string;
  username: string;
  title: string;
  tz: string;
  bot?: boolean;
  admin?: boolean;
}

const PEOPLE: Person[] = [
  {
    key: 'maren',
    real: 'Maren Holt',
    display: 'Maren',
    username: 'maren.holt',
    title: 'Operations Manager',
    tz: 'Europe/Berlin',
    admin: true,
  },
  {
    key: 'priyaRaman',
    real: 'Priya Raman',
    display: 'Priya R',
    username: 'priya.raman',
    title: 'Field Operations Lead',
    tz: 'Asia/Kolkata',
  },
  {
    key: 'priyaNatarajan',
    real: 'Priya Natarajan',
    display: 'Priya',
    username: 'priya.natarajan',
    title: 'QA Analyst',
    tz: 'Europe/London',
  },
  {
    key: 'priyaRamanathan',
    real: 'Priya Ramanathan',
    display: 'priya.r',
    username: 'priya.ramanathan',
    title: 'Procurement Specialist',
    tz: 'Asia/Kolkata',
  },
  {
    key: 'dev',
    real: 'Dev Malhotra',
    display: 'Dev',
    username: 'dev.malhotra',
    title: 'Payments Engineer',
    tz: 'Europe/London',
  },
  {
    key: 'ines',
    real: 'Ines Carvalho',
    display: 'Ines',
    username: 'ines.carvalho',
    title: 'Site Reliability Engineer',
    tz: 'Europe/Lisbon',
  },
  {
    key: 'kwame',
    real: 'Kwame Mensah',
    display: 'Kwame',
    username: 'kwame.mensah',
    title: 'Incident Manager',
    tz: 'Africa/Accra',
  },
  {
    key: 'sofia',
    real: 'Sofia Lindqvist',
    display: 'Sofia',
    username: 'sofia.lindqvist',
    title: 'Finance Systems Lead',
    tz: 'Europe/Stockholm',
  },
  {
    key: 'hana',
    real: 'Hana Sato',
    display: 'Hana',
    username: 'hana.sato',
    title: 'Support Lead',
    tz: 'Asia/Tokyo',
  },
  {
    key: 'omar',
    real: 'Omar Haddad',
    display: 'Omar',
    username: 'omar.haddad',
    title: 'Dock Supervisor',
    tz: 'Europe/Berlin',
  },
  {
    key: 'lena',
    real: 'Lena Fischer',
    display: 'Lena',
    username: 'lena.fischer',
    title: 'Safety Lead, West Warehouse',
    tz: 'Europe/Berlin',
  },
  {
    key: 'tomasz',
    real: 'Tomasz Wójcik',
    display: 'Tomasz',
    username: 'tomasz.wojcik',
    title: 'Safety Lead, East Warehouse',
    tz: 'Europe/Warsaw',
  },
  {
    key: 'samO',
    real: 'Sam Okafor',
    display: 'Sam O',
    username: 'sam.okafor',
    title: 'Warehouse Coordinator',
    tz: 'Europe/London',
  },
  {
    key: 'samuelO',
    real: 'Samuel Okafor',
    display: 'Sam',
    username: 'samuel.okafor',
    title: 'Account Executive',
    tz: 'America/New_York',
  },
  {
    key: 'dana',
    real: 'Dana Cho',
    display: 'Dana',
    username: 'dana.cho',
    title: 'Product Designer',
    tz: 'America/Los_Angeles',
  },
  {
    key: 'dan',
    real: 'Dan Cho',
    display: 'Dan',
    username: 'dan.cho',
    title: 'Data Engineer',
    tz: 'America/Los_Angeles',
  },
  {
    key: 'rafael',
    real: 'Rafael Ortiz',
    display: 'Rafa',
    username: 'rafael.ortiz',
    title: 'Fleet Planner',
    tz: 'Europe/Madrid',
  },
  {
    key: 'aisling',
    real: 'Aisling Byrne',
    display: 'Aisling',
    username: 'aisling.byrne',
    title: 'Customer Success Manager',
    tz: 'Europe/Dublin',
  },
  {
    key: 'mateus',
    real: 'Mateus Lima',
    display: 'Mateus',
    username: 'mateus.lima',
    title: 'Backend Engineer',
    tz: 'America/Sao_Paulo',
  },
  {
    key: 'yuki',
    real: 'Yuki Tanaka',
    display: 'Yuki',
    username: 'yuki.tanaka',
    title: 'Frontend Engineer',
    tz: 'Asia/Tokyo',
  },
  {
    key: 'noor',
    real: 'Noor Al-Sayed',
    display: 'Noor',
    username: 'noor.alsayed',
    title: 'People Partner',
    tz: 'Asia/Dubai',
  },
  {
    key: 'greta',
    real: 'Greta Johansson',
    display: 'Greta',
    username: 'greta.johansson',
    title: 'Head of Finance',
    tz: 'Europe/Stockholm',
  },
  {
    key: 'kofi',
    real: 'Kofi Asante',
    display: 'Kofi',
    username: 'kofi.asante',
    title: 'Route Analyst',
    tz: 'Africa/Accra',
  },
  {
    key: 'elif',
    real: 'Elif Demir',
    display: 'Elif',
    username: 'elif.demir',
    title: 'Platform Engineer',
    tz: 'Europe/Istanbul',
  },
  {
    key: 'arjun',
    real: 'Arjun Mehta',
    display: 'Arjun',
    username: 'arjun.mehta',
    title: 'Engineering Manager',
    tz: 'Asia/Kolkata',
  },
  {
    key: 'chloe',
    real: 'Chloe Martin',
    display: 'Chloe',
    username: 'chloe.martin',
    title: 'Sales Manager, EMEA',
    tz: 'Europe/Paris',
  },
  {
    key: 'bram',
    real: 'Bram de Vries',
    display: 'Bram',
    username: 'bram.devries',
    title: 'Inventory Controller',
    tz: 'Europe/Amsterdam',
  },
  {
    key: 'leila',
    real: 'Leila Rahimi',
    display: 'Leila',
    username: 'leila.rahimi',
    title: 'Data Scientist',
    tz: 'Europe/Berlin',
  },
  {
    key: 'tobias',
    real: 'Tobias Weber',
    display: 'Tobi',
    username: 'tobias.weber',
    title: 'Forklift Fleet Technician',
    tz: 'Europe/Berlin',
  },
  {
    key: 'marta',
    real: 'Marta Kowalczyk',
    display: 'Marta',
    username: 'marta.kowalczyk',
    title: 'Shift Lead, East Warehouse',
    tz: 'Europe/Warsaw',
  },
  {
    key: 'jonas',
    real: 'Jonas Berg',
    display: 'Jonas',
    username: 'jonas.berg',
    title: 'Shift Lead, West Warehouse',
    tz: 'Europe/Berlin',
  },
  {
    key: 'amara',
    real: 'Amara Eze',
    display: 'Amara',
    username: 'amara.eze',
    title: 'Vendor Manager',
    tz: 'Africa/Lagos',
  },
  {
    key: 'lucas',
    real: 'Lucas Moreau',
    display: 'Lucas',
    username: 'lucas.moreau',
    title: 'Customs Broker Liaison',
    tz: 'Europe/Paris',
  },
  {
    key: 'zainab',
    real: 'Zainab Bello',
    display: 'Zainab',
    username: 'zainab.bello',
    title: 'Support Specialist',
    tz: 'Europe/London',
  },
  {
    key: 'henrik',
    real: 'Henrik Nilsson',
    display: 'Henrik',
    username: 'henrik.nilsson',
    title: 'CTO',
    tz: 'Europe/Stockholm',
    admin: true,
  },
  {
    key: 'olivia',
    real: 'Olivia Grant',
    display: 'Liv',
    username: 'olivia.grant',
    title: 'CEO',
    tz: 'Europe/London',
    admin: true,
  },
  {
    key: 'ravi',
    real: 'Ravi Subramanian',
    display: 'Ravi',
    username: 'ravi.subramanian',
    title: 'Security Engineer',
    tz: 'Asia/Kolkata',
  },
  {
    key: 'camila',
    real: 'Camila Rojas',
    display: 'Cami',
    username: 'camila.rojas',
    title: 'Marketing Lead',
    tz: 'America/Bogota',
  },
  {
    key: 'shipwright',
    real: 'Shipwright',
    display: 'Shipwright',
    username: 'shipwright',
    title: 'Deploy bot',
    tz: 'UTC',
    bot: true,
  },
  {
    key: 'standup',
    real: 'Standup Helper',
    display: 'Standup Helper',
    username: 'standup-helper',
    title: 'Daily standup bot',
    tz: 'UTC',
    bot: true,
  },
];

const userId = new Map(PEOPLE.map((person) => [person.key, slackId('U')] as const));
const uid = (key: string): string => {
  const id = userId.get(key);
  if (!id) throw new Error(`no person "${key}"`);
  return id;
};
const humans = PEOPLE.filter((person) => !person.bot).map((person) => person.key);

// ---------------------------------------------------------------- channels
type Theme =
  | 'company'
  | 'social'
  | 'ops'
  | 'eng'
  | 'payments'
  | 'incident'
  | 'vendor'
  | 'sales'
  | 'support'
  | 'design'
  | 'data'
  | 'leadership'
  | 'people';

interface ChannelSpec {
  key: string;
  name: string;
  kind: 'public' | 'private' | 'dm' | 'group';
  theme: Theme;
  topic?: string;
  purpose?: string;
  archived?: boolean;
  creator: string;
  /** Fixed members; `extra` more are drawn at random from everyone else. */
  members: string[] | 'everyone';
  extra?: number;
  /** Top-level messages to generate. */
  messages: number;
}

const CHANNELS: ChannelSpec[] = [
  {
    key: 'general',
    name: 'general',
    kind: 'public',
    theme: 'company',
    creator: 'olivia',
    members: 'everyone',
    messages: 21,
    topic: 'Company-wide news. Questions go in the team channels.',
    purpose: 'Announcements and work-related matters for all of Kestrel Freight.',
  },
  {
    key: 'random',
    name: 'random',
    kind: 'public',
    theme: 'social',
    creator: 'olivia',
    members: 'everyone',
    messages: 19,
    topic: 'Lunch, pets, weekend plans',
    purpose: 'Non-work chat.',
  },
  {
    key: 'announcements',
    name: 'announcements',
    kind: 'public',
    theme: 'company',
    creator: 'olivia',
    members: 'everyone',
    messages: 6,
    topic: 'Read-only for most: leadership posts here',
    purpose: 'Official company announcements.',
  },
  {
    key: 'siteOps',
    name: 'site-ops',
    kind: 'public',
    theme: 'ops',
    creator: 'maren',
    members: [
      'maren',
      'omar',
      'lena',
      'tomasz',
      'samO',
      'jonas',
      'marta',
      'tobias',
      'bram',
      'priyaRaman',
      'rafael',
    ],
    extra: 3,
    messages: 25,
    topic: 'Docks 1–16 · inspections · forklift fleet',
    purpose: 'Day-to-day coordination of both warehouse sites.',
  },
  {
    key: 'whWest',
    name: 'wh-west-ops',
    kind: 'public',
    theme: 'ops',
    creator: 'lena',
    members: ['maren', 'lena', 'jonas', 'samO', 'tobias', 'omar'],
    extra: 4,
    messages: 16,
    topic: 'Shifts 06:00–14:00 / 14:00–22:00 · Safety lead: Lena Fischer · Escalations → #site-ops',
    purpose: 'West warehouse (Bremen) floor operations.',
  },
  {
    key: 'whEast',
    name: 'wh-east-ops',
    kind: 'public',
    theme: 'ops',
    creator: 'tomasz',
    members: ['maren', 'tomasz', 'marta', 'bram', 'tobias'],
    extra: 4,
    messages: 15,
    topic: 'Shifts 07:00–15:00 / 15:00–23:00 · Safety lead: Tomasz Wójcik',
    purpose: 'East warehouse (Poznań) floor operations.',
  },
  {
    key: 'whWestArchive',
    name: 'wh-west-ops-archive',
    kind: 'public',
    theme: 'ops',
    creator: 'lena',
    archived: true,
    members: ['lena', 'jonas', 'samO', 'maren'],
    extra: 2,
    messages: 7,
    topic: 'Shifts 05:30–13:30 / 13:30–21:30 (summer schedule) · Safety lead: Jonas Berg',
    purpose: 'Old west warehouse channel, kept for reference.',
  },
  {
    key: 'payments',
    name: 'payments-cutover',
    kind: 'public',
    theme: 'payments',
    creator: 'dev',
    members: ['maren', 'dev', 'sofia', 'priyaNatarajan', 'mateus', 'greta', 'elif', 'arjun'],
    messages: 17,
    topic: 'Cutover to the new payment provider · target: week 46',
    purpose: 'Coordinating the payment provider migration.',
  },
  {
    key: 'commanders',
    name: 'incident-commanders',
    kind: 'private',
    theme: 'incident',
    creator: 'kwame',
    members: ['maren', 'priyaRaman', 'dev', 'ines', 'kwame', 'sofia'],
    messages: 12,
    topic: 'On-call commanders only · paging rota in the pinned doc',
    purpose: 'People who can run a major incident.',
  },
  {
    key: 'vendor',
    name: 'vendor-onboarding',
    kind: 'public',
    theme: 'vendor',
    creator: 'amara',
    members: ['maren', 'amara', 'lucas', 'priyaRamanathan', 'greta', 'bram'],
    extra: 2,
    messages: 14,
    topic: 'New carriers and suppliers: paperwork, audits, go-live dates',
    purpose: 'Onboarding new vendors and carriers.',
  },
  {
    key: 'vendorOld',
    name: 'vendor-onboarding-old',
    kind: 'public',
    theme: 'vendor',
    creator: 'amara',
    archived: true,
    members: ['amara', 'lucas', 'maren'],
    extra: 1,
    messages: 5,
    topic: 'Replaced by #vendor-onboarding',
    purpose: 'Previous vendor onboarding channel.',
  },
  {
    key: 'release',
    name: 'release-train',
    kind: 'public',
    theme: 'eng',
    creator: 'arjun',
    members: ['arjun', 'mateus', 'yuki', 'elif', 'ines', 'dev', 'shipwright', 'maren'],
    extra: 2,
    messages: 16,
    topic: 'Weekly release every Tuesday · freeze Monday 12:00 CET',
    purpose: 'Release coordination for the dispatch platform.',
  },
  {
    key: 'platform',
    name: 'eng-platform',
    kind: 'public',
    theme: 'eng',
    creator: 'henrik',
    members: [
      'henrik',
      'arjun',
      'mateus',
      'yuki',
      'elif',
      'ines',
      'ravi',
      'dan',
      'shipwright',
      'standup',
    ],
    extra: 1,
    messages: 17,
    topic: 'Dispatch platform internals',
    purpose: 'Platform engineering discussion.',
  },
  {
    key: 'data',
    name: 'data-science',
    kind: 'public',
    theme: 'data',
    creator: 'leila',
    members: ['leila', 'dan', 'kofi', 'rafael', 'arjun'],
    extra: 3,
    messages: 11,
    topic: 'Demand forecasts, route models, dashboards',
    purpose: 'Data and analytics.',
  },
  {
    key: 'design',
    name: 'design-crit',
    kind: 'public',
    theme: 'design',
    creator: 'dana',
    members: ['dana', 'yuki', 'camila', 'hana'],
    extra: 3,
    messages: 9,
    topic: 'Thursdays 15:00 · bring screenshots',
    purpose: 'Design critique for the driver and customer apps.',
  },
  {
    key: 'sales',
    name: 'sales-emea',
    kind: 'public',
    theme: 'sales',
    creator: 'chloe',
    members: ['chloe', 'samuelO', 'aisling', 'camila', 'olivia'],
    extra: 2,
    messages: 11,
    topic: 'Pipeline review Mondays',
    purpose: 'EMEA sales.',
  },
  {
    key: 'support',
    name: 'customer-escalations',
    kind: 'public',
    theme: 'support',
    creator: 'hana',
    members: ['hana', 'zainab', 'aisling', 'maren', 'omar', 'dev'],
    extra: 2,
    messages: 14,
    topic: 'Escalations from support · SLA 4h',
    purpose: 'Customer issues that need another team.',
  },
  {
    key: 'leadership',
    name: 'leadership-sync',
    kind: 'private',
    theme: 'leadership',
    creator: 'olivia',
    members: ['olivia', 'henrik', 'greta', 'arjun', 'noor'],
    messages: 7,
    topic: 'Weekly leadership sync',
    purpose: 'Leadership notes (confidential).',
  },
  {
    key: 'people',
    name: 'people-ops-private',
    kind: 'private',
    theme: 'people',
    creator: 'noor',
    members: ['noor', 'olivia', 'greta'],
    messages: 5,
    topic: 'Hiring and compensation',
    purpose: 'Confidential people topics.',
  },
  {
    key: 'dmPriya',
    name: 'dm-maren-priya-raman',
    kind: 'dm',
    theme: 'ops',
    creator: 'maren',
    members: ['maren', 'priyaRaman'],
    messages: 4,
  },
  {
    key: 'dmOmar',
    name: 'dm-maren-omar',
    kind: 'dm',
    theme: 'ops',
    creator: 'omar',
    members: ['maren', 'omar'],
    messages: 4,
  },
  {
    key: 'dmHidden',
    name: 'dm-lena-jonas',
    kind: 'dm',
    theme: 'ops',
    creator: 'lena',
    members: ['lena', 'jonas'],
    messages: 3,
  },
  {
    key: 'gdmDocks',
    name: 'mpdm-maren--omar--tobias-1',
    kind: 'group',
    theme: 'ops',
    creator: 'maren',
    members: ['maren', 'omar', 'tobias'],
    messages: 3,
  },
  {
    key: 'gdmHidden',
    name: 'mpdm-greta--sofia--dev-1',
    kind: 'group',
    theme: 'payments',
    creator: 'greta',
    members: ['greta', 'sofia', 'dev'],
    messages: 3,
  },
];

const channelId = new Map(
  CHANNELS.map(
    (spec) =>
      [spec.key, slackId(spec.kind === 'dm' ? 'D' : spec.kind === 'group' ? 'G' : 'C')] as const,
  ),
);
const cid = (key: string): string => {
  const id = channelId.get(key);
  if (!id) throw new Error(`no channel "${key}"`);
  return id;
};

// ---------------------------------------------------------------- message texts
const DOCKS = ['Dock 2', 'Dock 3', 'Dock 5', 'Dock 7', 'Dock 9', 'Dock 11', 'Dock 12', 'Dock 15'];
const LANES = ['A', 'B', 'C', 'D', 'E'];
const CARRIERS = [
  'Nordhafen Shipping',
  'Vistula Haulage',
  'Elbe Express',
  'Baltic Reefer Co',
  'Kastell Transport',
];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const TICKETS = ['KF-2207', 'KF-2231', 'KF-2248', 'KF-2260', 'KF-2275', 'KF-2291', 'KF-2304'];

const fill = (template: string): string =>
  template
    .replaceAll('{dock}', pick(DOCKS))
    .replaceAll('{lane}', pick(LANES))
    .replaceAll('{carrier}', pick(CARRIERS))
    .replaceAll('{day}', pick(WEEKDAYS))
    .replaceAll('{ticket}', pick(TICKETS))
    .replaceAll('{n}', String(between(3, 48)))
    .replaceAll('{pct}', String(between(2, 19)))
    .replaceAll(
      '{hour}',
      `${String(between(6, 18)).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}`,
    );

const TEXTS: Record<Theme, { posts: string[]; replies: string[] }> = {
  company: {
    posts: [
      'Reminder: the all-hands moves to {day} {hour} this week, same link as always.',
      'Welcome to everyone who started this week! Say hi in the thread.',
      'The Q4 planning doc is open for comments until {day}.',
      'Office wifi in Bremen will be down for maintenance {day} from {hour}.',
      'Big thanks to the east warehouse team for clearing {n} backlogged pallets over the weekend.',
      'Expense reports for October are due {day}; finance will chase after that.',
      'We signed {carrier} as a new carrier partner, details in #vendor-onboarding.',
      'Fire drill at the west warehouse on {day} at {hour}. Please follow the marshals.',
    ],
    replies: [
      'Thanks for the heads-up!',
      'Noted.',
      'Great news.',
      'Will the recording be shared?',
      'Welcome aboard!',
      ':tada:',
    ],
  },
  social: {
    posts: [
      'Anyone up for the Thai place on {day}?',
      'My dog learned to open the fridge. Send help.',
      'Hiking group: {day} morning, meeting at the station at {hour}.',
      'Who left the excellent banana bread in the kitchen? Asking for {n} friends.',
      'Recommendations for a good podcast for the commute?',
      'Board game night is back, {day} after work.',
    ],
    replies: [
      'Count me in',
      'Same here',
      'Haha',
      'I can bring snacks',
      'Not this week, sorry',
      'Yes please',
    ],
  },
  ops: {
    posts: [
      '{dock} roller door is sticking again, maintenance ticket {ticket} opened.',
      'Inbound from {carrier} arriving {day} {hour}, expect {n} pallets.',
      'Forklift lane {lane} closed until {hour} for floor marking.',
      'Cycle count for aisle {n} finished, variance {pct} units.',
      'Night shift handover: {n} orders still waiting for labels at {dock}.',
      'Reminder: hi-vis vests are mandatory past the yellow line, including visitors.',
      'Can someone cover the {hour} slot at {dock} on {day}?',
      'Pallet wrapper on the east side is fixed, thanks Tobi.',
      'Temperature log for the cold room is complete for this week.',
    ],
    replies: [
      'On it.',
      'I can cover that.',
      'Thanks, noted in the shift log.',
      'Is the ticket linked?',
      'Done.',
      'Lane is open again.',
      'Checked, all good.',
    ],
  },
  eng: {
    posts: [
      'Release {ticket} is on staging, please smoke-test the dispatch board.',
      'Heads-up: the route-planner service p95 latency went up {pct}% after the last deploy.',
      'PR for the label printer driver is ready for review.',
      'Freeze starts Monday 12:00, anything not merged by then waits a week.',
      'Flaky test in the billing suite again, quarantining it for now.',
      'Postgres upgrade on the replica is scheduled for {day} {hour}.',
      'Deployed {ticket} to production, {n} migrations ran cleanly.',
    ],
    replies: [
      'LGTM',
      'Looking now',
      'Reverted, investigating',
      'Can we hold until after the freeze?',
      'Fixed in the follow-up PR',
      'Thanks!',
    ],
  },
  payments: {
    posts: [
      'Sandbox settlement report from the new provider matches ours except {n} refunds.',
      'Webhook retries are configured: {n} attempts with backoff.',
      'Finance sign-off for the cutover checklist is pending on the VAT mapping.',
      'Dry run on {day}: {n} test payments, {pct}% routed to the fallback.',
      'We need the new merchant IDs before we can flip the feature flag.',
    ],
    replies: [
      'Agreed',
      'I will check the VAT codes',
      'Which refunds?',
      'Added to the checklist',
      'Ok for {day}',
    ],
  },
  incident: {
    posts: [
      'Rota for next week is in the pinned doc, please check your slots.',
      'Post-incident review for {ticket} is {day} {hour}.',
      'Reminder: the incident bridge link changed, it is in the channel details.',
      'Who takes commander for the {day} maintenance window?',
      'Paging test went out at {hour}, {n} of us acknowledged.',
    ],
    replies: ['I can take it', 'Acked', 'Swapped with Dev', 'Will be there', 'Added to calendar'],
  },
  vendor: {
    posts: [
      '{carrier} sent their insurance certificate, filing it now.',
      'Audit visit at {carrier} is booked for {day}.',
      'Go-live for {carrier} slips to next week, their EDI feed is not ready.',
      'Updated the onboarding checklist: customs docs now need a second reviewer.',
      'Rates from {carrier} are {pct}% under our current lane average.',
    ],
    replies: [
      'Thanks',
      'I can review the customs docs',
      'Is the contract signed?',
      'Good price',
      'Noted',
    ],
  },
  sales: {
    posts: [
      'Closed a {n}-pallet weekly contract with a furniture retailer in Lyon.',
      'Pipeline review moved to {day} {hour}.',
      'Prospect asks if we do bonded storage in Poznań, who knows?',
      'Lost the pharma deal on price, they went with a cheaper 3PL.',
    ],
    replies: ['Congrats!', 'I think yes, ask Marta', 'Ouch', 'Works for me'],
  },
  support: {
    posts: [
      'Customer reports {n} parcels scanned but not loaded at {dock}, ticket {ticket}.',
      'Escalating {ticket}: damaged goods claim over the SLA.',
      'Tracking page shows wrong ETA for {carrier} shipments since {hour}.',
      'Can someone from ops confirm the pickup for {ticket}?',
    ],
    replies: [
      'Checking with the floor',
      'Confirmed, it left at {hour}',
      'Refund approved',
      'Looking into it',
    ],
  },
  design: {
    posts: [
      'New driver app onboarding flow, feedback welcome.',
      'Contrast on the dispatch board is too low in sunlight, proposing a dark theme.',
      'Icon set for pallet states is ready for review.',
    ],
    replies: [
      'Love it',
      'The second screen is busy',
      'Agree on dark theme',
      'Can we test it on the tablets?',
    ],
  },
  data: {
    posts: [
      'Demand forecast for week 46 is up, {pct}% above last year.',
      'Route model retrain finished, MAE down by {pct}%.',
      'Dashboard for dock utilisation now refreshes every {n} minutes.',
    ],
    replies: ['Nice', 'Which features changed?', 'Can we split by site?', 'Thanks'],
  },
  leadership: {
    posts: [
      'Board deck draft is in the shared folder.',
      'Budget review {day}: headcount plan for Q1.',
      'Offsite venue shortlist attached.',
    ],
    replies: ['Reviewed', 'Comments added', 'Ok'],
  },
  people: {
    posts: [
      'Two offers out for the warehouse shift lead roles.',
      'Compensation review timeline is set for {day}.',
    ],
    replies: ['Thanks', 'Noted'],
  },
};

const EMOJI = [
  'thumbsup',
  'eyes',
  'white_check_mark',
  'tada',
  'pray',
  'raised_hands',
  'rocket',
  'heart',
  'joy',
  '100',
];

// ---------------------------------------------------------------- build rows
const users: Row[] = PEOPLE.map((person) => ({
  user_id: uid(person.key),
  username: person.username,
  display_name: person.display,
  real_name: person.real,
  email: person.bot
    ? `${person.username}@bots.kestrelfreight.example`
    : `${person.username}@kestrelfreight.example`,
  is_bot: person.bot === true,
  timezone: person.tz,
  title: person.title,
  is_admin: person.admin === true,
  deleted: false,
}));

const userTeams: Row[] = PEOPLE.map((person) => ({
  user_id: uid(person.key),
  team_id: TEAM_ID,
  role: person.key === 'olivia' ? 'owner' : person.admin ? 'admin' : 'member',
}));

const channels: Row[] = [];
const channelMembers: Row[] = [];
const membersOf = new Map<string, string[]>();
for (const [index, spec] of CHANNELS.entries()) {
  let members =
    spec.members === 'everyone' ? [...PEOPLE.map((person) => person.key)] : [...spec.members];
  if (spec.extra)
    members = [
      ...members,
      ...sample(
        humans.filter((key) => !members.includes(key)),
        spec.extra,
      ),
    ];
  membersOf.set(spec.key, members);
  const created = EPOCH - (400 - index * 11) * DAY + between(0, 8 * 3600);
  const named = spec.kind === 'public' || spec.kind === 'private' || spec.kind === 'group';
  channels.push({
    channel_id: cid(spec.key),
    channel_name: spec.name,
    team_id: TEAM_ID,
    is_private: spec.kind !== 'public',
    is_dm: spec.kind === 'dm',
    is_gc: spec.kind === 'group',
    topic_text: named ? (spec.topic ?? '') : '',
    purpose_text: named ? (spec.purpose ?? '') : '',
    is_archived: spec.archived === true,
    created,
    creator_id: uid(spec.creator),
    topic_set_by: spec.topic ? uid(spec.creator) : '',
    topic_last_set: spec.topic ? created + between(1, 30) * DAY : 0,
    purpose_set_by: spec.purpose ? uid(spec.creator) : '',
    purpose_last_set: spec.purpose ? created : 0,
  });
  for (const key of members) channelMembers.push({ channel_id: cid(spec.key), user_id: uid(key) });
}

const messages: Row[] = [];
const reactions: Row[] = [];
const usedTs = new Set<string>();
function timestamp(seconds: number): string {
  let micro = between(100, 999_000);
  for (;;) {
    const ts = `${seconds}.${String(micro).padStart(6, '0')}`;
    if (!usedTs.has(ts)) {
      usedTs.add(ts);
      return ts;
    }
    micro += 1;
  }
}

/** A working-hours moment on a weekday of the eight-week history. */
function workMoment(): number {
  for (;;) {
    const day = between(0, 55);
    if (day % 7 < 5) return EPOCH + day * DAY + between(7 * 3600, 18 * 3600);
  }
}

function addMessage(
  channelKey: string,
  authorKey: string,
  textValue: string,
  seconds: number,
  parent?: Row,
): Row {
  const ts = timestamp(seconds);
  const row: Row = {
    message_id: ts,
    channel_id: cid(channelKey),
    user_id: uid(authorKey),
    message_text: textValue,
    type: 'message',
    ts,
    parent_id: parent ? (parent.message_id as string) : null,
    edited_ts: null,
    edited_user_id: null,
  };
  messages.push(row);
  return row;
}

function react(message: Row, memberKeys: readonly string[], count: number): void {
  const seen = new Set<string>();
  for (const key of sample(
    memberKeys.filter((member) => uid(member) !== message.user_id),
    count,
  )) {
    const emoji = random() < 0.6 ? 'thumbsup' : pick(EMOJI);
    const signature = `${key}:${emoji}`;
    if (seen.has(signature)) continue;
    seen.add(signature);
    reactions.push({
      message_id: message.message_id as string,
      user_id: uid(key),
      reaction_type: emoji,
    });
  }
}

function addThread(
  channelKey: string,
  parent: Row,
  memberKeys: readonly string[],
  replies: number,
): void {
  const theme = CHANNELS.find((spec) => spec.key === channelKey)!.theme;
  let at = Number(String(parent.ts).split('.')[0]);
  for (let i = 0; i < replies; i += 1) {
    at += between(120, 5400);
    addMessage(channelKey, pick(memberKeys), fill(pick(TEXTS[theme].replies)), at, parent);
  }
}

for (const spec of CHANNELS) {
  const members = (membersOf.get(spec.key) ?? []).filter(
    (key) => !PEOPLE.find((person) => person.key === key)?.bot,
  );
  for (let i = 0; i < spec.messages; i += 1) {
    const author =
      spec.key === 'announcements' ? pick(['olivia', 'henrik', 'greta', 'noor']) : pick(members);
    const post = addMessage(spec.key, author, fill(pick(TEXTS[spec.theme].posts)), workMoment());
    if (random() < 0.3) addThread(spec.key, post, members, between(1, 4));
    if (random() < 0.35) react(post, members, between(1, 4));
  }
}

// Bot traffic: deploy notices and standup prompts.
for (let i = 0; i < 14; i += 1) {
  addMessage(
    'release',
    'shipwright',
    fill('Deployed dispatch-api {ticket} to production ({n} commits).'),
    workMoment(),
  );
}
for (let i = 0; i < 8; i += 1) {
  addMessage(
    'platform',
    'standup',
    'Standup time! Reply in the thread with yesterday / today / blockers.',
    workMoment(),
  );
}

// Messages the built-in tasks read. Near-duplicates are deliberate: a careless search
// for "Dock 4" or for Maren's messages alone finds more than one.
const LAST_WEEK = EPOCH + 52 * DAY;
const dock4 = addMessage(
  'siteOps',
  'maren',
  'Dock 4 inspection is booked for Thursday 09:30 with the county assessor. Forklift lanes B and C stay closed from 09:00 until it is done.',
  LAST_WEEK + 9 * 3600 + 840,
);
addThread('siteOps', dock4, ['omar', 'tobias', 'lena'], 3);
react(dock4, ['omar', 'tobias', 'lena', 'jonas', 'samO'], 4);
addMessage(
  'siteOps',
  'maren',
  'Dock 14 inspection paperwork is in the shared drive, same checklist as last quarter.',
  LAST_WEEK + 10 * 3600 + 120,
);
addMessage(
  'siteOps',
  'omar',
  'Reminder: Dock 4 inspection checklist needs sign-off by Wednesday evening.',
  LAST_WEEK + 11 * 3600 + 300,
);
addMessage(
  'whWest',
  'maren',
  'Dock 4 inspection is booked for Thursday, west lanes are not affected.',
  LAST_WEEK + 9 * 3600 + 1200,
);
addMessage(
  'commanders',
  'kwame',
  'Payments cutover is week 46. Every commander should be in #payments-cutover before the dry run.',
  LAST_WEEK + 13 * 3600,
);
addMessage(
  'vendor',
  'amara',
  'Priya from field ops will help with carrier site audits from next month.',
  LAST_WEEK + 15 * 3600,
);

// ================================================================ pack 2.0 extension
// Added after every draw above, so the rows the first four tasks read keep their ids and
// values. Peak season at Kestrel Freight: agency guests in two crew channels larger than one
// page of conversations.members (100), some of them deactivated (one shares a name with an
// active guest); small project channels, temp- channels, and the threads, edits and
// reactions the later tasks read.

const GUEST_FIRST = [
  'Jan',
  'Olena',
  'Piotr',
  'Anna',
  'Mehmet',
  'Ioana',
  'Dmytro',
  'Katarzyna',
  'Luca',
  'Ewa',
  'Andrei',
  'Sara',
  'Tomas',
  'Agnieszka',
  'Yusuf',
  'Marek',
  'Iryna',
  'Pavel',
  'Zofia',
  'Ahmet',
];
const GUEST_LAST = [
  'Nowak',
  'Kovalenko',
  'Wiśniewski',
  'Schmidt',
  'Yilmaz',
  'Popescu',
  'Shevchenko',
  'Lewandowska',
  'Rossi',
  'Zielińska',
  'Ionescu',
  'Meyer',
  'Horváth',
  'Kaczmarek',
  'Demir',
  'Novák',
];

interface Guest {
  key: string;
  real: string;
  display: string;
  deleted: boolean;
}

/** Distinct agency names, drawn in a fixed order: first x last, skipping repeats. */
function guestNames(count: number, offset: number): string[] {
  const names: string[] = [];
  for (let i = 0; names.length < count; i += 1) {
    const n = i + offset;
    const name = `${GUEST_FIRST[n % GUEST_FIRST.length]} ${GUEST_LAST[Math.floor(n / GUEST_FIRST.length) % GUEST_LAST.length]}`;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

const slug = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace('ł', 'l')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.');

/**
 * A crew in channel-member order: guests at the given indexes are deactivated, and the
 * active guest at `namesake[1]` takes the name of the deactivated one at `namesake[0]`.
 * Member position = index + 3 (three staff members come first), so each crew channel has
 * deactivated guests on both pages of conversations.members.
 */
function crew(
  prefix: string,
  names: string[],
  deactivated: number[],
  namesake: [number, number],
): Guest[] {
  const list = names.map((real, index) => ({
    key: `${prefix}${index}`,
    real,
    display: real.split(' ')[0]!,
    deleted: deactivated.includes(index),
  }));
  const [deactivatedAt, activeAt] = namesake;
  list[activeAt] = {
    ...list[activeAt]!,
    real: list[deactivatedAt]!.real,
    display: list[deactivatedAt]!.display,
  };
  return list;
}

// Three staff members come first in each crew channel, so guest index i is member position i + 3.
const WEST_STAFF = ['maren', 'jonas', 'lena'];
const EAST_STAFF = ['maren', 'marta', 'tomasz'];
const westGuests = crew('west', guestNames(124, 0), [4, 35, 68, 100, 115], [35, 87]);
const eastGuests = crew('east', guestNames(108, 131), [9, 61, 98, 103], [61, 17]);
// Kai Brandt's account as he typed it (lower case, a trailing space in the display name), his
// old deactivated account, and a near name.
westGuests.push(
  { key: 'kaiBrandt', real: 'kai brandt', display: 'Kai Brandt ', deleted: false },
  { key: 'kaiBrandtOld', real: 'Kai Brandt', display: 'Kai Brandt', deleted: true },
  { key: 'kaiBerger', real: 'Kai Berger', display: 'Kai', deleted: false },
);

const guestId = new Map<string, string>();
for (const guest of [...westGuests, ...eastGuests]) {
  const id = slackId('U');
  guestId.set(guest.key, id);
  userId.set(guest.key, id);
  const handle = `${slug(guest.real)}.${guest.key.toLowerCase()}`;
  users.push({
    user_id: id,
    username: handle,
    display_name: guest.display,
    real_name: guest.real,
    email: `${handle}@crew.peakstaff.example`,
    is_bot: false,
    timezone: 'Europe/Berlin',
    title: 'Seasonal warehouse associate (agency)',
    is_admin: false,
    deleted: guest.deleted,
  });
  userTeams.push({ user_id: id, team_id: TEAM_ID, role: 'restricted' });
}

interface ExtraChannel {
  key: string;
  name: string;
  creator: string;
  members: string[];
  topic?: string;
  /** Who set the topic, when not the creator. */
  topicBy?: string;
  purpose?: string;
  archived?: boolean;
  isPrivate?: boolean;
}

const EXTRA_CHANNELS: ExtraChannel[] = [
  {
    key: 'crewWest',
    name: 'seasonal-crew-west',
    creator: 'jonas',
    members: [...WEST_STAFF, ...westGuests.map((guest) => guest.key)],
    topic: 'Peak crew, west warehouse · shift sign-up sheet pinned · agency contact: Jonas',
    purpose: 'Agency staff for the week 46–52 peak at the west warehouse.',
  },
  {
    key: 'crewEast',
    name: 'seasonal-crew-east',
    creator: 'marta',
    members: [...EAST_STAFF, ...eastGuests.map((guest) => guest.key)],
    topic: 'Peak crew, east warehouse · badges at the gate office · agency contact: Marta',
    purpose: 'Agency staff for the week 46–52 peak at the east warehouse.',
  },
  {
    key: 'nightAudit',
    name: 'night-audit',
    creator: 'maren',
    members: ['maren', 'tobias'],
    topic: 'Night shift audit of Docks 1–8, week 46',
    purpose: 'Volunteers for the night shift audit.',
  },
  {
    key: 'releaseRota',
    name: 'release-rota',
    creator: 'arjun',
    members: ['arjun', 'maren', 'dev'],
    topic: 'Who is on call for the peak-freeze release nights',
    purpose: 'Release night rota during the peak freeze.',
  },
  {
    key: 'peakPlanning',
    name: 'peak-planning',
    creator: 'sofia',
    members: ['sofia', 'maren', 'greta', 'omar', 'rafael', 'kofi'],
    topic: 'Week 46–52 peak: staffing, dock slots, carrier capacity',
    topicBy: 'greta',
    purpose: 'Planning the peak season across both sites.',
  },
  {
    key: 'customsDesk',
    name: 'customs-desk',
    creator: 'amara',
    members: ['amara', 'lucas', 'maren', 'bram', 'greta'],
    topic: 'Customs paperwork for non-EU carriers · cut-off 16:00 CET',
    topicBy: 'lucas',
    purpose: 'Customs questions for inbound and outbound freight.',
  },
  {
    key: 'dockSafety',
    name: 'dock-safety',
    creator: 'lena',
    members: ['lena', 'tomasz', 'maren', 'omar', 'jonas', 'marta'],
    topic: 'Safety notices for both sites',
    purpose: 'Dock and floor safety rules for both warehouses.',
  },
  {
    key: 'siteOpsOld',
    name: 'site-ops-old',
    creator: 'maren',
    members: ['maren', 'omar', 'lena'],
    topic: 'Docks 1–12 · inspections · forklift fleet',
    purpose: 'Previous site coordination channel.',
    archived: true,
  },
  {
    key: 'tempDock7',
    name: 'temp-dock7-rebuild',
    creator: 'maren',
    members: ['maren', 'omar', 'bram'],
    topic: 'Dock 7 rebuild: contractors, dates, closures',
  },
  {
    key: 'tempHiring',
    name: 'temp-peak-hiring',
    creator: 'noor',
    members: ['noor', 'maren', 'jonas', 'marta'],
    topic: 'Agency hiring for the peak',
  },
  {
    key: 'tempRecall',
    name: 'temp-forklift-recall',
    creator: 'tobias',
    members: ['tobias', 'maren'],
    topic: 'Battery recall on two forklifts (done)',
    archived: true,
  },
  {
    key: 'tempYard',
    name: 'temp-yard-resurfacing',
    creator: 'omar',
    members: ['omar', 'bram'],
    topic: 'Yard resurfacing, weekend closures',
  },
  {
    key: 'tempColdRoom',
    name: 'temp-cold-room-audit',
    creator: 'lena',
    members: ['lena', 'jonas'],
    topic: 'Cold room audit prep',
    isPrivate: true,
  },
  {
    key: 'templates',
    name: 'template-library',
    creator: 'dana',
    members: ['dana', 'maren', 'yuki'],
    topic: 'Message and document templates',
  },
];

for (const [index, spec] of EXTRA_CHANNELS.entries()) {
  const id = slackId('C');
  channelId.set(spec.key, id);
  const created = EPOCH + (10 + index) * DAY + 9 * 3600 + index * 60;
  channels.push({
    channel_id: id,
    channel_name: spec.name,
    team_id: TEAM_ID,
    is_private: spec.isPrivate === true,
    is_dm: false,
    is_gc: false,
    topic_text: spec.topic ?? '',
    purpose_text: spec.purpose ?? '',
    is_archived: spec.archived === true,
    created,
    creator_id: uid(spec.creator),
    topic_set_by: spec.topic ? uid(spec.topicBy ?? spec.creator) : '',
    topic_last_set: spec.topic ? created + 2 * DAY : 0,
    purpose_set_by: spec.purpose ? uid(spec.creator) : '',
    purpose_last_set: spec.purpose ? created : 0,
  });
  for (const key of spec.members) channelMembers.push({ channel_id: id, user_id: uid(key) });
}
/** A membership row, unless the random extras above already made that person a member. */
function joinOnce(channelKey: string, key: string): void {
  const row = { channel_id: cid(channelKey), user_id: uid(key) };
  if (!channelMembers.some((m) => m.channel_id === row.channel_id && m.user_id === row.user_id))
    channelMembers.push(row);
}
// Dan Cho follows the release train now (he answers the rota thread below).
joinOnce('release', 'dan');

/** A reply or post at a fixed moment, edited afterwards when `editedAfter` is given (seconds). */
function extMessage(
  channelKey: string,
  authorKey: string,
  textValue: string,
  seconds: number,
  options: { parent?: Row; editedAfter?: number } = {},
): Row {
  const row = addMessage(channelKey, authorKey, textValue, seconds, options.parent);
  if (options.editedAfter !== undefined) {
    row.edited_ts = `${seconds + options.editedAfter}.000000`;
    row.edited_user_id = uid(authorKey);
  }
  return row;
}
const extReact = (message: Row, key: string, emoji: string): void => {
  reactions.push({
    message_id: message.message_id as string,
    user_id: uid(key),
    reaction_type: emoji,
  });
};

/** A reply: author, text, seconds after the post, and (optionally) seconds until it was edited. */
type Reply = [authorKey: string, textValue: string, after: number, editedAfter?: number];

/** A post and its thread replies; the rows in the order given. */
function extThread(
  channelKey: string,
  authorKey: string,
  textValue: string,
  seconds: number,
  replies: Reply[],
): { parent: Row; replies: Row[] } {
  const parent = extMessage(channelKey, authorKey, textValue, seconds);
  return {
    parent,
    replies: replies.map(([replier, reply, after, editedAfter]) =>
      extMessage(channelKey, replier, reply, seconds + after, { parent, editedAfter }),
    ),
  };
}

// slack_5: the night shift audit thread in #site-ops, and a day shift near-duplicate.
const nightAudit = extThread(
  'siteOps',
  'maren',
  'Night shift audit of Docks 1–8 next week: who can help? Reply in this thread if you can take a night.',
  LAST_WEEK + 2 * DAY + 8 * 3600,
  [
    ['omar', 'I can take Tuesday night.', 900],
    ['samO', 'Count me in for Wednesday.', 1500],
    ['jonas', 'Thursday works for me, I will bring the scanner.', 2400, 600],
    ['maren', 'Thanks all! I will set up #night-audit for us.', 3000],
  ],
).parent;
extReact(nightAudit, 'lena', 'eyes');
extReact(nightAudit, 'samuelO', 'thumbsup');
extThread(
  'siteOps',
  'maren',
  'Day shift audit of Docks 9–16 is covered by the regular team, no volunteers needed.',
  LAST_WEEK + 2 * DAY + 9 * 3600,
  [['bram', 'Great, I will send the checklist.', 600]],
);
// Samuel Okafor reacts in #site-ops, so he is a member there.
joinOnce('siteOps', 'samuelO');

// slack_6: the release rota thread in #release-train.
const rotaCall = extThread(
  'release',
  'arjun',
  'Release nights during the peak freeze: reply here if you can be on call for one.',
  LAST_WEEK + 2 * DAY + 10 * 3600,
  [
    ['mateus', 'I can do the first one.', 700],
    ['yuki', 'Put me down for week 48.', 1300],
    ['dan', 'Happy to take one, preferably a Tuesday.', 2000],
    ['elif', 'Me too, any night but Friday.', 2600, 300],
  ],
).parent;
extReact(rotaCall, 'dev', 'thumbsup');
extReact(rotaCall, 'ines', 'eyes');

// slack_11: Maren's own thread reply about the aisle 12 recount in #wh-east-ops.
extThread(
  'whEast',
  'marta',
  'Pallet count for aisle 12 is off again, can someone organise a recount?',
  LAST_WEEK + 3 * DAY + 7 * 3600,
  [
    ['maren', 'Recount for aisle 12 is scheduled for Friday 07:00, Bram will lead it.', 1200],
    ['bram', 'Confirmed, I will bring two scanners.', 1800],
  ],
);
extMessage(
  'whEast',
  'maren',
  'Recount for aisle 14 is done, numbers match the system.',
  LAST_WEEK + 3 * DAY + 8 * 3600,
);

// slack_12: Lena's edited floor rule in #wh-west-ops, a thread reply that also quotes a
// floor rule, and an older rule in the archived channel.
extMessage(
  'whWest',
  'lena',
  'FLOOR RULE: pedestrians use the green walkway only; forklifts give way at every crossing.',
  LAST_WEEK + 3 * DAY + 9 * 3600,
  { editedAfter: 1800 },
);
extThread(
  'whWest',
  'jonas',
  'Do visitors need an escort on the floor?',
  LAST_WEEK + 3 * DAY + 10 * 3600,
  [['lena', 'Floor rule: visitors are escorted at all times past the yellow line.', 400]],
);
extMessage(
  'whWestArchive',
  'lena',
  'Floor rule: hi-vis vests past the yellow line, no exceptions.',
  EPOCH + 20 * DAY + 9 * 3600,
);

// slack_14: Omar's cold room message with Tobias's and Jonas's reactions, a reply, and an
// older cold room message.
extMessage(
  'siteOps',
  'omar',
  'Cold room temperature log for this week is complete.',
  LAST_WEEK + 4 * DAY + 8 * 3600,
);
const sealThread = extThread(
  'siteOps',
  'omar',
  'Cold room door seal replaced, temperature back under 4 °C.',
  LAST_WEEK + 4 * DAY + 11 * 3600,
  [['omar', 'Log is updated as well.', 300]],
);
const seal = sealThread.parent;
const sealReply = sealThread.replies[0]!;
extReact(seal, 'tobias', 'white_check_mark');
extReact(seal, 'jonas', 'thumbsup');
extReact(sealReply, 'lena', 'thumbsup');

// slack_9 / slack_10 and the peak channels: some chatter (channel, author, text, time).
const CHATTER: [channelKey: string, authorKey: string, textValue: string, seconds: number][] = [
  [
    'peakPlanning',
    'greta',
    'Staffing numbers for week 46 are in the sheet.',
    LAST_WEEK + 1 * DAY + 9 * 3600,
  ],
  [
    'peakPlanning',
    'omar',
    'Dock slots for the first peak week are booked.',
    LAST_WEEK + 1 * DAY + 11 * 3600,
  ],
  [
    'customsDesk',
    'lucas',
    'Reminder: T1 documents need the MRN before the truck leaves.',
    LAST_WEEK + 1 * DAY + 10 * 3600,
  ],
  [
    'customsDesk',
    'amara',
    'Two new non-EU carriers start in week 47.',
    LAST_WEEK + 1 * DAY + 12 * 3600,
  ],
  [
    'dockSafety',
    'lena',
    'New crossing signs are up at both sites.',
    LAST_WEEK + 1 * DAY + 8 * 3600,
  ],
  ['tempDock7', 'omar', 'Contractor arrives Monday 07:00.', LAST_WEEK + 1 * DAY + 7 * 3600],
  ['tempHiring', 'noor', 'Agency confirmed 60 people per site.', LAST_WEEK + 1 * DAY + 13 * 3600],
  [
    'crewWest',
    'jonas',
    'Welcome to the peak crew! Shift sign-up is in the pinned sheet.',
    LAST_WEEK + 9 * 3600,
  ],
  [
    'crewEast',
    'marta',
    'Welcome! Badges are at the gate office from 06:30.',
    LAST_WEEK + 9 * 3600 + 600,
  ],
];
for (const [channelKey, authorKey, textValue, seconds] of CHATTER)
  extMessage(channelKey, authorKey, textValue, seconds);

messages.sort((a, b) => Number(a.ts) - Number(b.ts));

const seed: Seed = SeedSchema.parse({
  name: 'slack-base',
  service: 'slack',
  description:
    'Kestrel Freight, a two-site logistics company: 40 staff users (two bots, three Priyas, two Sam Okafors, Dana and Dan Cho) and 235 agency guests for the peak (some deactivated, two deactivated namesakes of active guests), 38 conversations (public, private, archived near-duplicates such as #wh-west-ops and #wh-west-ops-archive, two crew channels larger than one page of members, temp- channels, DMs and group DMs the default actor cannot see), eight weeks of messages with threads, edits and reactions.',
  tables: {
    teams: {
      key: [...SlackTableKeys.teams!],
      rows: [{ team_id: TEAM_ID, team_name: 'Kestrel Freight', domain: 'kestrelfreight' }],
    },
    users: { key: [...SlackTableKeys.users!], rows: users },
    user_teams: { key: [...SlackTableKeys.user_teams!], rows: userTeams },
    channels: { key: [...SlackTableKeys.channels!], rows: channels },
    channel_members: { key: [...SlackTableKeys.channel_members!], rows: channelMembers },
    messages: { key: [...SlackTableKeys.messages!], rows: messages },
    message_reactions: { key: [...SlackTableKeys.message_reactions!], rows: reactions },
  },
});

/** The built-in Slack seed file. */
export function generate(): GeneratedFile[] {
  return [seedFile(BUILTIN_PACK, 'slack-base', seed)];
}
