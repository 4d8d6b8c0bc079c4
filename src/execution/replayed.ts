import type { ProgramRef } from '../contract/case.js';
import type { StartPointName } from '../schema/execution.js';
import type { PolicyOutcome } from './replay.js';

/** A cohort of start points: natural ends, checkpoints, or both. */
export type Cohort = StartPointName | 'all';
export const COHORTS: readonly Cohort[] = ['natural', 'checkpoint', 'all'];

/** One start point replayed under one policy (for gate policies: one program's gate). */
export interface ReplayedStartPoint {
  task: string;
  family: string;
  run: string;
  start: StartPointName;
  /** The gate's program, for `program-gate` and `online-gate`. */
  program?: ProgramRef;
  outcome: PolicyOutcome;
}

/** Identity of a start point across chains, traces and replays. */
export const chainKey = (entry: { task: string; run: string; start: string }) =>
  JSON.stringify([entry.task, entry.run, entry.start]);
export const programKey = (program: ProgramRef) => JSON.stringify([program.set, program.id]);
