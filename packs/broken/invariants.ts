// Broken packs for the service invariants (docs/pack-format.md, "Service invariants"): one per
// rule, each breaking it once in a different place (a seed row, a condition, an outcome, the
// witness replay, an execution branch). Linear cases edit a copy of the starter pack; Box,
// Slack and Calendar cases start from the small one-task packs below. Used by broken.ts.

import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { complete, fault, type PatchOp } from 'agentproofbench/authoring';
import { REPO_ROOT } from '../lib/generator.js';

// biome-ignore lint/suspicious/noExplicitAny: the fixtures are edited as untyped JSON on purpose
type Json = any;

const writeJson = (file: string, data: unknown) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
};
const edit = (dir: string, file: string, change: (data: Json) => void) => {
  const target = path.join(dir, file);
  const data = JSON.parse(readFileSync(target, 'utf8'));
  change(data);
  writeJson(target, data);
};

interface MiniPack {
  seed: { name: string; service: string; tables: Record<string, { key: string[]; rows: Json[] }> };
  task: Json;
}

/** A reference of one count check (all a mini task needs to load and qualify). */
const countReference = (table: string, where: Json, expect: number, name: string) => ({
  kind: 'declarative',
  version: 1,
  selectors: {},
  checks: [
    {
      kind: 'count',
      name,
      category: 'value',
      reason: 'the instruction asks for exactly this',
      table,
      where,
      expect,
    },
  ],
});

const updateById = (table: string, id: string, set: Json): PatchOp => ({
  op: 'update',
  table,
  key: { id },
  set,
});
const insertRow = (table: string, row: Json): PatchOp => ({ op: 'insert', table, row });
const boxItem = (type: 'folder' | 'file') => (id: string, name: string, parent: string | null) => ({
  id,
  type,
  name,
  parent_id: parent,
  owned_by_id: 'u-ana',
  item_status: 'active',
});
const boxFolder = boxItem('folder');
const boxFile = boxItem('file');
/** A function, not a shared object: the cases edit one outcome of a cloned pack in place. */
const planMoved = () =>
  complete('complete', 'Plan.pdf moved into Archive', [
    updateById('box_files', 'a-plan', { parent_id: 'f-archive' }),
  ]);

const box: MiniPack = {
  seed: {
    name: 'mini-box',
    service: 'box',
    tables: {
      box_users: {
        key: ['id'],
        rows: [
          {
            id: 'u-ana',
            type: 'user',
            name: 'Ana Ribeiro',
            login: 'ana@mill.example',
            status: 'active',
          },
        ],
      },
      box_folders: {
        key: ['id'],
        rows: [
          boxFolder('0', 'All Files', null),
          boxFolder('f-projects', 'Projects', '0'),
          boxFolder('f-archive', 'Archive', '0'),
          boxFolder('f-old', 'Old', '0'),
        ],
      },
      box_files: {
        key: ['id'],
        rows: [
          boxFile('a-plan', 'Plan.pdf', 'f-projects'),
          boxFile('a-notes', 'Notes.txt', 'f-projects'),
          boxFile('a-memo', 'Memo.txt', 'f-old'),
          boxFile('a-budget', 'Budget.xlsx', 'f-archive'),
        ],
      },
      box_file_versions: {
        key: ['id'],
        rows: [
          { id: 'v-plan-1', file_id: 'a-plan', version_number: '1' },
          { id: 'v-notes-1', file_id: 'a-notes', version_number: '1' },
        ],
      },
    },
  },
  task: {
    id: 'box_mini',
    family: 'mini-box-file-away',
    service: 'box',
    seed: 'mini-box',
    actor: { id: 'u-ana', name: 'Ana Ribeiro', email: 'ana@mill.example' },
    instruction: 'Move Plan.pdf from Projects into Archive.',
    reference: countReference(
      'box_files',
      { name: 'Plan.pdf', parent_id: 'f-archive' },
      1,
      'Plan.pdf is in Archive',
    ),
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      related: {
        description: 'Plan.pdf is already in Archive',
        change: 'value',
        patch: [updateById('box_files', 'a-notes', { name: 'Notes (old).txt' })],
      },
    },
    outcomes: {
      source: [
        planMoved(),
        fault('left-in-place', 'value', 'Plan.pdf renamed instead of moved', [
          updateById('box_files', 'a-plan', { name: 'Plan (archived).pdf' }),
        ]),
      ],
      related: [planMoved()],
    },
  },
};

