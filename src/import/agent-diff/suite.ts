import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { AgentProofBenchError } from '../../contract/error.js';
import { IgnoreFieldsSchema } from '../../reference/legacy-diff/spec.js';
import { ServiceSchema } from '../../schema/service.js';
import { checkImportedJson } from './json-values.js';

/**
 * A seed template names `seeds/<service>/<name>.json` under the data folder and the pack's
 * `seeds/<name>.json`: one file name, so no separator and no leading dot (`..` would read
 * outside --data and write outside --out).
 */
export const SEED_TEMPLATE_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** One test of an Agent-Diff suite; its assertions are checked when the reference is validated. */
export const SuiteTestSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().default(''),
    prompt: z.string().min(1),
    seed_template: z
      .string()
      .regex(
        SEED_TEMPLATE_PATTERN,
        'a seed template is one file name: letters, digits, _ . - only, not starting with a dot or dash',
      ),
    impersonate_user_id: z.union([z.string(), z.number()]).transform(String),
    assertions: z.array(z.unknown()),
  })
  .loose();
export type SuiteTest = z.infer<typeof SuiteTestSchema>;

/** `testsuites/<name>.json`: a service's tests with the suite-wide ignored columns. */
export const SuiteSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().default(''),
    description: z.string().optional(),
    service: ServiceSchema,
    ignore_fields: IgnoreFieldsSchema.default({}),
    tests: z.array(SuiteTestSchema),
  })
  .loose();
export type Suite = z.infer<typeof SuiteSchema>;

export class SuiteFileError extends AgentProofBenchError {
  constructor(file: string, detail: string) {
    super(
      'APB_AGENT_DIFF_SUITE',
      `${file} is not an Agent-Diff suite (expected {id, service, ignore_fields, tests: [{id, prompt, seed_template, impersonate_user_id, assertions}]}): ${detail}`,
      { fix: 'pass an Agent-Diff test suite file, or correct the field named' },
    );
    this.name = 'SuiteFileError';
  }
}

export function parseSuite(data: unknown, file: string): Suite {
  const parsed = SuiteSchema.safeParse(data);
  if (!parsed.success) {
    throw new SuiteFileError(
      file,
      parsed.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; '),
    );
  }
  return parsed.data;
}

export async function readSuite(file: string): Promise<Suite> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new SuiteFileError(file, (error as Error).message);
  }
  checkImportedJson(data, file);
  return parseSuite(data, file);
}
