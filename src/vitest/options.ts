import path from 'node:path';
import { z } from 'zod';
import { type Gates, GatesSchema } from '../../reporters/gates.js';
import { DEFAULT_BOOTSTRAP_SEED, DEFAULT_RESAMPLES } from '../metrics/bootstrap.js';
import type { Limits } from '../sandbox/limits.js';
import { defaultRuntimeFor, RUNTIME_NAMES, type RuntimeName } from '../sandbox/runtime.js';
import { CONDITIONS, type ConditionName } from '../schema/task.js';

/** How generated cases behave. */
export type BenchMode = 'tdd' | 'gate';

/** Options of `defineAgentProofBenchProject`; every path is relative to the Vitest root. */
export interface AgentProofBenchOptions {
  /**
   * The verifier under test: one module that handles every task (`verifiers/all.ts`), one
   * module per task (`verifiers/{task}.ts`), or replicates (`verifiers/{task}.{replica}.ts`).
   * `.py` files run in the process runtime. Required unless `programs` is given.
   */
  verifier?: string;
  /**
   * Several program sets for a paired comparison, e.g.
   * `{ reuse: { verifier: 'built-on-source/{task}.ts', builtOn: 'source' },
   *    rebuild: { verifier: 'rebuilt-on-related/{task}.ts', builtOn: 'related' } }`
   * (a plain pattern string is a set without `builtOn`). The first set is the one
   * `summary` and the gates describe; the report gives reuse − rebuild Δ when both run.
   */
  programs?: Record<string, string | ProgramSetOptions>;
  /**
   * Condition the `verifier` programs were built on (fills the cross-condition matrix).
   * A program's sidecar `<file>.meta.json` may override it.
   */
  builtOn?: ConditionName;
  /** Cost profile inputs (docs/report.md, "Cost profile"); without it the report has no cost section. */
  cost?: CostOptions;
  /**
   * A pack folder, or the name of a shipped pack.
   * @default 'builtin'
   */
  pack?: string;
  /**
   * Where verifiers run: `isolate` (fresh V8 isolate, no Node API), `process` (a child
   * process; needed for Python), `inline` (this process, no isolation, for debugging).
   * @default 'isolate', or 'process' when the verifier is a `.py` file
   */
  runtime?: RuntimeName;
  /** Only these task ids (default: every task that has a program). */
  tasks?: string[];
  /**
   * Initial conditions to evaluate.
   * @default ['source', 'background', 'related']
   */
  conditions?: ConditionName[];
  /**
   * `tdd`: every case is an assertion (red until the verifier is right).
   * `gate`: cases only record verdicts; the reporter computes metrics and `gates` decide.
   * @default 'tdd'
   */
  mode?: BenchMode;
  /** Thresholds that fail the run, e.g. `{ ba: { related: 0.95 }, falseAccept: 0, jointCorrect: 'all', errors: 0 }`. */
  gates?: Gates;
  /**
   * JSON report path; a Markdown summary (`.md`) and the HTML report with figures (`.html`)
   * are written next to it.
   * @default 'agentproofbench-report.json'
   */
  outputFile?: string;
  /**
   * Per-evaluation limits.
   * @default { timeoutMs: 60000, memoryMb: 1024, operations: 80 }
   */
  limits?: Partial<Limits>;
  /**
   * Seed of the family bootstrap.
   * @default 20260101
   */
  seed?: number;
  /**
   * Bootstrap resamples for the intervals.
   * @default 10000
   */
  resamples?: number;
  /**
   * Vitest project name (what `vitest --project` selects).
   * @default 'agentproofbench'
   */
  name?: string;
}

/** One program set of `programs`. */
export interface ProgramSetOptions {
  /** Module or pattern, as for `verifier`. */
  verifier: string;
  /** Condition these programs were built on: `source` for reused programs, `related` for rebuilt ones. */
  builtOn?: ConditionName;
  /** Construction cost C of every program of the set (a sidecar `<file>.meta.json` overrides it). */
  constructionCost?: number;
}

/**
 * What the cost profile is computed from. C comes from each program's sidecar
 * `<file>.meta.json` (`{ "constructionCost": 0.28 }`) or `constructionCost` of its set;
 * c is measured: per evaluation, seconds × `perSecond` + business operations × `perOperation`.
 */
export interface CostOptions {
  /** Unit every cost is in. @default 'USD' */
  currency?: string;
  /** Price of one second of verifier run time. @default 0 */
  perSecond?: number;
  /** Price of one business operation. @default 0 */
  perOperation?: number;
  /** Cost of one use of the alternative (e.g. an online LLM judge per pass): gives break-even uses. */
  alternativePerUse?: number;
  /** Numbers of uses k for the amortised cost c + C/k. @default [1, 10, 100] */
  uses?: number[];
}

/** A program set after resolution: absolute pattern, build condition and set-level construction cost. */
export interface ResolvedProgramSet {
  set: string;
  pattern: string;
  builtOn?: ConditionName;
  constructionCost?: number;
}

