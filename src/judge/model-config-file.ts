import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { AgentProofBenchError } from '../contract/error.js';

/** A judge or generator config that cannot be used: the problem names the file and JSON path. */
function configError(problem: string, fix: string): AgentProofBenchError {
  return new AgentProofBenchError('APB_MODEL_CONFIG', problem, { fix });
}

/** Validate a config object; a key in it is refused, since keys live only in the environment. */
export function parseModelConfig<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  source: string,
): z.infer<Schema> {
  if (typeof value === 'object' && value !== null && ('apiKey' in value || 'key' in value)) {
    throw configError(
      `${source}: a key does not belong in the config (it would reach files and reports)`,
      'put the key in $AGENTPROOFBENCH_JUDGE_API_KEY, or name its variable with "apiKeyEnv"',
    );
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw configError(
      `${source}: ${problems}`,
      'fix the fields named (docs/judge.md lists them); unknown fields are refused',
    );
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
    throw configError(
      `${file}: cannot read the config file`,
      'check the path after judge: or builtin:',
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw configError(
      `${file}: not valid JSON (${(error as Error).message})`,
      'write the config as one JSON object',
    );
  }
  return parseModelConfig(schema, value, file);
}
