import { z } from 'zod';
import { AgentProofBenchError } from '../contract/error.js';
import type { EvaluationRecord } from '../contract/record.js';
import type { PublicTask } from '../contract/verifier.js';
import type { ConditionName } from '../schema/task.js';
import type { ApiClient } from '../services/client.js';

/** Languages a generated program may be written in (the runtimes that run them). */
export const PROGRAM_LANGUAGES = ['ts', 'py'] as const;
export type ProgramLanguage = (typeof PROGRAM_LANGUAGES)[number];

/** A draft program to try against the construction state. */
export interface Draft {
  source: string;
  language: ProgramLanguage;
}

/**
 * Everything the reuse contract lets a generator see when it builds one program
 * (docs/construct.md): the public task with the docs, read access to the before-state of
 * the condition it builds on, and draft runs against that state, all within one budget.
 * Never the reference, the labels, the fault kinds, or any other state.
 */
export interface GeneratorContext {
  task: PublicTask;
  /** The initial condition whose before-state `before` reads. */
  condition: ConditionName;
  /** Replicate id of the program being built, e.g. `r1`. */
  replica: string;
  /** Budget B: business operations read through `before` plus draft runs (one each). */
  budget: number;
  /** Budget not yet spent. */
  remaining(): number;
  /**
   * Spend `units` of the budget on something that reaches no API (e.g. a model's tool call
   * naming no tool); false, spending nothing, when they do not fit.
   */
  charge(units: number): boolean;
  /** The condition's before-state, read-only, with the actor's permissions; every operation costs budget. */
  before: ApiClient;
  /**
   * Run a draft as a verifier on the construction state (the before-state as both
   * snapshots) in the sandbox; costs one unit of budget. Throws an `AgentProofBenchError` `APB_CONSTRUCTION_BUDGET`
   * when the budget is spent.
   */
  runDraft(draft: Draft): Promise<EvaluationRecord>;
}

/** What a generator returns: the frozen program, and what building it cost when it knows. */
export const GeneratedProgramSchema = z
  .object({
    source: z
      .string()
      .min(1)
      .max(1024 * 1024),
    language: z.enum(PROGRAM_LANGUAGES),
    costUsd: z.number().finite().min(0).optional(),
    rounds: z.number().int().min(0).optional(),
    tokens: z
      .object({ input: z.number().int().min(0), output: z.number().int().min(0) })
      .strict()
      .optional(),
  })
  .strict();
export type GeneratedProgram = z.infer<typeof GeneratedProgramSchema>;

/** A verifier generator: a module's default export or its named export `generate`. */
export type Generator = (context: GeneratorContext) => Promise<GeneratedProgram> | GeneratedProgram;

/** A generator asked for more than its construction budget (thrown into the generator). */
export function constructionBudgetError(problem: string): AgentProofBenchError {
  return new AgentProofBenchError('APB_CONSTRUCTION_BUDGET', problem, {
    fix: 'write the program with what was read so far, or build with a larger --budget',
  });
}