const slackMessage = (id: string, channel: string, parent: string | null, text: string) => ({
  message_id: id,
  channel_id: channel,
  user_id: 'U-IDA',
  message_text: text,
  type: 'message',
  ts: id,
  parent_id: parent,
});
const slackChannel = (id: string, name: string, archived = false) => ({
  channel_id: id,
  channel_name: name,
  team_id: 'T-MILL',
  is_private: false,
  is_dm: false,
  is_gc: false,
  is_archived: archived,
});
/** Ida's "fixed" message, in the thread (`parent`) or at the top level (null). */
const fixedReply = (parent: string | null) =>
  insertRow('messages', slackMessage('1790000100.000100', 'C-OPS', parent, 'The door is fixed.'));
const doorFixed = () =>
  complete('complete', 'a reply in the thread says it is fixed', [fixedReply('1790000000.000100')]);

const slack: MiniPack = {
  seed: {
    name: 'mini-slack',
    service: 'slack',
    tables: {
      teams: {
        key: ['team_id'],
        rows: [{ team_id: 'T-MILL', team_name: 'Millrace', domain: 'millrace' }],
      },
      users: {
        key: ['user_id'],
        rows: [
          {
            user_id: 'U-IDA',
            username: 'ida',
            real_name: 'Ida Berg',
            is_bot: false,
            deleted: false,
          },
          {
            user_id: 'U-KOFI',
            username: 'kofi',
            real_name: 'Kofi Mensah',
            is_bot: false,
            deleted: false,
          },
        ],
      },
      channels: {
        key: ['channel_id'],
        rows: [
          slackChannel('C-GEN', 'general'),
          slackChannel('C-OPS', 'ops'),
          slackChannel('C-OLD', 'ops-2024', true),
        ],
      },
      channel_members: {
        key: ['channel_id', 'user_id'],
        rows: [
          { channel_id: 'C-GEN', user_id: 'U-IDA' },
          { channel_id: 'C-OPS', user_id: 'U-IDA' },
        ],
      },
      messages: {
        key: ['message_id'],
        rows: [
          slackMessage('1790000000.000100', 'C-OPS', null, 'Dock 3 door is stuck again.'),
          slackMessage(
            '1790000000.000200',
            'C-OPS',
            '1790000000.000100',
            'Facilities are on their way.',
          ),
        ],
      },
    },
  },
  task: {
    id: 'slack_mini',
    family: 'mini-slack-announce',
    service: 'slack',
    seed: 'mini-slack',
    actor: { id: 'U-IDA', name: 'Ida Berg' },
    instruction: 'Tell #ops that the dock 3 door is fixed, as a reply in its thread.',
    reference: countReference(
      'messages',
      { parent_id: '1790000000.000100', message_text: { contains: 'fixed' } },
      1,
      'one reply says the door is fixed',
    ),
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background: {
        description: 'a message in #general',
        patch: [
          insertRow(
            'messages',
            slackMessage('1790000000.000300', 'C-GEN', null, 'Lunch is at noon.'),
          ),
        ],
      },
      related: {
        description: 'Kofi joined #ops',
        change: 'membership',
        patch: [insertRow('channel_members', { channel_id: 'C-OPS', user_id: 'U-KOFI' })],
      },
    },
    outcomes: {
      source: [
        doorFixed(),
        fault('top-level', 'relation', 'posted in the channel, not in the thread', [
          fixedReply(null),
        ]),
      ],
      background: [doorFixed()],
      related: [doorFixed()],
    },
  },
};

const timed = (dateTime: string) => ({ dateTime, timeZone: 'Europe/Oslo' });
const calendarEvent = (id: string, summary: string, start: Json, end: Json) => ({
  id,
  calendar_id: 'cal-studio',
  summary,
  status: 'confirmed',
  start,
  end,
  recurrence: null,
  recurring_event_id: null,
});
const reviewEndsAt = (dateTime: string) =>
  updateById('calendar_events', 'ev-review', { end: timed(dateTime) });
const reviewShortened = () =>
  complete('complete', 'the review ends at 10:30', [reviewEndsAt('2026-04-14T10:30:00+02:00')]);

