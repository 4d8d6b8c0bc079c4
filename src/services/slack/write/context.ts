import type { Row } from '../../../schema/json.js';
import type { Patch } from '../../../schema/patch.js';
import type { State } from '../../../state/state.js';
import type { WriteEnvironment, WriteOperation, WriteResult } from '../../write-model.js';
import { invalidArguments, slackError, slackOk } from '../envelope.js';
import type { SlackParams } from '../params.js';
import { readableChannel } from '../permissions.js';
import { channelObject } from '../shapes.js';
import { flag, text } from '../tables.js';
import { SlackWorkspace } from '../workspace.js';

/** What one write method sees: the before-state (raw and indexed), the caller and its arguments. */
export interface SlackWriteContext {
  readonly state: State;
  readonly workspace: SlackWorkspace;
  readonly actorId: string;
  readonly params: SlackParams;
  readonly env: WriteEnvironment;
}

/** One Web API write method: its row in docs/replicas.md and the function that runs it. */
export interface SlackWriteMethod {
  readonly operation: WriteOperation;
  run(context: SlackWriteContext): WriteResult;
}

/** Slack's refusal: HTTP 200 with `{ok: false, error, ...extra}` (docs/replicas.md). */
export function refuse(error: string, extra: Record<string, unknown> = {}): WriteResult {
  const response = slackError(error, extra);
  return { ok: false, refusal: { status: response.status, body: response.body, summary: error } };
}

/** `invalid_arguments` for a required argument the call lacks. */
export function refuseArguments(...messages: string[]): WriteResult {
  const response = invalidArguments(...messages);
  return {
    ok: false,
    refusal: { status: response.status, body: response.body, summary: 'invalid_arguments' },
  };
}

/** A success: the row changes and Slack's `{ok: true, ...payload}` body. */
export function succeed(patch: Patch, payload: Record<string, unknown> = {}): WriteResult {
  const response = slackOk(payload);
  return { ok: true, patch, status: response.status, response: response.body };
}

/**
 * The workspace after `patch`, for answers that show the changed object (a channel after
 * `conversations.join`, a message after `chat.update`). The patch is the method's own, so it
 * applies; the caller checks the same patch again before answering (write/index.ts).
 */
export function workspaceAfter(context: SlackWriteContext, patch: Patch): SlackWorkspace {
  const { state } = context.state.apply(patch);
  return new SlackWorkspace(state);
}

/**
 * A conversation as Slack answers it after the call: the changed row, shown with its members
 * after the call (`is_member`, `num_members`). Built on the before-state's index rather than a
 * re-indexed after-state: only the row and the members change.
 */
export function channelAnswer(
  context: SlackWriteContext,
  row: Row,
  members: readonly string[],
): Record<string, unknown> {
  const shaped = channelObject(context.workspace, context.actorId, row);
  if (shaped.is_im === true) return shaped;
  return { ...shaped, is_member: members.includes(context.actorId), num_members: members.length };
}

/** Unix seconds of the call (topic and purpose `last_set`, channel `created`). */
export function nowSeconds(env: WriteEnvironment): number {
  return Math.floor(env.now().getTime() / 1000);
}

/** The call's instant as a Slack timestamp: Unix seconds, a dot, six digits of microseconds. */
export function nowTs(env: WriteEnvironment): string {
  const ms = env.now().getTime();
  const seconds = Math.floor(ms / 1000);
  return `${seconds}.${String((ms - seconds * 1000) * 1000).padStart(6, '0')}`;
}

/**
 * A fresh message timestamp: the call's instant, moved on by a microsecond while a message
 * already has it (Slack's `ts` names one message of a conversation; this storage keys every
 * message by it, so it is kept unique across the workspace).
 */
export function freshMessageTs(context: SlackWriteContext): string {
  const [seconds = '0', micro = '0'] = nowTs(context.env).split('.');
  let candidate = Number(seconds) * 1_000_000 + Number(micro);
  const format = (value: number) =>
    `${Math.floor(value / 1_000_000)}.${String(value % 1_000_000).padStart(6, '0')}`;
  while (context.workspace.message(format(candidate))) candidate += 1;
  return format(candidate);
}

/** A Slack timestamp argument as Slack accepts it: digits, a dot, digits. */
export function isTimestamp(value: string): boolean {
  return /^\d+\.\d+$/.test(value);
}

/**
 * The caller's workspace role: owners and admins (`user_teams.role`, or the `is_admin`
 * column, as users.info reports it) and guests (restricted and ultra-restricted accounts).
 */
export function isWorkspaceAdmin(workspace: SlackWorkspace, userId: string): boolean {
  const role = workspace.teamRole(userId);
  return (
    role === 'admin' ||
    role === 'owner' ||
    role === 'primary_owner' ||
    flag(workspace.user(userId) ?? {}, 'is_admin')
  );
}

export function isGuest(workspace: SlackWorkspace, userId: string): boolean {
  const role = workspace.teamRole(userId);
  return role === 'restricted' || role === 'ultra_restricted';
}

/** Slack's `#general`: the channel every member is in, which cannot be left or archived. */
export function isGeneral(channel: Row): boolean {
  return text(channel, 'channel_name') === 'general' && channel.is_dm !== true;
}

/**
 * The conversation named by the `channel` argument, as the caller may address it: unknown and
 * hidden (a private conversation the caller is not in) alike are `channel_not_found`.
 */
export function targetChannel(context: SlackWriteContext, name = 'channel'): Row | undefined {
  return readableChannel(context.workspace, context.actorId, context.params.get(name)?.trim());
}

/** The id column of a row, as a string. */
export function idOf(row: Row, column: string): string {
  return text(row, column) ?? '';
}
