// A small Slack workspace for the write-model tests: few enough rows that every expected
// patch is written out by hand, with one of each role and conversation kind the rules test.
import { expect } from 'vitest';
import type { Row } from '../../../../src/schema/json.js';
import type { Patch } from '../../../../src/schema/patch.js';
import { SeedSchema } from '../../../../src/schema/seed.js';
import type { Actor } from '../../../../src/schema/task.js';
import { createSlackReplica } from '../../../../src/services/slack/index.js';
import { SlackInvariants } from '../../../../src/services/slack/invariants.js';
import { slackWriteModel } from '../../../../src/services/slack/write/index.js';
import {
  type CallClock,
  createWriteEnvironment,
  type WriteResult,
} from '../../../../src/services/write-model.js';
import { State } from '../../../../src/state/state.js';

const channel = (id: string, name: string, extra: Row = {}): Row => ({
  channel_id: id,
  channel_name: name,
  team_id: 'T1',
  is_private: false,
  is_dm: false,
  is_gc: false,
  topic_text: '',
  purpose_text: '',
  is_archived: false,
  created: 1780000000,
  creator_id: 'U_BEN',
  topic_set_by: '',
  topic_last_set: 0,
  purpose_set_by: '',
  purpose_last_set: 0,
  ...extra,
});

const user = (id: string, name: string, extra: Row = {}): Row => ({
  user_id: id,
  username: name.toLowerCase(),
  real_name: name,
  is_bot: false,
  deleted: false,
  ...extra,
});

const message = (id: string, channelId: string, userId: string, text: string, parent?: string) => ({
  message_id: id,
  channel_id: channelId,
  user_id: userId,
  message_text: text,
  type: 'message',
  ts: id,
  parent_id: parent ?? null,
  edited_ts: null,
  edited_user_id: null,
});

const members = (channelId: string, ...users: string[]): Row[] =>
  users.map((userId) => ({ channel_id: channelId, user_id: userId }));

/** The messages' timestamps, named for what they are. */
export const TS = {
  adaNote: '1790000000.000100',
  benQuestion: '1790000000.000200',
  adaReply: '1790000000.000300',
  benPrivate: '1790000000.000400',
  benAlone: '1790000000.000500',
} as const;

export const seed = SeedSchema.parse({
  name: 'mini-slack-write',
  service: 'slack',
  tables: {
    teams: {
      key: ['team_id'],
      rows: [{ team_id: 'T1', team_name: 'Millrace', domain: 'millrace' }],
    },
    users: {
      key: ['user_id'],
      rows: [
        user('U_ADA', 'Ada'),
        user('U_BEN', 'Ben'),
        user('U_CAL', 'Cal', { is_admin: true }),
        user('U_DEE', 'Dee', { deleted: true }),
        user('U_GUS', 'Gus'),
        user('U_URA', 'Ura'),
      ],
    },
    user_teams: {
      key: ['user_id', 'team_id'],
      rows: [
        { user_id: 'U_ADA', team_id: 'T1', role: 'member' },
        { user_id: 'U_BEN', team_id: 'T1', role: 'member' },
        { user_id: 'U_CAL', team_id: 'T1', role: 'admin' },
        { user_id: 'U_DEE', team_id: 'T1', role: 'member' },
        { user_id: 'U_GUS', team_id: 'T1', role: 'restricted' },
        { user_id: 'U_URA', team_id: 'T1', role: 'ultra_restricted' },
      ],
    },
    channels: {
      key: ['channel_id'],
      rows: [
        channel('C_GEN', 'general'),
        channel('C_OPS', 'ops', {
          topic_text: 'Dock rota',
          topic_set_by: 'U_BEN',
          topic_last_set: 1780000100,
        }),
        channel('C_SECRET', 'secret', { is_private: true }),
        channel('C_TEAM', 'team-private', { is_private: true }),
        channel('C_OLD', 'old-ops', { is_archived: true }),
        channel('C_OUT', 'outside'),
        channel('C_SOLO', 'solo-private', { is_private: true, creator_id: 'U_ADA' }),
        channel('D_AB', 'dm-u_ada-u_ben', { is_private: true, is_dm: true, creator_id: 'U_ADA' }),
      ],
    },
    channel_members: {
      key: ['channel_id', 'user_id'],
      rows: [
        ...members('C_GEN', 'U_ADA', 'U_BEN', 'U_CAL', 'U_GUS', 'U_URA'),
        ...members('C_OPS', 'U_ADA', 'U_BEN', 'U_GUS'),
        ...members('C_SECRET', 'U_BEN', 'U_CAL'),
        ...members('C_TEAM', 'U_ADA', 'U_BEN'),
        ...members('C_OLD', 'U_ADA', 'U_BEN'),
        ...members('C_OUT', 'U_BEN', 'U_CAL'),
        ...members('C_SOLO', 'U_ADA'),
        ...members('D_AB', 'U_ADA', 'U_BEN'),
      ],
    },
    messages: {
      key: ['message_id'],
      rows: [
        message(TS.adaNote, 'C_OPS', 'U_ADA', 'Dock 4 inspection at 10.'),
        message(TS.benQuestion, 'C_OPS', 'U_BEN', 'Who covers Friday?'),
        message(TS.adaReply, 'C_OPS', 'U_ADA', 'I can.', TS.benQuestion),
        message(TS.benPrivate, 'C_SECRET', 'U_BEN', 'Budget draft.'),
        message(TS.benAlone, 'C_OLD', 'U_BEN', 'Last shift report.'),
      ],
    },
    message_reactions: {
      key: ['message_id', 'user_id', 'reaction_type'],
      rows: [
        { message_id: TS.benQuestion, user_id: 'U_ADA', reaction_type: 'eyes' },
        { message_id: TS.benQuestion, user_id: 'U_BEN', reaction_type: 'thumbsup' },
        { message_id: TS.adaNote, user_id: 'U_BEN', reaction_type: 'white_check_mark' },
      ],
    },
  },
});

