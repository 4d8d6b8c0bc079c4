import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ProgramRef } from '../contract/case.js';
import { AgentProofBenchError } from '../contract/error.js';
import {
  absoluteJudgeReference,
  isJudgeReference,
  JUDGE_PREFIX,
  judgeConfigPath,
  loadJudgeConfig,
} from '../judge/judge-reference.js';
import type { ConditionName } from '../schema/task.js';
import { readProgramMeta } from './program-meta.js';

/** One frozen verifier program for one task, and where its code is. */
export interface ProgramForTask {
  task: string;
  program: ProgramRef;
  /** Absolute path of the module (or `.py` file) to run, or `judge:<absolute config path>`. */
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

/** A verifier option made absolute against `root`; `judge:<file>` keeps its prefix. */
export function absoluteVerifierPattern(root: string, pattern: string): string {
  return isJudgeReference(pattern)
    ? absoluteJudgeReference(pattern, root)
    : path.resolve(root, pattern);
}

/** The file (or file pattern) on disk an absolute verifier pattern points at: a judge's is its config. */
export function verifierFilePattern(pattern: string): string {
  return isJudgeReference(pattern) ? judgeConfigPath(pattern) : pattern;
}

/** The inverse, for reports: relative to `root`, with `/` separators. */
export function relativeVerifierPattern(root: string, pattern: string): string {
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  return isJudgeReference(pattern)
    ? `${JUDGE_PREFIX}${relative(judgeConfigPath(pattern, root))}`
    : relative(pattern);
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

/** `text` as a regular expression that matches exactly it. */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Resolve a verifier option to programs per task. Three forms:
 * - `verifiers/all.ts`: one module handles every task (one program per task);
 * - `verifiers/{task}.ts`: one module per task; tasks without a file have no program;
 * - `verifiers/{task}.{replica}.ts`: several replicate programs per task (`linear_52.r1`, …).
 * And `judge:<config.json>`: an online LLM judge for every task.
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
  if (isJudgeReference(pattern)) {
    // A judge is one program for every task; it is not built, so its construction cost is 0.
    const file = judgeConfigPath(pattern, cwd);
    const id = loadJudgeConfig(file).name ?? path.basename(file, '.json');
    const module = absoluteJudgeReference(pattern, cwd);
    return taskIds.map((task) => ({ task, program: { id, set }, module, constructionCost: 0 }));
  }
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