const calendar: MiniPack = {
  seed: {
    name: 'mini-calendar',
    service: 'calendar',
    tables: {
      calendar_users: {
        key: ['id'],
        rows: [
          { id: 'user-sol', email: 'sol@studio.example', display_name: 'Sol Varga', self: true },
        ],
      },
      calendars: {
        key: ['id'],
        rows: [
          { id: 'cal-studio', summary: 'Studio', owner_id: 'user-sol', time_zone: 'Europe/Oslo' },
        ],
      },
      calendar_events: {
        key: ['id'],
        rows: [
          calendarEvent(
            'ev-review',
            'Design review',
            timed('2026-04-14T10:00:00+02:00'),
            timed('2026-04-14T11:00:00+02:00'),
          ),
          calendarEvent('ev-away', 'Studio closed', { date: '2026-04-20' }, { date: '2026-04-21' }),
        ],
      },
      calendar_event_attendees: {
        key: ['event_id', 'email'],
        rows: [{ event_id: 'ev-review', email: 'sol@studio.example', response_status: 'accepted' }],
      },
    },
  },
  task: {
    id: 'calendar_mini',
    family: 'mini-calendar-shorten',
    service: 'calendar',
    seed: 'mini-calendar',
    actor: { id: 'user-sol', name: 'Sol Varga', email: 'sol@studio.example' },
    instruction: 'Shorten the design review so it ends at 10:30.',
    reference: countReference(
      'calendar_events',
      { summary: 'Design review', calendar_id: 'cal-studio' },
      1,
      'the review stays on the calendar',
    ),
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      related: {
        description: 'the studio closing moved a week on',
        change: 'value',
        patch: [
          updateById('calendar_events', 'ev-away', {
            start: { date: '2026-04-27' },
            end: { date: '2026-04-28' },
          }),
        ],
      },
    },
    outcomes: {
      source: [
        reviewShortened(),
        fault('half-hour-later', 'value', 'the review ends at 11:30', [
          reviewEndsAt('2026-04-14T11:30:00+02:00'),
        ]),
      ],
      related: [reviewShortened()],
    },
  },
};

/** Replace the starter copy in `dir` with a one-task pack of another service. */
function writeMini(dir: string, mini: MiniPack): void {
  rmSync(dir, { recursive: true, force: true });
  writeJson(path.join(dir, 'pack.json'), {
    name: `mini-${mini.seed.service}`,
    version: '1.0.0',
    referenceVersion: '1',
    description: `One small ${mini.seed.service} task whose states hold every ${mini.seed.service} invariant until a broken copy breaks one.`,
    seeds: [mini.seed.name],
    timingPanel: [],
  });
  writeJson(path.join(dir, `seeds/${mini.seed.name}.json`), mini.seed);
  writeJson(path.join(dir, `tasks/${mini.task.id}.json`), mini.task);
}

/** A case starting from a mini pack: write it, then break it. */
const fromMini = (mini: MiniPack, breakIt: (seed: Json, task: Json) => void) => (dir: string) => {
  const copy: MiniPack = structuredClone(mini);
  breakIt(copy.seed, copy.task);
  writeMini(dir, copy);
};

/** The mini packs unbroken (the tests check that each loads without an error). */
export const miniPacks: Record<string, (dir: string) => void> = {
  box: fromMini(box, () => {}),
  slack: fromMini(slack, () => {}),
  calendar: fromMini(calendar, () => {}),
};

const rowOf = (seed: Json, table: string, id: string) =>
  seed.tables[table].rows.find((row: Json) => Object.values(row)[0] === id);

