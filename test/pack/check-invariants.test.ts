import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { miniPacks } from '../../packs/broken/invariants.js';
import { checkPatchInvariants, checkSeedInvariants } from '../../src/pack/check-invariants.js';
import { loadPack } from '../../src/pack/load.js';
import { formatJsonPath, formatPackErrors, type PackError } from '../../src/pack/pack-error.js';
import type { Patch } from '../../src/schema/patch.js';
import type { Seed } from '../../src/schema/seed.js';
import type { Service } from '../../src/schema/service.js';
import { serviceInvariants } from '../../src/services/registry.js';
import { State } from '../../src/state/state.js';

const broken = path.resolve(import.meta.dirname, '../../fixtures/packs/broken');

const errorsOf = async (dir: string) => {
  const result = await loadPack(dir);
  if (result.ok) throw new Error(`expected ${dir} to be refused`);
  return result.errors;
};

// One broken pack per rule (packs/broken/invariants.ts), each refused with exactly one
// error at the seed row, condition, outcome, witness replay or execution branch that breaks it.
const cases: Array<[string, { file: string; at: string; rule: string; message: string }]> = [
  [
    'invariant-box-item-name-allowed',
    {
      file: 'seeds/mini-box.json',
      at: '$.tables.box_files.rows[1]',
      rule: 'box.item-name-allowed',
      message:
        'seed "mini-box" breaks box.item-name-allowed: file "a-notes" has a trailing space in its name "Notes.txt "',
    },
  ],
  [
    'invariant-box-parent-folder-exists',
    {
      file: 'tasks/box_mini.json',
      at: '$.conditions.related.patch[1]',
      rule: 'box.parent-folder-exists',
      message:
        'box_mini condition related breaks box.parent-folder-exists: box_files row "a-memo" has parent_id "f-gone", which no row of box_folders has',
    },
  ],
  [
    'invariant-box-unique-name-in-folder',
    {
      file: 'tasks/box_mini.json',
      at: '$.outcomes.source[1].patch[1]',
      rule: 'box.unique-name-in-folder',
      message:
        'box_mini source/left-in-place breaks box.unique-name-in-folder: file "a-notes" "Notes.txt" and file "a-notes-copy" "NOTES.txt" are active in folder "f-projects" under one name (Box compares names without case)',
    },
  ],
  [
    'invariant-box-version-file-exists',
    {
      file: 'tasks/box_mini.json',
      at: '$.outcomes.source[0].patch[1]',
      rule: 'box.version-file-exists',
      message:
        'box_mini witness: replaying source/complete on the related before-state breaks box.version-file-exists: box_file_versions row "v-notes-2" has file_id "a-notes", which no row of box_files has',
    },
  ],
  [
    'invariant-calendar-attendee-event-exists',
    {
      file: 'tasks/calendar_mini.json',
      at: '$.conditions.related.patch[1]',
      rule: 'calendar.attendee-event-exists',
      message:
        'calendar_mini condition related breaks calendar.attendee-event-exists: calendar_event_attendees row {"event_id":"ev-review","email":"sol@studio.example"} has event_id "ev-review", which no row of calendar_events has',
    },
  ],
  [
    'invariant-calendar-event-calendar-exists',
    {
      file: 'seeds/mini-calendar.json',
      at: '$.tables.calendar_events.rows[1]',
      rule: 'calendar.event-calendar-exists',
      message:
        'seed "mini-calendar" breaks calendar.event-calendar-exists: calendar_events row "ev-away" has calendar_id "cal-gone", which no row of calendars has',
    },
  ],
  [
    'invariant-calendar-event-ends-after-start',
    {
      file: 'tasks/calendar_mini.json',
      at: '$.outcomes.source[1].patch[0]',
      rule: 'calendar.event-ends-after-start',
      message:
        'calendar_mini source/half-hour-later breaks calendar.event-ends-after-start: event "ev-review" ends at 2026-04-14T07:30:00.000Z, before its start 2026-04-14T08:00:00.000Z',
    },
  ],
  [
    'invariant-linear-comment-issue-exists',
    {
      file: 'tasks/starter_1.json',
      at: '$.outcomes.source[3].patch[1]',
      rule: 'linear.comment-issue-exists',
      message:
        'starter_1 source/status-moved breaks linear.comment-issue-exists: comments row "cmt-1" has issueId "iss-fac-1", which no row of issues has',
    },
  ],
  [
    'invariant-linear-issue-state-exists',
    {
      file: 'seeds/starter-linear.json',
      at: '$.tables.issues.rows[3]',
      rule: 'linear.issue-state-exists',
      message:
        'seed "starter-linear" breaks linear.issue-state-exists: issues row "iss-fac-4" has stateId "st-FAC-gone", which no row of workflow_states has',
    },
  ],
  [
    'invariant-linear-issue-team-exists',
    {
      file: 'tasks/starter_1.json',
      at: '$.conditions.related.patch[0]',
      rule: 'linear.issue-team-exists',
      message:
        'starter_1 condition related breaks linear.issue-team-exists: issues row "iss-fac-1" has teamId "team-gone", which no row of teams has',
    },
  ],
  [
    'invariant-linear-unique-identifier-in-team',
    {
      file: 'executions/starter_1.json',
      at: '$.runs[0].starts.natural.branches.neutral[0].patch[1]',
      rule: 'linear.unique-identifier-in-team',
      message:
        'starter_1 run run-a natural neutral stage 1 breaks linear.unique-identifier-in-team: issues "iss-fac-3" and "iss-fac-10" of team "team-ops" share identifier "FAC-3"',
    },
  ],
  [
    'invariant-linear-unique-number-in-team',
    {
      file: 'tasks/starter_1.json',
      at: '$.outcomes.source[4].patch[2]',
      rule: 'linear.unique-number-in-team',
      message:
        'starter_1 source/parts-order-too breaks linear.unique-number-in-team: issues "iss-fac-2" and "iss-fac-9" of team "team-ops" share number 2',
    },
  ],
  [
    'invariant-slack-member-refs-exist',
    {
      file: 'tasks/slack_mini.json',
      at: '$.outcomes.source[1].patch[1]',
      rule: 'slack.member-refs-exist',
      message:
        'slack_mini source/top-level breaks slack.member-refs-exist: channel_members row {"channel_id":"C-OPS","user_id":"U-NOBODY"} has user_id "U-NOBODY", which no row of users has',
    },
  ],
  [
    'invariant-slack-message-channel-exists',
    {
      file: 'tasks/slack_mini.json',
      at: '$.outcomes.related[0].patch[0]',
      rule: 'slack.message-channel-exists',
      message:
        'slack_mini related/complete breaks slack.message-channel-exists: messages row "1790000100.000100" has channel_id "C-GONE", which no row of channels has',
    },
  ],
  [
    'invariant-slack-thread-parent-in-channel',
    {
      file: 'tasks/slack_mini.json',
      at: '$.conditions.background.patch[0]',
      rule: 'slack.thread-parent-in-channel',
      message:
        'slack_mini condition background breaks slack.thread-parent-in-channel: reply "1790000000.000300" answers "1790000000.000200", which is itself a reply (threads are one level deep)',
    },
  ],
  [
    'invariant-slack-unique-channel-name',
    {
      file: 'seeds/mini-slack.json',
      at: '$.tables.channels.rows[2]',
      rule: 'slack.unique-channel-name',
      message:
        'seed "mini-slack" breaks slack.unique-channel-name: channels "C-OPS" "ops" and "C-OLD" "Ops" share one name in workspace "T-MILL" (archived channels keep their names)',
    },
  ],
];

