import { getReferenceKind } from '../reference/reference-kinds.js';
import { referenceProblems } from '../reference/static-problems.js';
import { ManifestSchema } from '../schema/manifest.js';
import type { Patch } from '../schema/patch.js';
import { type Seed, SeedSchema } from '../schema/seed.js';
import type { Service } from '../schema/service.js';
import {
  type ConditionName,
  type Outcome,
  type Task,
  type TaskFile,
  TaskSchema,
} from '../schema/task.js';
import { serviceWriteModel } from '../services/registry.js';
import type { WriteModel } from '../services/write-model.js';
import { State } from '../state/state.js';
import { checkPatch } from './apply-patch.js';
import { markReachedAtLoad } from './call-reachability.js';
import { checkInsertedRows, RECORDED_ROLES } from './check-inserted-rows.js';
import { checkSeedInvariants } from './check-invariants.js';
import { checkSeed } from './check-seed.js';
import { type CallDerivation, deriveState } from './derive-state.js';
import { loadExecutions } from './executions.js';
import { PACK_LIMITS } from './limits.js';
import { conditionsOf, outcomesOf, Pack, stateName } from './pack.js';
import { type PackError, PackLoadError } from './pack-error.js';
import { PackFiles, type PackSnapshot } from './pack-file.js';
import { readJsonFile } from './read-json.js';

export type LoadResult = { ok: true; pack: Pack } | { ok: false; errors: PackError[] };

export interface LoadOptions {
  /**
   * The write model that derives a service's `calls` into patches; defaults to the
   * registered one (`serviceWriteModel`). Tests inject their own.
   */
  writeModel?: (service: Service) => WriteModel | undefined;
  /** A snapshot of the folder: its bytes are what is loaded (the plan cache's key). */
  snapshot?: PackSnapshot;
}

