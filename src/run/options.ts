import path from 'node:path';
import { z } from 'zod';
import { AgentProofBenchError } from '../contract/error.js';
import { absoluteVerifierPattern } from '../evaluation/programs.js';
import { DEFAULT_BOOTSTRAP_SEED, DEFAULT_RESAMPLES } from '../metrics/bootstrap.js';
import { ISOLATION_MODES, type IsolationMode } from '../sandbox/isolate/isolate-runtime.js';
import { type Limits, LimitsSchema } from '../sandbox/limits.js';
import { defaultRuntimeFor, RUNTIME_NAMES, type RuntimeName } from '../sandbox/runtime.js';
import { CONDITIONS, type ConditionName } from '../schema/task.js';
import { type CiThresholds, CiThresholdsSchema } from './ci-thresholds.js';

/** How generated cases behave. */
export type RunMode = 'tdd' | 'gate';

export const DEFAULT_PROJECT_NAME = 'agentproofbench';
export const DEFAULT_OUTPUT_FILE = 'agentproofbench-report.json';
/** Cases in flight per worker: enough to overlap the host's API answers with isolate work on 2 cores. */
export const DEFAULT_CONCURRENCY = 4;

const cost = z.number().finite().min(0);

/** One program set of `programs`: its verifier, the condition it was built on, its construction cost. */
const ProgramSetSchema = z
  .object({
    /** Module or pattern, as for `verifier`. */
    verifier: z.string().min(1),
    /** Condition these programs were built on: `source` for reused programs, `related` for rebuilt ones. */
    builtOn: z.enum(CONDITIONS).optional(),
    /** Construction cost C of every program of the set (a sidecar `<file>.meta.json` overrides it). */
    constructionCost: cost.optional(),
  })
  .strict();

/**
 * What the cost profile is computed from (docs/report.md, "Program sets, build conditions
 * and costs"). C comes from each program's sidecar `<file>.meta.json` or its set's
 * `constructionCost`; c is measured: per evaluation, seconds × `perSecond` + business
 * operations × `perOperation`.
 */
const CostSchema = z
  .object({
    /** Unit every cost is in. @default 'USD' */
    currency: z.string().min(1),
    /** Price of one second of verifier run time. @default 0 */
    perSecond: cost,
    /** Price of one business operation. @default 0 */
    perOperation: cost,
    /** Cost of one use of the alternative (e.g. an online LLM judge per pass): gives break-even uses. */
    alternativePerUse: cost,
    /** Numbers of uses k for the amortised cost c + C/k. @default [1, 10, 100] */
    uses: z.array(z.number().int().min(1)).min(1),
  })
  .partial()
  .strict();
export type CostOptions = z.infer<typeof CostSchema>;

/** Options of `defineAgentProofBenchProject`; every path is relative to the Vitest root. */
export const OptionsSchema = z
  .object({
    /**
     * The verifier under test: one module that handles every task (`verifiers/all.ts`), one
     * module per task (`verifiers/{task}.ts`), or replicates (`verifiers/{task}.{replica}.ts`).
     * `.py` files run in the process runtime. Required unless `programs` is given.
     */
    verifier: z.string().min(1).optional(),
    /**
     * Several program sets for a paired comparison, e.g.
     * `{ reuse: { verifier: 'built-on-source/{task}.ts', builtOn: 'source' },
     *    rebuild: { verifier: 'rebuilt-on-related/{task}.ts', builtOn: 'related' } }`
     * (a plain pattern string is a set without `builtOn`). The first set is the one
     * `summary` and the gates describe; the report gives reuse − rebuild Δ when both run.
     */
    programs: z
      .record(
        z.string().regex(/^[\w-]+$/, 'set names use letters, digits, _ and -'),
        z.union([z.string().min(1), ProgramSetSchema]),
      )
      .optional(),
    /**
     * Condition the `verifier` programs were built on (fills the cross-condition matrix).
     * A program's sidecar `<file>.meta.json` may override it.
     */
    builtOn: z.enum(CONDITIONS).optional(),
    /** Cost profile inputs; without it (and without construction costs) the report has no cost section. */
    cost: CostSchema.optional(),
    /**
     * A second verifier used as the gate of the execution study's online-gate policy (an
     * online judge or any other program): one module, or a `{task}` pattern like `verifier`.
     * Without it the study replays every policy but the online gate.
     */
    onlineGate: z.string().min(1).optional(),
    /**
     * A pack folder, or the name of a shipped pack.
     * @default 'builtin'
     */
    pack: z.string().min(1).optional(),
    /**
     * Where verifiers run: `isolate` (fresh V8 isolate, no Node API), `process` (a child
     * process; needed for Python), `inline` (this process, no isolation, for debugging).
     * @default 'isolate', or 'process' when the verifier is a `.py` file
     */
    runtime: z.enum(RUNTIME_NAMES as [RuntimeName, ...RuntimeName[]]).optional(),
    /**
     * Isolate runtime only. `pooled`: a warm isolate per verifier, a fresh context per
     * evaluation; `fresh`: a new isolate per evaluation (slower, same records). See docs/sandbox.md.
     * @default 'pooled'
     */
    isolation: z.enum(ISOLATION_MODES as [IsolationMode, ...IsolationMode[]]).optional(),
    /**
     * Cases evaluated at once in each Vitest worker (Vitest `maxConcurrency`); 1 runs them one by one.
     * @default 4
     */
    concurrency: z.number().int().min(1).max(64).optional(),
    /** Only these task ids (default: every task that has a program). */
    tasks: z.array(z.string().min(1)).optional(),
    /**
     * Initial conditions to evaluate.
     * @default ['source', 'background', 'related']
     */
    conditions: z.array(z.enum(CONDITIONS)).min(1).optional(),
    /**
     * `tdd`: every case is an assertion (red until the verifier is right).
     * `gate`: cases only record verdicts; the reporter computes metrics and `gates` decide.
     * @default 'tdd'
     */
    mode: z.enum(['tdd', 'gate']).optional(),
    /** Thresholds that fail the run, e.g. `{ ba: { related: 0.95 }, falseAccept: 0, jointCorrect: 'all', errors: 0 }`. */
    gates: CiThresholdsSchema.optional(),
    /**
     * JSON report path; a Markdown summary (`.md`) and the HTML report with figures (`.html`)
     * are written next to it.
     * @default 'agentproofbench-report.json'
     */
    outputFile: z.string().min(1).optional(),
    /**
     * Per-evaluation limits.
     * @default { timeoutMs: 60000, memoryMb: 1024, operations: 80 }
     */
    limits: LimitsSchema.strict().optional(),
    /**
     * Seed of the family bootstrap.
     * @default 20260101
     */
    seed: z.number().int().min(0).max(0xffffffff).optional(),
    /**
     * Bootstrap resamples for the intervals.
     * @default 10000
     */
    resamples: z.number().int().min(1).optional(),
    /**
     * Keep what loading and qualifying the pack computed in `.agentproofbench/.plans/` of the
     * root, keyed by the pack's files and this library, and reuse it while neither changes.
     * @default true
     */
    planCache: z.boolean().optional(),
    /**
     * Vitest project name (what `vitest --project` selects).
     * @default 'agentproofbench'
     */
    name: z.string().min(1).optional(),
  })
  .strict();