describe('loadPack refuses states the real service could not hold', () => {
  it.each(cases)('%s', async (name, expected) => {
    const errors = await errorsOf(path.join(broken, name));
    const rule = [...(['box', 'slack', 'linear', 'calendar'] as Service[])]
      .flatMap((service) => serviceInvariants(service))
      .find((candidate) => candidate.name === expected.rule)!;
    expect(
      errors.map((error) => ({
        file: error.file,
        at: formatJsonPath(error.path),
        code: error.code,
        rule: error.rule,
        message: error.message,
        fix: error.fix,
      })),
    ).toEqual([{ ...expected, code: 'invariant', fix: rule.fix }]);
  });

  it('covers every rule of every service with a broken pack', () => {
    const rules = (['box', 'slack', 'linear', 'calendar'] as Service[]).flatMap((service) =>
      serviceInvariants(service).map((rule) => rule.name),
    );
    expect(cases.map(([, expected]) => expected.rule).sort()).toEqual([...rules].sort());
  });

  it('docs/pack-format.md lists every rule with what it checks and why', () => {
    const docs = readFileSync(
      path.resolve(import.meta.dirname, '../../docs/pack-format.md'),
      'utf8',
    );
    for (const service of ['box', 'slack', 'linear', 'calendar'] as Service[])
      for (const rule of serviceInvariants(service)) {
        const cell = (text: string) => text.replace(/\|/g, '\\|');
        expect(docs).toContain(
          `| \`${rule.name}\` | ${cell(rule.description)} | ${cell(rule.why)} |`,
        );
      }
  });

  it('prints the fix line under the error', async () => {
    const errors = await errorsOf(path.join(broken, 'invariant-box-item-name-allowed'));
    expect(formatPackErrors(errors)).toBe(
      `seeds/mini-box.json $.tables.box_files.rows[1]: ${errors[0]!.message} (invariant)\n    fix: ${errors[0]!.fix}`,
    );
  });
});