async function taskIds(files: PackFiles, listed: string[] | undefined): Promise<string[]> {
  if (listed) {
    if (listed.length === 0)
      files.errors.push({
        file: 'pack.json',
        path: ['tasks'],
        code: 'no_tasks',
        message:
          'pack.json lists no tasks; list task ids, or omit `tasks` to take every tasks/*.json',
      });
    return listed;
  }
  const folder = await files.folder('tasks');
  if (folder === undefined) return [];
  if (!folder) {
    files.errors.push({
      file: 'tasks/',
      path: [],
      code: 'missing_file',
      message: 'the pack has no tasks/ folder and pack.json lists no tasks',
    });
    return [];
  }
  const ids = (await files.list('tasks'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
  if (ids.length === 0)
    files.errors.push({
      file: 'tasks/',
      path: [],
      code: 'no_tasks',
      message: 'the tasks/ folder holds no *.json file; a pack needs at least one task',
    });
  return ids;
}

/** Entries of a pack.json list that repeat an earlier one. */
function checkUnique(list: readonly string[], field: string, what: string, errors: PackError[]) {
  const first = new Map<string, number>();
  list.forEach((entry, index) => {
    const earlier = first.get(entry);
    if (earlier === undefined) first.set(entry, index);
    else
      errors.push({
        file: 'pack.json',
        path: [field, index],
        code: 'duplicate_id',
        message: `${what} "${entry}" is listed twice (also ${field}[${earlier}])`,
      });
  });
}

/**
 * Cross-file checks of one schema-valid task: seed, tables, patches, ids, witness, and the
 * service invariants of every state. Returns the before-states when every condition applies.
 */
function checkTask(
  task: TaskFile,
  seeds: Map<string, Seed>,
  seedStates: Map<string, State>,
  listedSeeds: readonly string[],
  file: string,
  derivation: CallDerivation,
  states: Map<string, State>,
): { task: Task; befores?: Map<ConditionName, State> } {
  const { errors } = derivation;
  // Until the states are derived, the task stands as written (patches of calls-only states empty).
  const unchecked = (): { task: Task } => ({ task: withWrittenPatches(task) });
  const seed = seeds.get(task.seed);
  // A listed seed that failed to load has its own errors; the task is not checked against it.
  if (!seed && listedSeeds.includes(task.seed)) return unchecked();
  if (!seed) {
    errors.push({
      file,
      path: ['seed'],
      code: 'unknown_seed',
      message: `seed "${task.seed}" is not in the pack (seeds: ${[...seeds.keys()].join(', ')})`,
    });
    return unchecked();
  }
  if (seed.service !== task.service) {
    errors.push({
      file,
      path: ['service'],
      code: 'service_mismatch',
      message: `task is for ${task.service} but seed "${seed.name}" is ${seed.service}`,
    });
  }
  if (task.reference.kind === 'declarative' && 'selectors' in task.reference) {
    for (const problem of referenceProblems(task.reference)) {
      errors.push({
        file,
        path: ['reference', ...problem.path],
        code: problem.kind,
        message: problem.message,
      });
    }
    for (const [name, selector] of Object.entries(task.reference.selectors)) {
      if (!Object.hasOwn(seed.tables, selector.table)) {
        errors.push({
          file,
          path: ['reference', 'selectors', name, 'table'],
          code: 'unknown_table',
          message: `selector "${name}" reads table "${selector.table}", which seed "${seed.name}" lacks`,
        });
      }
    }
  } else {
    const engine = getReferenceKind(task.reference.kind);
    if (!engine) {
      errors.push({
        file,
        path: ['reference', 'kind'],
        code: 'schema',
        message: `no reference engine is registered for kind "${task.reference.kind}"`,
      });
    } else {
      for (const problem of engine.validate((task.reference as { spec: unknown }).spec)) {
        errors.push({
          file,
          path: ['reference', 'spec', ...problem.path],
          code: problem.kind ?? 'schema',
          message: problem.message,
        });
      }
    }
  }
  const seedState = seedStates.get(seed.name)!;
  const befores = new Map<ConditionName, State>();
  const outcomes: Task['outcomes'] = { source: [] };
  let conditionsApply = true;
  for (const condition of conditionsOf(task as Task)) {
    const initialPatch = task.conditions[condition]!.patch;
    checkInsertedRows(seed, initialPatch, file, ['conditions', condition, 'patch'], errors);
    const earlier = errors.length;
    const before = checkPatch(
      seedState,
      initialPatch,
      file,
      ['conditions', condition, 'patch'],
      `${task.id} condition ${condition}`,
      errors,
    );
    // Invariant errors leave the state whole; patch errors leave it partial.
    conditionsApply &&= errors.slice(earlier).every((error) => error.code === 'invariant');
    befores.set(condition, before);
    states.set(stateName.before(task.id, condition), before);
    const seen = new Set<string>();
    const derived: Outcome[] = [];
    (task.outcomes[condition] ?? []).forEach((outcome, index) => {
      if (seen.has(outcome.id)) {
        errors.push({
          file,
          path: ['outcomes', condition, index, 'id'],
          code: 'duplicate_id',
          message: `outcome id "${outcome.id}" appears twice under ${condition}`,
        });
      }
      seen.add(outcome.id);
      const recorded = RECORDED_ROLES.has(outcome.role);
      // A recorded outcome is what the recording backend wrote, kept as it is: an imported
      // Agent-Diff run may hold a state the real service would not (docs/pack-format.md).
      const { patch, after } = deriveState(
        derivation,
        {
          service: task.service,
          actor: task.actor,
          before,
          file,
          at: ['outcomes', condition, index],
          stream: `${task.id}/${condition}/${outcome.id}`,
          what: `${task.id} ${condition}/${outcome.id}`,
          invariants: !recorded,
          completeRowsOf: recorded ? undefined : seed,
        },
        outcome,
      );
      derived.push({ ...outcome, patch });
      states.set(stateName.after(task.id, condition, outcome.id), after);
    });
    if (task.outcomes[condition]) outcomes[condition] = derived;
  }
  for (const condition of ['background', 'related'] as const) {
    if (task.outcomes[condition] && !task.conditions[condition]) {
      errors.push({
        file,
        path: ['outcomes', condition],
        code: 'schema',
        message: `outcomes for ${condition} but no ${condition} condition`,
      });
    }
  }
  let witness: Task['witness'] = task.witness;
  if (task.witness) {
    const decisionIndex = outcomes.source.findIndex(
      (outcome) => outcome.id === task.witness!.decision,
    );
    const decision = outcomes.source[decisionIndex];
    if (!decision) {
      errors.push({
        file,
        path: ['witness', 'decision'],
        code: 'unknown_outcome',
        message: `witness decision "${task.witness.decision}" is not a source outcome`,
      });
    } else if (!task.conditions.related) {
      errors.push({
        file,
        path: ['witness'],
        code: 'schema',
        message: 'a witness needs a related condition to replay on',
      });
    } else {
      const replayed = witnessReplay(task, decision, decisionIndex, befores, derivation, file);
      if (replayed.patch) witness = { ...task.witness, replay: replayed.patch };
      states.set(stateName.witnessReplay(task.id), replayed.after);
    }
  }
  return {
    task: { ...task, outcomes, witness },
    befores: conditionsApply ? befores : undefined,
  };
}

/**
 * The witness replay on the related before-state (docs/pack-format.md, "The witness"): the
 * witness's own calls if it has them, else the decision's calls, else the decision's literal
 * patch. `patch` is set when the replay was derived from calls.
 */
function witnessReplay(
  task: TaskFile,
  decision: Outcome,
  decisionIndex: number,
  befores: Map<ConditionName, State>,
  derivation: CallDerivation,
  file: string,
): { patch?: Patch; after: State } {
  const before = befores.get('related')!;
  const what = `${task.id} witness: replaying source/${decision.id} on the related before-state`;
  const own = task.witness!.calls;
  const calls = own ?? (task.outcomes.source[decisionIndex]!.calls as Outcome['calls']);
  if (!calls)
    // The failing operation is in the decision's own patch: point there, not into the id string.
    return {
      after: checkPatch(
        before,
        decision.patch,
        file,
        ['outcomes', 'source', decisionIndex, 'patch'],
        what,
        derivation.errors,
      ),
    };
  return deriveState(
    derivation,
    {
      service: task.service,
      actor: task.actor,
      before,
      file,
      // A refused replay call is named where it is written: the witness's or the decision's.
      at: own ? ['witness'] : ['outcomes', 'source', decisionIndex],
      stream: `${task.id}/witness`,
      what,
      invariants: true,
    },
    { calls },
  );
}

/** A task as written, typed as loaded: a state written only as calls has no patch yet (empty). */
function withWrittenPatches(task: TaskFile): Task {
  const outcomes: Task['outcomes'] = { source: [] };
  for (const condition of ['source', 'background', 'related'] as const) {
    const list = task.outcomes[condition];
    if (list)
      outcomes[condition] = list.map((outcome) => ({ ...outcome, patch: outcome.patch ?? [] }));
  }
  return { ...task, outcomes, witness: task.witness };
}

/**
 * Load and validate a pack folder; every problem in every file is reported, not only the
 * first. With a snapshot of the folder, its bytes are what is loaded (the plan cache's key).
 */
export async function loadPack(dir: string, options: LoadOptions = {}): Promise<LoadResult> {
  const errors: PackError[] = [];
  const files = new PackFiles(dir, errors, options.snapshot);
  const manifest = await readJsonFile(
    files,
    'pack.json',
    ManifestSchema,
    PACK_LIMITS.manifestBytes,
  );
  if (!manifest) return { ok: false, errors };
  checkUnique(manifest.seeds, 'seeds', 'seed', errors);
  const derivation: CallDerivation = {
    clock: manifest.calls,
    writeModel: options.writeModel ?? serviceWriteModel,
    errors,
  };
  if (manifest.tasks) checkUnique(manifest.tasks, 'tasks', 'task', errors);

  const seeds = new Map<string, Seed>();
  // One state per seed: every task's states derive from it and share its invariant checks.
  const seedStates = new Map<string, State>();
  // Every state checked here, handed to the pack when it loads (it would build them again).
  const states = new Map<string, State>();
  for (const [index, name] of manifest.seeds.entries()) {
    if (seeds.has(name)) continue;
    const file = `seeds/${name}.json`;
    const seed = await readJsonFile(files, file, SeedSchema, PACK_LIMITS.seedBytes);
    if (!seed) continue;
    if (seed.name !== name) {
      errors.push({
        file,
        path: ['name'],
        code: 'schema',
        message: `seed is named "${seed.name}" but pack.json lists it as "${name}" (seeds[${index}])`,
      });
    }
    const before = errors.length;
    checkSeed(seed, file, errors);
    const seedState = State.fromSeed(seed);
    // A seed whose keys are broken has those errors; its rows are not checked further.
    if (errors.length === before) checkSeedInvariants(seed, seedState, file, errors);
    seeds.set(name, seed);
    seedStates.set(name, seedState);
    states.set(stateName.seed(name), seedState);
  }

  const tasks: Task[] = [];
  const taskBefores = new Map<string, Map<ConditionName, State>>();
  const ids = [...new Set(await taskIds(files, manifest.tasks))];
  for (const id of ids) {
    const file = `tasks/${id}.json`;
    const task = await readJsonFile(files, file, TaskSchema, PACK_LIMITS.taskBytes);
    if (!task) continue;
    if (task.id !== id)
      errors.push({
        file,
        path: ['id'],
        code: 'schema',
        message: `task id "${task.id}" does not match its file name (${id})`,
      });
    const checked = checkTask(task, seeds, seedStates, manifest.seeds, file, derivation, states);
    if (checked.befores) taskBefores.set(task.id, checked.befores);
    tasks.push(checked.task);
  }

  const byId = new Map(tasks.map((task) => [task.id, task]));
  manifest.timingPanel.forEach((ref, index) => {
    const task = byId.get(ref.task);
    const at = ['timingPanel', index];
    if (!task) {
      if (ids.includes(ref.task)) return; // the task file already has its own errors
      errors.push({
        file: 'pack.json',
        path: [...at, 'task'],
        code: 'unknown_task',
        message: `timing panel names task "${ref.task}", which the pack lacks`,
      });
    } else if (!outcomesOf(task, ref.condition).some((outcome) => outcome.id === ref.outcome)) {
      errors.push({
        file: 'pack.json',
        path: [...at, 'outcome'],
        code: 'unknown_outcome',
        message: `timing panel names ${ref.task} ${ref.condition}/${ref.outcome}, which the task lacks`,
      });
    }
  });

  // Branches start from the before-states checked above (and share their invariant checks).
  const executions = await loadExecutions(files, byId, derivation, (task) => {
    const befores = taskBefores.get(task.id);
    return befores && ((condition) => befores.get(condition)!);
  });

  if (errors.length > 0) return { ok: false, errors };
  const pack = new Pack(dir, manifest, seeds, tasks, executions, states);
  markReachedAtLoad(pack, reachedByCalls(tasks));
  return { ok: true, pack };
}

/** The outcomes a pack without errors derived from calls: each of their calls succeeded. */
function reachedByCalls(tasks: readonly Task[]): Set<string> {
  const names = new Set<string>();
  for (const task of tasks)
    for (const condition of conditionsOf(task))
      for (const outcome of outcomesOf(task, condition))
        if (outcome.calls) names.add(stateName.after(task.id, condition, outcome.id));
  return names;
}

/** Load a pack or throw a PackLoadError listing every problem. */
export async function loadPackOrThrow(dir: string, options: LoadOptions = {}): Promise<Pack> {
  const result = await loadPack(dir, options);
  if (!result.ok) throw new PackLoadError(dir, result.errors);
  return result.pack;
}
