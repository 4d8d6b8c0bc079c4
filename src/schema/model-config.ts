import { z } from 'zod';

/** Default number of model calls a judge may make for one evaluation (docs/judge.md). */
export const DEFAULT_JUDGE_ROUNDS = 12;

/** Default cap on one model answer's body, bytes (docs/judge.md, Limits): a chat completion is small. */
export const DEFAULT_MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** USD per million tokens; what the provider charges, as the user states it. */
export const TokenPriceSchema = z
  .object({
    inputPerMillion: z.number().min(0).describe('USD per million prompt (input) tokens'),
    outputPerMillion: z.number().min(0).describe('USD per million completion (output) tokens'),
  })
  .strict();
export type TokenPrice = z.infer<typeof TokenPriceSchema>;

/**
 * The model client settings shared by the online judge and the built-in generator. No key
 * field on purpose: a key lives only in an environment variable, so a config file can be
 * committed, printed and put in a report (docs/judge.md).
 */
export const ModelSettingsSchema = z
  .object({
    model: z
      .string()
      .min(1)
      .optional()
      .describe('model name; default: $AGENTPROOFBENCH_JUDGE_MODEL, then $OPENAI_MODEL'),
    baseUrl: z
      .string()
      .url()
      .optional()
      .describe(
        'OpenAI-compatible API base, e.g. http://localhost:11434/v1; default: $AGENTPROOFBENCH_JUDGE_BASE_URL, then $OPENAI_BASE_URL, then the OpenAI API',
      ),
    apiKeyEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name')
      .optional()
      .describe(
        'name of the environment variable holding the key; default: AGENTPROOFBENCH_JUDGE_API_KEY, then OPENAI_API_KEY',
      ),
    price: TokenPriceSchema.default({ inputPerMillion: 0, outputPerMillion: 0 }).describe(
      'token price used for the cost of every call',
    ),
    temperature: z.number().min(0).max(2).optional(),
    maxTokens: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('completion-token cap of one model call (max_tokens)'),
    requestTimeoutMs: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('time limit of one model call; the evaluation limit still applies'),
    maxAnswerBytes: z
      .number()
      .int()
      .min(1024)
      .max(256 * 1024 * 1024)
      .default(DEFAULT_MAX_ANSWER_BYTES)
      .describe(
        'largest body of one model answer, bytes; a larger answer is not read (the evaluation is an exception)',
      ),
    maxRetries: z
      .number()
      .int()
      .min(0)
      .max(10)
      .default(2)
      .describe(
        'retries of a call that failed with 429/5xx/connection errors (honours retry-after)',
      ),
  })
  .strict();
export type ModelSettings = z.infer<typeof ModelSettingsSchema>;

/** Most model calls of one evaluation or one construction; the last call may not use tools. */
const roundsSchema = (what: string) =>
  z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(DEFAULT_JUDGE_ROUNDS)
    .describe(`most model calls per ${what}; the last one may not call tools`);

/** A judge config file (`--verifier judge:judge.json`): an online LLM judge as a verifier. */
export const JudgeConfigSchema = ModelSettingsSchema.extend({
  rounds: roundsSchema('evaluation'),
  answer: z
    .enum(['text', 'json'])
    .default('text')
    .describe(
      'final answer form: text ends with "VERDICT: pass|fail|unknown"; json is the verifier result object',
    ),
  name: z
    .string()
    .regex(/^[\w.-]+$/, 'letters, digits, _ . - only')
    .optional()
    .describe('program id in reports (default: the config file name)'),
}).strict();
export type JudgeConfig = z.infer<typeof JudgeConfigSchema>;
export type JudgeConfigInput = z.input<typeof JudgeConfigSchema>;

/** The built-in generator's config (`--generator builtin:<config.json>`). */
export const GeneratorConfigSchema = ModelSettingsSchema.extend({
  rounds: roundsSchema('program'),
  language: z
    .enum(['ts', 'py'])
    .default('ts')
    .describe('language the generated programs are written in'),
}).strict();
export type GeneratorConfig = z.infer<typeof GeneratorConfigSchema>;
