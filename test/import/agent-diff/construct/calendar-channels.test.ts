// Calendar watch channels as construction recipes: each recipe's calls, run through the
// Calendar write model, make the Agent-Diff assertion true; ACL `deleted` is reported as a
// known defect of the source assertions.
import { describe, expect, it } from 'vitest';
import { WATCH_ADDRESS } from '../../../../src/import/agent-diff/construct/calendar-channels.js';
import { translateAssertion } from '../../../../src/import/agent-diff/construct/translate.js';
import {
  evaluateLegacyDiffSpec,
  legacyDiffOf,
} from '../../../../src/reference/legacy-diff/evaluate.js';
import type { LegacyAssertion } from '../../../../src/reference/legacy-diff/spec.js';
import type { Row } from '../../../../src/schema/json.js';
import { CalendarTableKeys } from '../../../../src/services/calendar/tables.js';
import { calendarWriteModel } from '../../../../src/services/calendar/write/index.js';
import { createWriteEnvironment } from '../../../../src/services/write-model.js';
import { State } from '../../../../src/state/state.js';

const actor = { id: 'user_agent', name: 'Agent', email: 'agent@test.example' };
const stamps = { created_at: '2018-06-01T08:00:00', updated_at: '2018-06-01T08:00:00' };
const tables: Record<string, Row[]> = {
  calendar_users: [
    { id: 'user_agent', email: 'agent@test.example', display_name: 'Agent', ...stamps },
  ],
  calendars: [
    {
      id: 'agent@test.example',
      summary: 'Agent',
      owner_id: 'user_agent',
      time_zone: 'UTC',
      etag: '"1"',
      ...stamps,
    },
    {
      id: 'cal_annex',
      summary: 'Annex',
      owner_id: 'user_agent',
      time_zone: 'UTC',
      etag: '"2"',
      ...stamps,
    },
  ],
  calendar_list_entries: [
    {
      id: 'le1',
      user_id: 'user_agent',
      calendar_id: 'agent@test.example',
      access_role: 'owner',
      primary: true,
      deleted: false,
      ...stamps,
    },
    {
      id: 'le2',
      user_id: 'user_agent',
      calendar_id: 'cal_annex',
      access_role: 'owner',
      primary: false,
      deleted: false,
      ...stamps,
    },
  ],
  calendar_acl_rules: [
    {
      id: 'user:agent@test.example',
      calendar_id: 'cal_annex',
      role: 'owner',
      scope_type: 'user',
      scope_value: 'agent@test.example',
      etag: '"3"',
      ...stamps,
    },
  ],
  calendar_events: [],
  calendar_settings: [],
  calendar_channels: [
    {
      id: 'chan_annex_77',
      resource_id: 'res_annex_77',
      resource_uri: '/calendars/cal_annex/events',
      type: 'web_hook',
      address: 'https://hooks.example.com/calendar/annex',
      expiration: 1530140400,
      token: 'token_annex_77',
      params: { ttl: '3600' },
      payload: false,
      user_id: 'user_agent',
      created_at: '2018-05-25T08:00:00',
    },
  ],
};
const before = State.fromSeed({
  name: 'channels',
  service: 'calendar',
  tables: Object.fromEntries(
    Object.entries(tables).map(([table, rows]) => [
      table,
      { key: [...(CalendarTableKeys[table] ?? ['id'])], rows },
    ]),
  ),
});
const ctx = { before, instruction: 'Set up the watches.', actor };
const assertion = (over: Partial<LegacyAssertion>): LegacyAssertion => ({
  diff_type: 'added',
  entity: 'calendar_channels',
  where: {},
  expected_changes: {},
  ignore: [],
  ...over,
});

/** The recipe's calls run in order through the write model; the after-state. */
function runRecipe(target: LegacyAssertion): State {
  const made = translateAssertion('calendar', target, ctx);
  if (!made.ok) throw new Error(made.reason);
  let state = before;
  const env = createWriteEnvironment(
    { start: '2018-06-17T07:00:00Z', stepMs: 1000, idSeed: 't' },
    'recipe',
  );
  for (const call of made.calls) {
    const result = calendarWriteModel.apply(state, actor, call, env);
    if (!result.ok) throw new Error(result.refusal.summary);
    state = state.apply(result.patch).state;
  }
  return state;
}

