import path from 'node:path';
import { type JudgeConfig, JudgeConfigSchema } from '../schema/model-config.js';
import { loadModelConfig, parseModelConfig } from './model-config-file.js';

/** `judge:<config.json>` names an online judge wherever a verifier path is accepted. */
export const JUDGE_PREFIX = 'judge:';

export function isJudgeReference(reference: string): boolean {
  return reference.startsWith(JUDGE_PREFIX);
}

/** The config file's absolute path, for `judge:<file>` given relative to `cwd`. */
export function judgeConfigPath(reference: string, cwd: string = process.cwd()): string {
  return path.resolve(cwd, reference.slice(JUDGE_PREFIX.length));
}

/** `judge:<file>` with the file path made absolute (records then do not depend on the cwd). */
export function absoluteJudgeReference(reference: string, cwd: string = process.cwd()): string {
  return `${JUDGE_PREFIX}${judgeConfigPath(reference, cwd)}`;
}

export const parseJudgeConfig = (value: unknown, source: string): JudgeConfig =>
  parseModelConfig(JudgeConfigSchema, value, source);

/** Read and validate the config a `judge:<file>` reference names. */
export const loadJudgeConfig = (file: string): JudgeConfig =>
  loadModelConfig(JudgeConfigSchema, file);
