import { AgentProofBenchError } from '../contract/error.js';
import type { Executions } from '../schema/execution.js';
import type { Manifest } from '../schema/manifest.js';
import type { Seed } from '../schema/seed.js';
import type { ConditionName, Outcome, Task } from '../schema/task.js';
import { State } from '../state/state.js';
import { applyOrThrow } from './apply-patch.js';

export interface StatePair {
  before: State;
  after: State;
}

/** The two pairs of the witness: the source decision, and its replay on `related`. */
export interface WitnessPairs {
  decision: Outcome;
  source: StatePair;
  replay: StatePair;
}

/** Conditions a task declares, in the canonical order. */
export function conditionsOf(task: Task): ConditionName[] {
  return (['source', 'background', 'related'] as const).filter(
    (condition) => task.conditions[condition] !== undefined,
  );
}

export function outcomesOf(task: Task, condition: ConditionName): Outcome[] {
  return task.outcomes[condition] ?? [];
}

/**
 * The names under which a pack keeps its states. Loading checks every patch by applying it,
 * so it hands the states it built to the pack under these names instead of building them again.
 */
export const stateName = {
  seed: (seed: string) => `seed:${seed}`,
  before: (task: string, condition: ConditionName) => `${task}:${condition}`,
  after: (task: string, condition: ConditionName, outcome: string) =>
    `${task}:${condition}:${outcome}`,
  witnessReplay: (task: string) => `${task}:witness-replay`,
};

/**
 * A loaded, validated pack. Every patch in it is known to apply, so the state accessors
 * do not fail; states are materialised lazily and cached (they share the seed's rows).
 */
export class Pack {
  readonly dir: string;
  readonly manifest: Manifest;
  readonly seeds: ReadonlyMap<string, Seed>;
  readonly tasks: readonly Task[];
  /** Recorded executions by task id (tasks without any are absent). */
  readonly executions: ReadonlyMap<string, Executions>;
  readonly #byId: Map<string, Task>;
  readonly #cache: Map<string, State>;

  /** `states`: states already built from this pack's seeds and patches, by `stateName`. */
  constructor(
    dir: string,
    manifest: Manifest,
    seeds: ReadonlyMap<string, Seed>,
    tasks: readonly Task[],
    executions: ReadonlyMap<string, Executions> = new Map(),
    states: ReadonlyMap<string, State> = new Map(),
  ) {
    this.#cache = new Map(states);
    this.dir = dir;
    this.manifest = manifest;
    this.seeds = seeds;
    this.tasks = tasks;
    this.executions = executions;
    this.#byId = new Map(tasks.map((task) => [task.id, task]));
  }

  task(id: string): Task {
    const task = this.#byId.get(id);
    if (!task)
      throw new AgentProofBenchError(
        'APB_UNKNOWN_TASK',
        `pack ${this.manifest.name} has no task "${id}" (tasks: ${[...this.#byId.keys()].join(', ')})`,
        { fix: 'use one of the task ids the message lists' },
      );
    return task;
  }

  hasTask(id: string): boolean {
    return this.#byId.has(id);
  }

  seedState(name: string): State {
    return this.#cached(stateName.seed(name), () => {
      const seed = this.seeds.get(name);
      if (!seed)
        throw new AgentProofBenchError(
          'APB_UNKNOWN_CASE',
          `pack ${this.manifest.name} has no seed "${name}"`,
          { fix: "name a seed of the pack's seeds/ folder" },
        );
      return State.fromSeed(seed);
    });
  }

  /** The before-state of a task under an initial condition. */
  before(task: Task, condition: ConditionName): State {
    return this.#cached(stateName.before(task.id, condition), () => {
      const initial = task.conditions[condition];
      if (!initial)
        throw new AgentProofBenchError(
          'APB_UNKNOWN_CASE',
          `task ${task.id} has no ${condition} condition`,
          { fix: 'use a condition the task has (its file lists them)' },
        );
      return applyOrThrow(this.seedState(task.seed), initial.patch, `${task.id} ${condition}`);
    });
  }

  outcome(task: Task, condition: ConditionName, outcomeId: string): Outcome {
    const outcome = outcomesOf(task, condition).find((candidate) => candidate.id === outcomeId);
    if (!outcome)
      throw new AgentProofBenchError(
        'APB_UNKNOWN_CASE',
        `task ${task.id} has no outcome "${outcomeId}" under ${condition}`,
        { fix: 'use an outcome id of that condition (the task file lists them)' },
      );
    return outcome;
  }

  /** Before- and after-state of one outcome of one condition's panel. */
  states(task: Task, condition: ConditionName, outcomeId: string): StatePair {
    const before = this.before(task, condition);
    const after = this.#cached(stateName.after(task.id, condition, outcomeId), () =>
      applyOrThrow(
        before,
        this.outcome(task, condition, outcomeId).patch,
        `${task.id} ${condition}/${outcomeId}`,
      ),
    );
    return { before, after };
  }

  witness(task: Task): WitnessPairs | undefined {
    if (!task.witness || !task.conditions.related) return undefined;
    const decision = this.outcome(task, 'source', task.witness.decision);
    const before = this.before(task, 'related');
    // Derived from calls at load when written so; otherwise the decision's literal row changes.
    const replay = task.witness.replay ?? decision.patch;
    const after = this.#cached(stateName.witnessReplay(task.id), () =>
      applyOrThrow(before, replay, `${task.id} witness replay`),
    );
    return {
      decision,
      source: this.states(task, 'source', decision.id),
      replay: { before, after },
    };
  }

  #cached(key: string, make: () => State): State {
    let state = this.#cache.get(key);
    if (!state) {
      state = make();
      this.#cache.set(key, state);
    }
    return state;
  }
}