/** Options of `defineAgentProofBenchProject`, as written in a config (derived from the schema). */
export type AgentProofBenchOptions = z.input<typeof OptionsSchema>;

/** A program set after resolution: absolute pattern, build condition and set-level construction cost. */
export interface ResolvedProgramSet {
  set: string;
  pattern: string;
  builtOn?: ConditionName;
  constructionCost?: number;
}

/** The options after defaults, with absolute paths: what the plugin provides to the test files. */
export interface ResolvedOptions {
  name: string;
  root: string;
  pack: string;
  programs: ResolvedProgramSet[];
  /** Null when no cost option was given. */
  cost: CostOptions | null;
  runtime: RuntimeName;
  isolation: IsolationMode;
  concurrency: number;
  tasks: string[] | null;
  conditions: ConditionName[];
  mode: RunMode;
  gates: CiThresholds;
  /** Absolute module or pattern of the online gate; null without one. */
  onlineGate: string | null;
  outputFile: string;
  /** Validated against LimitsSchema once, here; runtimes fill in the defaults. */
  limits: Partial<Limits>;
  seed: number;
  resamples: number;
  planCache: boolean;
  /**
   * How many chunk files the project includes, fixed by the plugin when Vitest starts, so
   * a task whose verifier appears later (watch mode) lands in a file that runs.
   */
  chunkFiles?: number;
}

const optionsError = (problem: string, fix: string) =>
  new AgentProofBenchError('APB_OPTIONS', problem, { fix });

/** Validate options and fill in defaults; paths become absolute against `root`. */
export function resolveOptions(options: AgentProofBenchOptions, root: string): ResolvedOptions {
  const parsed = OptionsSchema.safeParse(options);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(options)'}: ${issue.message}`,
    );
    throw optionsError(
      `invalid agentproofbench options:\n${problems.join('\n')}`,
      'correct each option named above where defineAgentProofBenchProject is called (vitest.config.ts)',
    );
  }
  const value = parsed.data;
  if (value.verifier && value.programs) {
    throw optionsError(
      'both `verifier` and `programs` are given',
      'give either `verifier` or `programs`, not both',
    );
  }
  if (value.builtOn && value.programs) {
    throw optionsError(
      '`builtOn` is given beside `programs`',
      'give it per set: programs: { reuse: { verifier, builtOn: "source" } }',
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
    throw optionsError(
      '`verifier` is required',
      'set verifier: "verifiers/{task}.ts" (or `programs: { reuse: …, rebuild: … }`)',
    );
  }
  const programs = Object.entries(sets).map(([set, entry]): ResolvedProgramSet => {
    const spec = typeof entry === 'string' ? { verifier: entry } : entry;
    return {
      set,
      pattern: absoluteVerifierPattern(root, spec.verifier),
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
    isolation: value.isolation ?? 'pooled',
    concurrency: value.concurrency ?? DEFAULT_CONCURRENCY,
    tasks: value.tasks ?? null,
    conditions: value.conditions ?? [...CONDITIONS],
    mode: value.mode ?? 'tdd',
    gates: value.gates ?? {},
    onlineGate: value.onlineGate ? absoluteVerifierPattern(root, value.onlineGate) : null,
    outputFile: path.resolve(root, value.outputFile ?? DEFAULT_OUTPUT_FILE),
    limits: value.limits ?? {},
    seed: value.seed ?? DEFAULT_BOOTSTRAP_SEED,
    resamples: value.resamples ?? DEFAULT_RESAMPLES,
    planCache: value.planCache ?? true,
  };
}
