import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ProgramRef } from '../contract/case.js';
import { AgentProofBenchError } from '../contract/error.js';
import type { ConditionName } from '../schema/task.js';
import { readProgramMeta } from './program-meta.js';

/** One frozen verifier program for one task, and where its code is. */
export interface ProgramForTask {
  task: string;
  program: ProgramRef;
  /** Absolute path of the module (or `.py` file) to run. */
  module: string;
  /** Construction cost C from the program's sidecar `<file>.meta.json`, or its set's. */
  constructionCost?: number;
}

export interface ProgramPatternOptions {
  /** Program set name for paired comparison (default `default`). */
  set?: string;
  builtOn?: ConditionName;
  /** Construction cost C of every program of the set, unless its sidecar gives one. */
  constructionCost?: number;
  cwd?: string;
}

/** Program ref and cost of one module: the sidecar `<file>.meta.json` overrides the set's values. */
function programFor(
  task: string,
  id: string,
  module: string,
  options: ProgramPatternOptions & { set: string },
): ProgramForTask {
  const meta = readProgramMeta(module);
  const builtOn = meta.builtOn ?? options.builtOn;
  const constructionCost = meta.constructionCost ?? options.constructionCost;
  return {
    task,
    program: { id, set: options.set, ...(builtOn ? { builtOn } : {}) },
    module,
    ...(constructionCost !== undefined ? { constructionCost } : {}),
  };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Resolve a verifier option to programs per task. Three forms:
 * - `verifiers/all.ts`: one module handles every task (one program per task);
 * - `verifiers/{task}.ts`: one module per task; tasks without a file have no program;
 * - `verifiers/{task}.{replica}.ts`: several replicate programs per task (`linear_52.r1`, …).
 */
export function resolvePrograms(
  pattern: string,
  taskIds: readonly string[],
  options: ProgramPatternOptions = {},
): ProgramForTask[] {
  const cwd = options.cwd ?? process.cwd();
  const set = options.set ?? 'default';
  const absolute = path.resolve(cwd, pattern);
  const resolved = { ...options, set };
  if (!pattern.includes('{task}')) {
    if (!existsSync(absolute))
      throw new AgentProofBenchError(
        'APB_VERIFIER_NOT_FOUND',
        `verifier module ${absolute} does not exist`,
        {
          fix: 'create it, or give a pattern such as verifiers/{task}.ts for one module per task',
        },
      );
    const id = path.basename(absolute).replace(/\.[^.]+$/, '');
    return taskIds.map((task) => programFor(task, id, absolute, resolved));
  }
  const dir = path.dirname(absolute);
  const filePattern = path.basename(absolute);
  if (dir.includes('{task}') || dir.includes('{replica}')) {
    throw new AgentProofBenchError(
      'APB_VERIFIER_PATTERN',
      `{task} and {replica} may only appear in the file name of "${pattern}"`,
      { fix: 'keep one folder for all programs, e.g. verifiers/{task}.{replica}.ts' },
    );
  }
  const files = existsSync(dir) ? readdirSync(dir).sort() : [];
  const programs: ProgramForTask[] = [];
  for (const task of taskIds) {
    const regex = new RegExp(
      `^${escapeRegex(filePattern).replace(escapeRegex('{task}'), escapeRegex(task)).replace(escapeRegex('{replica}'), '([A-Za-z0-9_-]+)')}$`,
    );
    for (const file of files) {
      const match = regex.exec(file);
      if (!match) continue;
      const replica = match[1];
      programs.push(
        programFor(task, replica ? `${task}.${replica}` : task, path.join(dir, file), resolved),
      );
    }
  }
  return programs;
}
