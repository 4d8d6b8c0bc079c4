import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AgentProofBenchError } from '../../../contract/error.js';
import { type JsonValue, JsonValueSchema } from '../../../schema/json.js';

/** An assertion number (1-based, as the construction report names `assertion#N`). */
const AssertionNumber = z
  .string()
  .regex(/^[1-9][0-9]*$/, 'an assertion number (1, 2, ...) as the report names assertion#N');

const FieldValues = z.record(z.string().min(1), JsonValueSchema);

/**
 * A per-task plan file (docs/agent-diff.md, "Plan files"): what construction cannot derive from
 * the assertions and the instruction. Every part is optional; a plan never loosens a check.
 */
export const TaskPlanSchema = z
  .object({
    /** The task id; must equal the file's name without `.json`. */
    task: z.string().min(1),
    /**
     * Values a recipe writes for a field whose predicate says too little (a regex, no operand, a
     * direct message's recipient `users`), per assertion number. A value the predicate gives wins.
     */
    values: z.record(AssertionNumber, FieldValues).default({}),
    /** Values a fault writes instead of the derived candidates, per assertion number and field. */
    alternatives: z
      .record(AssertionNumber, z.record(z.string().min(1), z.array(JsonValueSchema).min(1)))
      .default({}),
    /**
     * Literal ids the instruction names but the stale-binding lint did not bind: the row
     * `value` of `table` is the one `where` selects. Checked as every binding is (the name is in
     * the instruction and unique in both before-states).
     */
    bindings: z
      .array(
        z
          .object({
            value: z.string().min(1),
            table: z.string().min(1),
            keyColumn: z.string().min(1).default('id'),
            where: z
              .record(z.string().min(1), JsonValueSchema)
              .refine((where) => Object.keys(where).length > 0, 'at least one column'),
          })
          .strict(),
      )
      .default([]),
  })
  .strict();

export type TaskPlan = z.infer<typeof TaskPlanSchema>;

export class PlanFileError extends AgentProofBenchError {
  constructor(file: string, where: string, detail: string) {
    super('APB_AGENT_DIFF_PLAN', `${file}${where}: ${detail}`, {
      fix: 'correct the plan file at the JSON path named (docs/agent-diff.md, "Plan files")',
    });
    this.name = 'PlanFileError';
  }
}

function jsonPath(segments: ReadonlyArray<PropertyKey>): string {
  return segments
    .map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`))
    .join('');
}

/** Parse one plan file's text; a bad file names the file, the JSON path and what was expected. */
export function parseTaskPlan(file: string, text: string): TaskPlan {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new PlanFileError(file, '', `not JSON (${(error as Error).message})`);
  }
  const parsed = TaskPlanSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // A bad record key carries the key schema's own message one level down (zod 4).
    const nested = (issue as { issues?: Array<{ message: string }> }).issues?.[0]?.message;
    throw new PlanFileError(
      file,
      ` at $${jsonPath(issue.path)}`,
      `expected ${issue.code === 'invalid_key' && nested ? nested : issue.message}`,
    );
  }
  const expected = path.basename(file, '.json');
  if (parsed.data.task !== expected)
    throw new PlanFileError(
      file,
      ' at $.task',
      `expected the file's own task id "${expected}", got "${parsed.data.task}"`,
    );
  return parsed.data;
}

/** A plan and the file it came from (the construction report names the file). */
export interface LoadedPlan {
  file: string;
  plan: TaskPlan;
}

/** Every `<task>.json` of a plan folder, by task id. */
export async function readTaskPlans(dir: string): Promise<Map<string, LoadedPlan>> {
  if (!existsSync(dir))
    throw new PlanFileError(dir, '', 'expected a folder of <task id>.json plan files');
  const plans = new Map<string, LoadedPlan>();
  for (const name of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
    const file = path.join(dir, name);
    plans.set(path.basename(name, '.json'), {
      file,
      plan: parseTaskPlan(file, await readFile(file, 'utf8')),
    });
  }
  return plans;
}

/**
 * A plan must be about a task of the pack and name only its assertions: otherwise its values
 * would be silently unused, which is a bad input, not a refusal.
 */
export function checkPlanAgainstTask(loaded: LoadedPlan, assertions: number | undefined): void {
  const { file, plan } = loaded;
  if (assertions === undefined)
    throw new PlanFileError(
      file,
      ' at $.task',
      `expected a task id of the imported suites, got "${plan.task}"`,
    );
  for (const part of ['values', 'alternatives'] as const)
    for (const number of Object.keys(plan[part]))
      if (Number(number) > assertions)
        throw new PlanFileError(
          file,
          ` at $.${part}.${number}`,
          `expected an assertion number of the task (1 to ${assertions}), got ${number}`,
        );
}

/** The plan's values for assertion number `n` (1-based). */
export function planValuesFor(
  plan: TaskPlan | undefined,
  n: number,
): Record<string, JsonValue> | undefined {
  return plan?.values[String(n)];
}
