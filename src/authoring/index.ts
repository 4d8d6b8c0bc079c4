/**
 * Writing task packs in code (docs/pack-format.md, Authoring): look rows up by name in a
 * seed, build row patches the way each service's API writes them, label outcomes, and write
 * or check the generated JSON. The built-in packs' generators (packs/) use exactly this.
 */

// A pack's conditions, outcomes and composition, as its README describes them.
export { countList, type PackComposition, packComposition } from '../pack/composition.js';
export { conditionsOf, outcomesOf } from '../pack/pack.js';
// Running calls through a service's write model, step by step (deriveCalls is the short form).
export {
  type CallFailure,
  type CallSequenceResult,
  type CallStep,
  describeCallFailure,
  runCalls,
} from '../pack/run-calls.js';
// Everything else a generator needs, so that a pack's authoring code imports this entry point
// only (docs/pack-format.md, "Authoring"; the built-in packs' code under packs/ does).
// The pack format's types and schemas:
export { type ApiCall, ApiCallSchema, type CallClock, CallClockSchema } from '../schema/call.js';
export {
  BRANCHES,
  type Executions,
  type ExecutionsFile,
  ExecutionsSchema,
  type Run,
  START_POINTS,
  type Stage,
  type StartPoint,
  type Usage,
} from '../schema/execution.js';
export type { JsonValue, Row } from '../schema/json.js';
export type { Manifest, StateRef } from '../schema/manifest.js';
export type { Patch, PatchOp } from '../schema/patch.js';
export type {
  Category,
  Check,
  DeclarativeReference,
  Selector,
  Where,
} from '../schema/reference.js';
export { type Seed, SeedSchema, type SeedTable } from '../schema/seed.js';
export { SERVICES, type Service } from '../schema/service.js';
export {
  type Actor,
  type ConditionName,
  type InitialCondition,
  type Outcome,
  type OutcomeFile,
  type RelatedChange,
  type Role,
  type Task,
  type TaskFile,
  TaskSchema,
  TRAPS,
  type Trap,
} from '../schema/task.js';
// Reading committed task and execution files back with their patches (pack-level generators).
export { executionsWithPatches, taskWithPatches } from '../schema/with-patches.js';
// Google Calendar's wall-clock arithmetic in an IANA zone, as the replica computes it.
export { formatInZone, wallToInstant } from '../services/calendar/time-zones.js';
// Each service's storage tables and their keys (what a seed must hold), and its write model.
export { serviceTableKeys, serviceWriteModel } from '../services/registry.js';
export type { WriteModel } from '../services/write-model.js';
export { diffStates } from '../state/diff.js';
export type { State } from '../state/state.js';
export * as box from './box.js';
export * as calendar from './calendar.js';
export { type DerivedCalls, deriveCalls } from './derive-calls.js';
export {
  type GeneratedFile,
  jsonText,
  type StaleFile,
  seedFile,
  staleGeneratedFiles,
  taskFile,
  writeGeneratedFiles,
} from './generated-file.js';
export { type IdSequenceOptions, idSequence } from './id-sequence.js';
export * as linear from './linear.js';
export { findRow, findRows, idOf, only, type RowMatch } from './lookup.js';
export { alternative, complete, fault, natural, outcome, prefix } from './outcomes.js';
export { declarativeReference, unchangedCheck } from './reference.js';
export { applyPatch, readSeed, seedState, stateFromSeed } from './seed-state.js';
export { brokenServiceRules } from './service-rules.js';
export * as slack from './slack.js';
