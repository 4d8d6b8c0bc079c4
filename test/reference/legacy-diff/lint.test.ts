import { describe, expect, it } from 'vitest';
import { lintStaleBindings } from '../../../src/reference/legacy-diff/lint.js';
import { normalizeLegacyDiffSpec } from '../../../src/reference/legacy-diff/spec.js';
import { stateOf } from '../../import/agent-diff/support/mini.js';

const before = stateOf({
  users: [
    { id: 'u-cyr', name: 'Cyrus Lindqvist' },
    { id: 'u-bex', name: 'Bexley Oduya' },
  ],
  workflow_states: [
    { id: 'ws-prog', name: 'In Progress' },
    { id: 'ws-prog-2', name: 'In Progress' },
  ],
  issues: [{ id: 'i-2', title: 'Order paper stock' }],
});

describe('lintStaleBindings', () => {
  it('flags literal ids of before-state rows and proposes a selector on a readable column', () => {
    const spec = normalizeLegacyDiffSpec({
      assertions: [
        {
          diff_type: 'changed',
          entity: 'issues',
          where: { title: 'Order paper stock' },
          expected_changes: { assigneeId: { to: 'u-cyr' }, stateId: { to: { eq: 'ws-prog' } } },
        },
      ],
    });
    const findings = lintStaleBindings(
      spec,
      before,
      "Assign 'Order paper stock' to Cyrus Lindqvist and start it.",
    );
    expect(findings.map((finding) => [finding.at, finding.table, finding.selector])).toEqual([
      [
        'expected_changes.assigneeId.to',
        'users',
        { table: 'users', where: { name: 'Cyrus Lindqvist' }, unique: true },
      ],
      [
        'expected_changes.stateId.to',
        'workflow_states',
        { table: 'workflow_states', where: { name: 'In Progress' }, unique: false },
      ],
    ]);
    expect(findings[1]!.message).toContain('not unique');
  });

  it('marks ids the instruction spells, and ignores values that are no row id', () => {
    const spec = normalizeLegacyDiffSpec({
      assertions: [
        {
          diff_type: 'added',
          entity: 'comments',
          where: { issueId: { in: ['i-2', 'i-404'] }, body: { contains: 'u-bex' } },
        },
      ],
    });
    const findings = lintStaleBindings(spec, before, 'Comment on issue i-2.');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      at: 'where.issueId',
      value: 'i-2',
      namedInInstruction: true,
    });
  });

  it('does not flag the acting user, whom the public task names', () => {
    const spec = normalizeLegacyDiffSpec({
      assertions: [
        { diff_type: 'added', entity: 'comments', where: { userId: 'u-bex', issueId: 'i-2' } },
      ],
    });
    const findings = lintStaleBindings(spec, before, 'Comment on the paper order.', 'u-bex');
    expect(findings.map((finding) => finding.value)).toEqual(['i-2']);
  });

  it('finds Slack channels by their channel_name', () => {
    const slack = stateOf(
      { channels: [{ channel_id: 'C0PRESS', channel_name: 'press-room' }] },
      { channels: ['channel_id'] },
    );
    const spec = normalizeLegacyDiffSpec({
      assertions: [{ diff_type: 'added', entity: 'messages', where: { channel_id: 'C0PRESS' } }],
    });
    expect(lintStaleBindings(spec, slack, 'Post in #press-room.')[0]?.selector).toEqual({
      table: 'channels',
      where: { channel_name: 'press-room' },
      unique: true,
    });
  });

  it("does not call a user's email a calendars.id when it only coincides with a primary calendar's id", () => {
    const calendar = stateOf(
      {
        calendar_users: [{ id: 'cu-1', email: 'mira@example.org', display_name: 'Mira' }],
        calendars: [{ id: 'mira@example.org', summary: 'Mira' }],
        calendar_acl_rules: [
          {
            id: 'user:mira@example.org',
            calendar_id: 'mira@example.org',
            scope_value: 'mira@example.org',
          },
        ],
      },
      { calendar_acl_rules: ['calendar_id', 'id'] },
    );
    const spec = normalizeLegacyDiffSpec({
      assertions: [
        {
          diff_type: 'added',
          entity: 'calendar_acl_rules',
          where: { scope_value: 'mira@example.org', calendar_id: 'mira@example.org' },
        },
        {
          diff_type: 'added',
          entity: 'calendar_event_attendees',
          where: { email: 'mira@example.org' },
        },
      ],
    });
    // Only the column that holds a calendar reference names a calendars.id.
    expect(
      lintStaleBindings(spec, calendar, 'Share the calendar.').map((finding) => [
        finding.at,
        `${finding.table}.${finding.keyColumn}`,
      ]),
    ).toEqual([['where.calendar_id', 'calendars.id']]);
  });

  it("finds ids that are part of a composite key, but not the key columns that are other tables' ids", () => {
    const calendar = stateOf(
      {
        calendars: [{ id: 'cal-team', summary: 'Team' }],
        calendar_acl_rules: [
          { id: 'user:ola@example.org', calendar_id: 'cal-team', role: 'reader' },
        ],
      },
      { calendar_acl_rules: ['calendar_id', 'id'] },
    );
    const spec = normalizeLegacyDiffSpec({
      assertions: [
        {
          diff_type: 'changed',
          entity: 'calendar_acl_rules',
          where: { id: 'user:ola@example.org', calendar_id: 'cal-team' },
          expected_changes: { role: { to: 'writer' } },
        },
      ],
    });
    expect(
      lintStaleBindings(spec, calendar, 'Let Ola edit the team calendar.').map((finding) => [
        finding.at,
        `${finding.table}.${finding.keyColumn}`,
      ]),
    ).toEqual([
      ['where.id', 'calendar_acl_rules.id'],
      ['where.calendar_id', 'calendars.id'],
    ]);
  });
});
