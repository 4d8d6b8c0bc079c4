import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { getReferenceKind } from '../reference/reference-kinds.js';
import { ManifestSchema } from '../schema/manifest.js';
import type { Patch } from '../schema/patch.js';
import { type Seed, SeedSchema } from '../schema/seed.js';
import { type ConditionName, type Task, TaskSchema } from '../schema/task.js';
import { State } from '../state/state.js';
import { loadExecutions } from './executions.js';
import { conditionsOf, outcomesOf, Pack } from './pack.js';
import { type PackError, PackLoadError } from './pack-error.js';
import { readJsonFile } from './read-json.js';

export type LoadResult = { ok: true; pack: Pack } | { ok: false; errors: PackError[] };

async function taskIds(
  dir: string,
  listed: string[] | undefined,
  errors: PackError[],
): Promise<string[]> {
  if (listed) return listed;
  try {
    const files = await readdir(path.join(dir, 'tasks'));
    return files
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length))
      .sort();
  } catch {
    errors.push({
      file: 'tasks/',
      path: [],
      code: 'missing_file',
      message: 'the pack has no tasks/ folder and pack.json lists no tasks',
    });
    return [];
  }
}

function checkPatch(
  base: State,
  patch: Patch,
  file: string,
  at: Array<string | number>,
  what: string,
  errors: PackError[],
): State {
  const { state, errors: patchErrors } = base.apply(patch);
  for (const error of patchErrors) {
    errors.push({
      file,
      path: [...at, error.opIndex],
      code: error.code === 'unknown_table' ? 'unknown_table' : 'patch',
      message: `${what}, patch op ${error.opIndex}: ${error.message}`,
    });
  }
  return state;
}

/** Cross-file checks of one schema-valid task: seed, tables, patches, ids, witness. */
function checkTask(task: Task, seeds: Map<string, Seed>, file: string, errors: PackError[]): void {
  const seed = seeds.get(task.seed);
  if (!seed) {
    errors.push({
      file,
      path: ['seed'],
      code: 'unknown_seed',
      message: `seed "${task.seed}" is not in the pack (seeds: ${[...seeds.keys()].join(', ')})`,
    });
    return;
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
          code: 'schema',
          message: problem.message,
        });
      }
    }
  }
  const seedState = State.fromSeed(seed);
  const befores = new Map<ConditionName, State>();
  for (const condition of conditionsOf(task)) {
    const before = checkPatch(
      seedState,
      task.conditions[condition]!.patch,
      file,
      ['conditions', condition, 'patch'],
      `${task.id} condition ${condition}`,
      errors,
    );
    befores.set(condition, before);
    const seen = new Set<string>();
    outcomesOf(task, condition).forEach((outcome, index) => {
      if (seen.has(outcome.id)) {
        errors.push({
          file,
          path: ['outcomes', condition, index, 'id'],
          code: 'duplicate_id',
          message: `outcome id "${outcome.id}" appears twice under ${condition}`,
        });
      }
      seen.add(outcome.id);
      checkPatch(
        before,
        outcome.patch,
        file,
        ['outcomes', condition, index, 'patch'],
        `${task.id} ${condition}/${outcome.id}`,
        errors,
      );
    });
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
  if (task.witness) {
    const decision = outcomesOf(task, 'source').find(
      (outcome) => outcome.id === task.witness!.decision,
    );
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
      checkPatch(
        befores.get('related')!,
        decision.patch,
        file,
        ['witness', 'decision'],
        `${task.id} witness replay of ${decision.id} on related`,
        errors,
      );
    }
  }
}

/** Load and validate a pack folder; every problem in every file is reported, not only the first. */
export async function loadPack(dir: string): Promise<LoadResult> {
  const errors: PackError[] = [];
  const manifest = await readJsonFile(dir, 'pack.json', ManifestSchema, errors);
  if (!manifest) return { ok: false, errors };

  const seeds = new Map<string, Seed>();
  for (const [index, name] of manifest.seeds.entries()) {
    const file = `seeds/${name}.json`;
    const seed = await readJsonFile(dir, file, SeedSchema, errors);
    if (!seed) continue;
    if (seed.name !== name) {
      errors.push({
        file,
        path: ['name'],
        code: 'schema',
        message: `seed is named "${seed.name}" but pack.json lists it as "${name}" (seeds[${index}])`,
      });
    }
    seeds.set(name, seed);
  }

  const tasks: Task[] = [];
  const ids = await taskIds(dir, manifest.tasks, errors);
  for (const id of ids) {
    const file = `tasks/${id}.json`;
    const task = await readJsonFile(dir, file, TaskSchema, errors);
    if (!task) continue;
    if (task.id !== id)
      errors.push({
        file,
        path: ['id'],
        code: 'schema',
        message: `task id "${task.id}" does not match its file name (${id})`,
      });
    checkTask(task, seeds, file, errors);
    tasks.push(task);
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

  const executions = await loadExecutions(
    dir,
    byId,
    (task) => {
      const seed = seeds.get(task.seed);
      if (!seed) return undefined;
      const seedState = State.fromSeed(seed);
      const befores = new Map<ConditionName, State>();
      for (const condition of conditionsOf(task)) {
        const { state, errors: patchErrors } = seedState.apply(task.conditions[condition]!.patch);
        if (patchErrors.length > 0) return undefined;
        befores.set(condition, state);
      }
      return (condition) => befores.get(condition)!;
    },
    errors,
  );

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, pack: new Pack(dir, manifest, seeds, tasks, executions) };
}

/** Load a pack or throw a PackLoadError listing every problem. */
export async function loadPackOrThrow(dir: string): Promise<Pack> {
  const result = await loadPack(dir);
  if (!result.ok) throw new PackLoadError(dir, result.errors);
  return result.pack;
}
