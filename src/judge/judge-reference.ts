import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type JudgeConfig, JudgeConfigSchema } from '../schema/judge-config.js';

/** `judge:<config.json>` names an online judge wherever a verifier path is accepted. */
export const JUDGE_PREFIX = 'judge:';

export function isJudgeReference(reference: string): boolean {
  return reference.startsWith(JUDGE_PREFIX);
}

/** A judge config that cannot be used; the message names the file, the JSON path and the fix. */
export class JudgeConfigError extends Error {
  readonly code = 'APB_JUDGE_CONFIG';
  constructor(message: string) {
    super(`APB_JUDGE_CONFIG: ${message}`);
    this.name = 'JudgeConfigError';
  }
}

/** The config file's absolute path, for `judge:<file>` given relative to `cwd`. */
export function judgeConfigPath(reference: string, cwd: string = process.cwd()): string {
  return path.resolve(cwd, reference.slice(JUDGE_PREFIX.length));
}

/** `judge:<file>` with the file path made absolute (records then do not depend on the cwd). */
export function absoluteJudgeReference(reference: string, cwd: string = process.cwd()): string {
  return `${JUDGE_PREFIX}${judgeConfigPath(reference, cwd)}`;
}

/** Validate a config object; a key in it is refused, since keys live only in the environment. */
export function parseJudgeConfig(value: unknown, source: string): JudgeConfig {
  if (typeof value === 'object' && value !== null && ('apiKey' in value || 'key' in value)) {
    throw new JudgeConfigError(
      `${source}: a key does not belong in the config (it would reach files and reports); put it in $AGENTPROOFBENCH_JUDGE_API_KEY or name the variable with "apiKeyEnv"`,
    );
  }
  const parsed = JudgeConfigSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new JudgeConfigError(`${source}: ${problems}`);
  }
  return parsed.data;
}

/** Read and validate the config a `judge:<file>` reference names. */
export function loadJudgeConfig(file: string): JudgeConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new JudgeConfigError(`${file}: cannot read the judge config (does the file exist?)`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new JudgeConfigError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  return parseJudgeConfig(value, file);
}