/** Whether Agent-Diff's assertion accepts the change from `before` to `after`. */
function accepted(target: LegacyAssertion, after: State): boolean {
  const result = evaluateLegacyDiffSpec(
    { assertions: [target], ignoreFields: {}, strict: false },
    legacyDiffOf(before, after),
  );
  return result.passed;
}

describe('added calendar_channels → the watch method of the asserted resource', () => {
  const uris = [
    ['/calendars/cal_annex/events', '/calendars/cal_annex/events/watch'],
    ['/calendars/cal_annex/acl', '/calendars/cal_annex/acl/watch'],
    ['/users/me/calendarList', '/users/me/calendarList/watch'],
    ['/users/user_agent/settings', '/users/me/settings/watch'],
  ] as const;
  for (const [uri, path] of uris)
    it(`${uri}: POST ${path}, whose channel the assertion accepts`, () => {
      const target = assertion({
        where: { resource_uri: { eq: uri }, user_id: { eq: 'user_agent' } },
        expected_count: 1,
      });
      const made = translateAssertion('calendar', target, ctx);
      expect(made).toEqual({
        ok: true,
        calls: [
          {
            method: 'POST',
            path,
            body: {
              id: expect.stringMatching(/^watch-/),
              type: 'web_hook',
              address: WATCH_ADDRESS,
            },
          },
        ],
      });
      expect(accepted(target, runRecipe(target))).toBe(true);
    });

  it("refuses another user's channel, an unknown resource and a where-column no request writes", () => {
    const refused = (where: LegacyAssertion['where']) => {
      const made = translateAssertion('calendar', assertion({ where }), ctx);
      return made.ok ? 'ok' : made.reason;
    };
    expect(
      refused({ resource_uri: { eq: '/users/me/settings' }, user_id: { eq: 'user_other' } }),
    ).toBe("calendar_channels: another user's channel");
    expect(refused({ resource_uri: { eq: '/users/user_other/settings' } })).toBe(
      'calendar_channels: no watch method serves the asserted resource_uri',
    );
    expect(refused({ resource_uri: { eq: '/users/me/calendarList' }, token: { eq: 'x' } })).toBe(
      'calendar_channels: no request of the recipe writes where.token',
    );
  });
});

describe('removed calendar_channels → channels.stop', () => {
  it('stops the one channel the where-clause names, by its id and resourceId', () => {
    const target = assertion({
      diff_type: 'removed',
      where: {
        id: { eq: 'chan_annex_77' },
        resource_id: { eq: 'res_annex_77' },
        user_id: { eq: 'user_agent' },
      },
      expected_count: 1,
    });
    expect(translateAssertion('calendar', target, ctx)).toEqual({
      ok: true,
      calls: [
        {
          method: 'POST',
          path: '/channels/stop',
          body: { id: 'chan_annex_77', resourceId: 'res_annex_77' },
        },
      ],
    });
    const after = runRecipe(target);
    expect(after.rows('calendar_channels')).toEqual([]);
    expect(accepted(target, after)).toBe(true);
  });

  it('refuses a where-clause that names no channel', () => {
    const made = translateAssertion(
      'calendar',
      assertion({ diff_type: 'removed', where: { id: { eq: 'chan_gone' } } }),
      ctx,
    );
    expect(made.ok ? 'ok' : made.reason).toMatch(/matches 0 calendar_channels rows/);
  });
});

describe('calendar_acl_rules.deleted', () => {
  it("is refused as a known defect: Google's AclRule has no deleted flag", () => {
    for (const target of [
      assertion({
        diff_type: 'changed',
        entity: 'calendar_acl_rules',
        where: { calendar_id: { eq: 'cal_annex' }, scope_value: { eq: 'agent@test.example' } },
        expected_changes: { deleted: { to: { eq: true } } },
      }),
      assertion({
        diff_type: 'changed',
        entity: 'calendar_acl_rules',
        where: { calendar_id: { eq: 'cal_annex' }, deleted: { eq: true } },
        expected_changes: { role: { to: { eq: 'none' } } },
      }),
    ]) {
      const made = translateAssertion('calendar', target, ctx);
      expect(made.ok ? 'ok' : made.reason).toMatch(
        /^known defect: .*calendar_acl_rules\.deleted.*role 'none'/,
      );
    }
  });
});