describe('the packs the invariant cases break', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'apb-mini-packs-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  it('a recorded outcome (natural, prefix) is kept as its backend wrote it, not refused', async () => {
    const dir = path.join(work, 'recorded');
    cpSync(path.join(broken, 'invariant-box-unique-name-in-folder'), dir, { recursive: true });
    const file = path.join(dir, 'tasks/box_mini.json');
    const task = JSON.parse(readFileSync(file, 'utf8'));
    task.outcomes.source[1].role = 'natural';
    writeFileSync(file, JSON.stringify(task));
    const result = await loadPack(dir);
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it.each(Object.entries(miniPacks))(
    'the %s pack loads without an error',
    async (service, write) => {
      const dir = path.join(work, service);
      write(dir);
      const result = await loadPack(dir);
      expect(result.ok ? [] : result.errors).toEqual([]);
    },
  );
});

describe('which state a violation is reported at', () => {
  const file = (id: string, name: string) => ({ id, name, parent_id: 'f1', item_status: 'active' });
  // Two files named alike in one folder: the seed already breaks box.unique-name-in-folder.
  const seed: Seed = {
    name: 'clash',
    service: 'box',
    tables: {
      box_folders: {
        key: ['id'],
        rows: [
          { id: '0', name: 'All Files', parent_id: null, item_status: 'active' },
          { id: 'f1', name: 'Reports', parent_id: '0', item_status: 'active' },
        ],
      },
      box_files: {
        key: ['id'],
        rows: [file('a1', 'Q1.pdf'), file('a2', 'q1.pdf'), file('a3', 'Q2.pdf')],
      },
    },
  };
  const seedState = State.fromSeed(seed);
  const check = (patch: Patch, parent = seedState) => {
    const errors: PackError[] = [];
    const { state } = parent.apply(patch);
    checkPatchInvariants(
      parent,
      state,
      patch,
      'tasks/t.json',
      ['outcomes', 'source', 0, 'patch'],
      't source/x',
      errors,
    );
    return errors.map((error) => ({ at: formatJsonPath(error.path), rule: error.rule }));
  };

  it('a seed violation is reported once, at the later of the rows', () => {
    const errors: PackError[] = [];
    checkSeedInvariants(seed, seedState, 'seeds/clash.json', errors);
    expect(errors.map((error) => [formatJsonPath(error.path), error.message])).toEqual([
      [
        '$.tables.box_files.rows[1]',
        'seed "clash" breaks box.unique-name-in-folder: file "a1" "Q1.pdf" and file "a2" "q1.pdf" are active in folder "f1" under one name (Box compares names without case)',
      ],
    ]);
  });

  it('a state that inherits the violation is not blamed for it, even when it writes the rows', () => {
    expect(
      check([{ op: 'update', table: 'box_files', key: { id: 'a2' }, set: { size: 10 } }]),
    ).toEqual([]);
  });

  it('a patch that joins the clash makes a new violation, at its last op on those rows', () => {
    expect(
      check([
        { op: 'update', table: 'box_files', key: { id: 'a3' }, set: { size: 1 } },
        { op: 'update', table: 'box_files', key: { id: 'a3' }, set: { name: 'Q1.PDF' } },
        { op: 'update', table: 'box_folders', key: { id: 'f1' }, set: { name: 'Reports 2026' } },
      ]),
    ).toEqual([{ at: '$.outcomes.source[0].patch[1]', rule: 'box.unique-name-in-folder' }]);
  });

  it('a clash with a row the parent state inserted, and none with a row it renamed away', () => {
    const { state: parent } = seedState.apply([
      { op: 'insert', table: 'box_files', row: file('a4', 'Summary.pdf') },
      { op: 'update', table: 'box_files', key: { id: 'a3' }, set: { name: 'Q2 (old).pdf' } },
    ]);
    expect(
      check([{ op: 'insert', table: 'box_files', row: file('a5', 'SUMMARY.pdf') }], parent),
    ).toEqual([{ at: '$.outcomes.source[0].patch[0]', rule: 'box.unique-name-in-folder' }]);
    expect(
      check([{ op: 'insert', table: 'box_files', row: file('a6', 'Q2.pdf') }], parent),
    ).toEqual([]);
  });

  it('a folder deleted under its files: one violation per file, at the delete (its last op)', () => {
    expect(
      check([
        { op: 'update', table: 'box_files', key: { id: 'a3' }, set: { size: 1 } },
        { op: 'delete', table: 'box_folders', key: { id: 'f1' } },
      ]),
    ).toEqual([
      { at: '$.outcomes.source[0].patch[1]', rule: 'box.parent-folder-exists' },
      { at: '$.outcomes.source[0].patch[1]', rule: 'box.parent-folder-exists' },
      { at: '$.outcomes.source[0].patch[1]', rule: 'box.parent-folder-exists' },
    ]);
  });
});