/** The options after defaults, with absolute paths: what the plugin provides to the test files. */
export interface ResolvedBenchOptions {
  name: string;
  root: string;
  pack: string;
  programs: ResolvedProgramSet[];
  /** Null when no cost option was given. */
  cost: CostOptions | null;
  runtime: RuntimeName;
  tasks: string[] | null;
  conditions: ConditionName[];
  mode: BenchMode;
  gates: Gates;
  outputFile: string;
  limits: Partial<Limits>;
  seed: number;
  resamples: number;
  /**
   * How many chunk files the project includes, fixed by the plugin when Vitest starts, so
   * a task whose verifier appears later (watch mode) lands in a file that runs.
   */
  chunkFiles?: number;
}

export const DEFAULT_PROJECT_NAME = 'agentproofbench';
export const DEFAULT_OUTPUT_FILE = 'agentproofbench-report.json';

const cost = z.number().finite().min(0);

const OptionsSchema = z
  .object({
    verifier: z.string().min(1).optional(),
    programs: z
      .record(
        z.string().regex(/^[\w-]+$/, 'set names use letters, digits, _ and -'),
        z.union([
          z.string().min(1),
          z
            .object({
              verifier: z.string().min(1),
              builtOn: z.enum(CONDITIONS).optional(),
              constructionCost: cost.optional(),
            })
            .strict(),
        ]),
      )
      .optional(),
    builtOn: z.enum(CONDITIONS).optional(),
    cost: z
      .object({
        currency: z.string().min(1),
        perSecond: cost,
        perOperation: cost,
        alternativePerUse: cost,
        uses: z.array(z.number().int().min(1)).min(1),
      })
      .partial()
      .strict()
      .optional(),
    pack: z.string().min(1).optional(),
    runtime: z.enum(RUNTIME_NAMES as [RuntimeName, ...RuntimeName[]]).optional(),
    tasks: z.array(z.string().min(1)).optional(),
    conditions: z.array(z.enum(CONDITIONS)).min(1).optional(),
    mode: z.enum(['tdd', 'gate']).optional(),
    gates: GatesSchema.optional(),
    outputFile: z.string().min(1).optional(),
    limits: z
      .object({
        timeoutMs: z.number().int().positive(),
        memoryMb: z.number().int().min(8),
        operations: z.number().int().positive(),
      })
      .partial()
      .strict()
      .optional(),
    seed: z.number().int().min(0).max(0xffffffff).optional(),
    resamples: z.number().int().min(1).optional(),
    name: z.string().min(1).optional(),
  })
  .strict();

/** Thrown for options that cannot mean anything; the message names every problem. */
export class BenchOptionsError extends Error {
  readonly code = 'APB_OPTIONS';
  constructor(message: string) {
    super(message);
    this.name = 'BenchOptionsError';
  }
}

/** Validate options and fill in defaults; paths become absolute against `root`. */
export function resolveBenchOptions(
  options: AgentProofBenchOptions,
  root: string,
): ResolvedBenchOptions {
  const parsed = OptionsSchema.safeParse(options);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(options)'}: ${issue.message}`,
    );
    throw new BenchOptionsError(
      `APB_OPTIONS: invalid agentproofbench options:\n${problems.join('\n')}\nFix them where defineAgentProofBenchProject is called (vitest.config.ts).`,
    );
  }
  const value = parsed.data;
  if (value.verifier && value.programs) {
    throw new BenchOptionsError('APB_OPTIONS: give either `verifier` or `programs`, not both');
  }
  if (value.builtOn && value.programs) {
    throw new BenchOptionsError(
      'APB_OPTIONS: `builtOn` goes with `verifier`; with `programs`, give it per set: programs: { reuse: { verifier, builtOn: "source" } }',
    );
  }
  const sets =
    value.programs ??
    (value.verifier
      ? {
          default: {
            verifier: value.verifier,
            ...(value.builtOn ? { builtOn: value.builtOn } : {}),
          },
        }
      : undefined);
  if (!sets || Object.keys(sets).length === 0) {
    throw new BenchOptionsError(
      'APB_OPTIONS: `verifier` is required, e.g. verifier: "verifiers/{task}.ts" (or `programs: { reuse: …, rebuild: … }`)',
    );
  }
  const programs = Object.entries(sets).map(([set, entry]): ResolvedProgramSet => {
    const spec = typeof entry === 'string' ? { verifier: entry } : entry;
    return {
      set,
      pattern: path.resolve(root, spec.verifier),
      ...(spec.builtOn ? { builtOn: spec.builtOn } : {}),
      ...(spec.constructionCost !== undefined ? { constructionCost: spec.constructionCost } : {}),
    };
  });
  return {
    name: value.name ?? DEFAULT_PROJECT_NAME,
    root,
    pack: value.pack ?? 'builtin',
    programs,
    cost: value.cost ?? null,
    runtime: value.runtime ?? defaultRuntimeFor(programs.map((program) => program.pattern)),
    tasks: value.tasks ?? null,
    conditions: value.conditions ?? [...CONDITIONS],
    mode: value.mode ?? 'tdd',
    gates: value.gates ?? {},
    outputFile: path.resolve(root, value.outputFile ?? DEFAULT_OUTPUT_FILE),
    limits: value.limits ?? {},
    seed: value.seed ?? DEFAULT_BOOTSTRAP_SEED,
    resamples: value.resamples ?? DEFAULT_RESAMPLES,
  };
}
