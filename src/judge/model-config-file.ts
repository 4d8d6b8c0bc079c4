import { readFileSync } from 'node:fs';
import type { z } from 'zod';

/** A judge or generator config that cannot be used; the message names the file, the JSON path and the fix. */
export class ModelConfigError extends Error {
  readonly code = 'APB_MODEL_CONFIG';
  constructor(message: string) {
    super(`APB_MODEL_CONFIG: ${message}`);
    this.name = 'ModelConfigError';
  }
}

/** Validate a config object; a key in it is refused, since keys live only in the environment. */
export function parseModelConfig<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  source: string,
): z.infer<Schema> {
  if (typeof value === 'object' && value !== null && ('apiKey' in value || 'key' in value)) {
    throw new ModelConfigError(
      `${source}: a key does not belong in the config (it would reach files and reports); put it in $AGENTPROOFBENCH_JUDGE_API_KEY or name the variable with "apiKeyEnv"`,
    );
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new ModelConfigError(`${source}: ${problems}`);
  }
  return parsed.data;
}

/** Read and validate a judge or generator config file. */
export function loadModelConfig<Schema extends z.ZodType>(
  schema: Schema,
  file: string,
): z.infer<Schema> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ModelConfigError(`${file}: cannot read the judge config (does the file exist?)`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ModelConfigError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  return parseModelConfig(schema, value, file);
}