/** `fixtures/packs/broken/invariant-<rule>`: each refused with exactly one `invariant` error. */
export const invariantCases: Record<string, (dir: string) => void> = {
  // A fault outcome also uploads "NOTES.txt" beside Notes.txt.
  'invariant-box-unique-name-in-folder': fromMini(box, (seed, task) => {
    task.outcomes.source[1].patch.push({
      op: 'insert',
      table: 'box_files',
      row: { ...rowOf(seed, 'box_files', 'a-notes'), id: 'a-notes-copy', name: 'NOTES.txt' },
    });
  }),
  'invariant-box-item-name-allowed': fromMini(box, (seed) => {
    rowOf(seed, 'box_files', 'a-notes').name = 'Notes.txt ';
  }),
  'invariant-box-parent-folder-exists': fromMini(box, (_seed, task) => {
    task.conditions.related.patch.push(updateById('box_files', 'a-memo', { parent_id: 'f-gone' }));
  }),
  // The source decision also uploads a version of Notes.txt; under related, Notes.txt is gone.
  'invariant-box-version-file-exists': fromMini(box, (_seed, task) => {
    task.outcomes.source[0].patch.push({
      op: 'insert',
      table: 'box_file_versions',
      row: { id: 'v-notes-2', file_id: 'a-notes', version_number: '2' },
    });
    task.conditions.related.patch = [
      { op: 'delete', table: 'box_file_versions', key: { id: 'v-notes-1' } },
      { op: 'delete', table: 'box_files', key: { id: 'a-notes' } },
    ];
    task.witness = { decision: 'complete' };
  }),
  'invariant-slack-unique-channel-name': fromMini(slack, (seed) => {
    rowOf(seed, 'channels', 'C-OLD').channel_name = 'Ops';
  }),
  'invariant-slack-message-channel-exists': fromMini(slack, (_seed, task) => {
    task.outcomes.related[0].patch[0].row.channel_id = 'C-GONE';
    task.outcomes.related[0].patch[0].row.parent_id = null;
  }),
  'invariant-slack-thread-parent-in-channel': fromMini(slack, (_seed, task) => {
    task.conditions.background.patch[0].row.parent_id = '1790000000.000200';
    task.conditions.background.patch[0].row.channel_id = 'C-OPS';
  }),
  'invariant-slack-member-refs-exist': fromMini(slack, (_seed, task) => {
    task.outcomes.source[1].patch.push({
      op: 'insert',
      table: 'channel_members',
      row: { channel_id: 'C-OPS', user_id: 'U-NOBODY' },
    });
  }),
  'invariant-calendar-event-ends-after-start': fromMini(calendar, (_seed, task) => {
    task.outcomes.source[1].patch[0].set.end = timed('2026-04-14T09:30:00+02:00');
  }),
  'invariant-calendar-event-calendar-exists': fromMini(calendar, (seed) => {
    rowOf(seed, 'calendar_events', 'ev-away').calendar_id = 'cal-gone';
  }),
  'invariant-calendar-attendee-event-exists': fromMini(calendar, (_seed, task) => {
    task.conditions.related.patch.push({
      op: 'delete',
      table: 'calendar_events',
      key: { id: 'ev-review' },
    });
    task.outcomes.related = [{ ...task.outcomes.source[1], patch: [] }];
  }),
  // --- Linear, on the starter pack (copied into `dir` by broken.ts) ---
  'invariant-linear-unique-number-in-team': (dir) => {
    const seed = JSON.parse(readFileSync(path.join(dir, 'seeds/starter-linear.json'), 'utf8'));
    const copy = {
      ...seed.tables.issues.rows[1],
      id: 'iss-fac-9',
      identifier: 'FAC-9',
      title: 'Check the spare valves',
    };
    edit(dir, 'tasks/starter_1.json', (task) => {
      task.outcomes.source[4].patch.push({ op: 'insert', table: 'issues', row: copy });
    });
  },
  'invariant-linear-issue-team-exists': (dir) =>
    edit(dir, 'tasks/starter_1.json', (task) => {
      task.conditions.related.patch[0].set.teamId = 'team-gone';
      // The witness decision's calls would be refused first (no such team): replay its patch.
      delete task.outcomes.source[0].calls;
    }),
  'invariant-linear-issue-state-exists': (dir) =>
    edit(dir, 'seeds/starter-linear.json', (seed) => {
      seed.tables.issues.rows[3].stateId = 'st-FAC-gone';
    }),
  'invariant-linear-comment-issue-exists': (dir) =>
    edit(dir, 'tasks/starter_1.json', (task) => {
      task.outcomes.source[3].patch.push({
        op: 'delete',
        table: 'issues',
        key: { id: 'iss-fac-1' },
      });
    }),
  // A recorded branch creates a second FAC-3.
  'invariant-linear-unique-identifier-in-team': (dir) => {
    rmSync(dir, { recursive: true, force: true });
    cpSync(path.join(REPO_ROOT, 'fixtures/packs/starter-executions'), dir, { recursive: true });
    const seed = JSON.parse(readFileSync(path.join(dir, 'seeds/starter-linear.json'), 'utf8'));
    const copy = {
      ...seed.tables.issues.rows[2],
      id: 'iss-fac-10',
      number: 10,
      title: 'Replace the boiler valve (again)',
    };
    edit(dir, 'executions/starter_1.json', (executions) => {
      // The stage is written as calls with the derived patch: keep only the broken patch.
      delete executions.runs[0].starts.natural.branches.neutral[0].calls;
      executions.runs[0].starts.natural.branches.neutral[0].patch.push({
        op: 'insert',
        table: 'issues',
        row: copy,
      });
    });
  },
};
