import type { GraphQLError } from 'graphql';
import { internalError } from '../../../contract/error.js';
import type { Row } from '../../../schema/json.js';
import type { PatchOp } from '../../../schema/patch.js';
import type { Actor } from '../../../schema/task.js';
import type { State } from '../../../state/state.js';
import type { WriteEnvironment, WriteOperation } from '../../write-model.js';
import { entityNotFound, linearError } from '../errors.js';
import { isArchived } from '../paging.js';
import type { LinearContext, Resolver } from '../resolvers/context.js';
import { LinearView, text } from '../view.js';

/**
 * What a mutation resolver works on: the state as the earlier root fields of the request
 * left it, the actor, the clock and id stream, and the row changes made so far. After each
 * write `view` is the actor's view of the new state, so the payload selection of a field
 * (`issueCreate { issue { identifier } }`) reads the rows as they are after that write.
 */
export interface WriteContext extends LinearContext {
  state: State;
  readonly actor: Actor;
  readonly env: WriteEnvironment;
  readonly patch: PatchOp[];
}

/** One group of mutations: their resolvers and their documented rules (docs/replicas.md). */
export interface MutationGroup {
  resolvers: Record<string, Resolver>;
  operations: readonly WriteOperation[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The server time of this call as Linear serialises it (ISO 8601, milliseconds, `Z`). */
export function nowOf(context: WriteContext): string {
  return context.env.now().toISOString();
}

/**
 * Applies row changes to the working state and moves the view to the new state. A change
 * the state refuses is a bug of this model, not of the request: it surfaces as a server error.
 */
export function commit(context: WriteContext, ops: readonly PatchOp[]): void {
  if (ops.length === 0) return;
  const { state, errors } = context.state.apply([...ops]);
  if (errors.length > 0)
    throw internalError(
      `Linear write model produced an inapplicable change: ${errors[0]!.message}`,
    );
  context.state = state;
  context.patch.push(...ops);
  context.view = new LinearView(state, context.actor.id);
}

/** Linear's `lastSyncId`: a number that grows with every write; here the clock in seconds. */
export function lastSyncId(context: WriteContext): number {
  return Math.floor(context.env.now().getTime() / 1000);
}

/** An INVALID_INPUT refusal ("Argument Validation Error" in Linear's wording). */
export function invalidInput(message: string): GraphQLError {
  return linearError('INVALID_INPUT', `Argument Validation Error: ${message}`, message);
}

/** A FORBIDDEN refusal: the entity is visible but the actor may not do this to it. */
export function forbidden(message: string): GraphQLError {
  return linearError('FORBIDDEN', `Forbidden: ${message}`, message);
}

/** Linear refuses to modify an archived or trashed entity until it is restored. */
export function refuseArchived(row: Row, entity: string): void {
  if (isArchived(row))
    throw invalidInput(
      `${entity} ${text(row, 'identifier') ?? text(row, 'name') ?? text(row, 'id') ?? ''} is archived; unarchive it before changing it.`,
    );
}

/** A visible, unarchived row, or Linear's refusal (not found for what the actor cannot see). */
export function live(row: Row | undefined, entity: string): Row {
  if (row === undefined) throw entityNotFound(entity);
  refuseArchived(row, entity);
  return row;
}

/**
 * The id of a new entity: the client's own UUID when the input gives one (Linear accepts an
 * `id` on create inputs), else the next UUID of the id stream.
 */
export function newId(
  context: WriteContext,
  table: string,
  given: string | null | undefined,
  fresh: () => string,
): string {
  if (given === undefined || given === null) return fresh();
  if (!UUID.test(given)) throw invalidInput(`id must be a UUID, got ${JSON.stringify(given)}.`);
  if (context.state.hasTable(table) && context.state.get(table, { id: given }))
    throw invalidInput(`an entity with id ${given} already exists.`);
  return given;
}

/** The organisation's URL key (`https://linear.app/<key>/…`). */
export function urlKeyOf(context: WriteContext): string {
  return text(context.view.organization() ?? {}, 'urlKey') ?? 'workspace';
}

/** A visible team the actor may write into: not archived. */
export function writableTeam(context: WriteContext, teamId: string): Row {
  return live(context.view.teamByIdOrKey(teamId), 'Team');
}

/** Whether a column holds a value (not missing, not null). */
export function present(row: Row, column: string): boolean {
  return (row[column] ?? null) !== null;
}