export const before = State.fromSeed(seed);

export const ADA: Actor = { id: 'U_ADA', name: 'Ada' };
export const BEN: Actor = { id: 'U_BEN', name: 'Ben' };
export const CAL: Actor = { id: 'U_CAL', name: 'Cal' };
export const GUS: Actor = { id: 'U_GUS', name: 'Gus' };

/** The clock of every call here: 2026-11-03 09:00:00 UTC = Unix 1793696400. */
export const CLOCK: CallClock = { start: '2026-11-03T09:00:00.000Z', stepMs: 1000, idSeed: 'mini' };
export const NOW_SECONDS = 1793696400;
export const NOW_TS = '1793696400.000000';

/** Runs one Web API write as `actor` on `state` (the first call of its sequence). */
export function call(
  method: string,
  body: Record<string, unknown>,
  actor: Actor = ADA,
  state: State = before,
  stream = `test/${method}`,
): WriteResult {
  return slackWriteModel.apply(
    state,
    actor,
    { method: 'POST', path: `/${method}`, body },
    createWriteEnvironment(CLOCK, stream),
  );
}

/** The patch of a call that must succeed; fails the test with Slack's answer otherwise. */
export function patchOf(result: WriteResult): Patch {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.refusal.body)}`);
  return result.patch;
}

/** The state a successful call leaves, checked against every Slack invariant. */
export function stateAfter(result: WriteResult, state: State = before): State {
  const applied = state.apply(patchOf(result));
  expect(applied.errors).toEqual([]);
  for (const rule of SlackInvariants) expect(rule.check(applied.state), rule.name).toEqual([]);
  return applied.state;
}

/** Slack's refusal: HTTP 200, `{ok: false, error}` (plus the extra fields given). */
export function expectRefusal(
  result: WriteResult,
  error: string,
  extra: Record<string, unknown> = {},
): void {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.refusal.status).toBe(200);
  expect(result.refusal.body).toEqual({ ok: false, error, ...extra });
  expect(result.refusal.summary).toBe(error);
}

/** A Slack response body as the tests read it: its shape is asserted, not typed. */
// biome-ignore lint/suspicious/noExplicitAny: untyped JSON read only by assertions
export type SlackBody = Record<string, any>;

/** A read through the replica, as `actor`, of the state a write left. */
export function read(
  state: State,
  method: string,
  query: Record<string, string>,
  actor: Actor = ADA,
) {
  return createSlackReplica(state, actor).handle({ method: 'GET', path: `/${method}`, query })
    .body as SlackBody;
}
