/** One registered code: what it means and, in general, how to fix it (each error's own fix is more exact). */
export interface ErrorCodeEntry {
  /** When the library raises it, one sentence. */
  meaning: string;
  /** What a user does about it, one sentence. */
  fix: string;
}

/**
 * Every code the library throws, with its meaning and fix: the one registry. docs/errors.md
 * is generated from it (`npx tsx scripts/docs/errors.ts`; test/scripts/docs/errors.test.ts
 * checks the committed file), and `ErrorCode` is its keys, so a code used anywhere is one
 * listed here. Callers branch on `error.code`, never on the message text.
 */
export const ERROR_CODES = {
  APB_OPTIONS: {
    meaning:
      "project options, or a command's options, are invalid (every problem is named at once)",
    fix: 'correct each option the message names; docs/api.md lists the options and their defaults',
  },
  APB_ARGUMENT: {
    meaning:
      'an argument of a public function is of the wrong kind or out of its range (a runtime or isolation name, limits, a verifier spec, a concurrency, a seed, a construction budget, a public task)',
    fix: 'pass a value of the kind and range the message names',
  },
  APB_PACK_NOT_FOUND: {
    meaning: 'the pack is neither a folder nor the name of a shipped pack',
    fix: 'pass a folder holding pack.json, or "builtin" / "starter"',
  },
  APB_PACK_INVALID: {
    meaning: "the pack's files have errors (a `PackLoadError`, with each error in `errors`)",
    fix: 'run `npx agentproofbench validate <pack>` and correct each file at the JSON path it names (docs/pack-format.md)',
  },
  APB_UNKNOWN_TASK: {
    meaning:
      'a task id the pack does not have (the `tasks` option, `pack.task(id)`, a pack handle)',
    fix: 'use one of the task ids the message lists',
  },
  APB_UNKNOWN_CASE: {
    meaning:
      "a task has no such condition, outcome, seed or recorded run (a task handle's `outcome()` or `panel()`, `Pack.outcome()`, an execution chain)",
    fix: "use one of the names the message lists, or the task's file in the pack",
  },
  APB_NO_PROGRAMS: {
    meaning: 'no verifier file matches any selected task',
    fix: "write a verifier at the pattern's path for at least one task, or correct the pattern",
  },
  APB_PLAN: {
    meaning: 'the run could not be planned for another reason (the message says why)',
    fix: 'correct what the message names; chunk files run only through `defineAgentProofBenchProject`',
  },
  APB_VERIFIER_NOT_FOUND: {
    meaning: 'a verifier module without `{task}` does not exist',
    fix: 'create the module or correct its path (relative to the Vitest root)',
  },
  APB_VERIFIER_PATTERN: {
    meaning: '`{task}` or `{replica}` appears in a folder name of a verifier pattern',
    fix: 'put the placeholders in the file name only',
  },
  APB_PROGRAM_META: {
    meaning: "a program's sidecar `<file>.meta.json` exists but is not JSON or not a valid sidecar",
    fix: 'correct the file at the JSON path the message names, or delete it',
  },
  APB_HARNESS: {
    meaning:
      "a case could not be evaluated for a reason that is not the verifier's (the runtime did not start, its sandbox process failed)",
    fix: 'read the cause in the message (and the beforeAll error); the verifier is not at fault',
  },
  APB_MATCHER_INPUT: {
    meaning:
      'a matcher received a value it cannot judge (not a handle from `openPack`, not a verifier)',
    fix: 'pass a verifier path, `{module, runtime?, limits?}` or an evaluation record, and handles from `openPack(…)` (docs/api.md)',
  },
  APB_NODE_SNAPSHOT: {
    meaning:
      'a warning, not an error: an isolate runtime was created in a Node (20 or later) process whose startup snapshot is on, which isolated-vm does not support (the process may crash, usually at exit)',
    fix: 'run node with --no-node-snapshot (or NODE_OPTIONS=--no-node-snapshot); the CLI and the Vitest project pass it themselves, except under a threads pool (docs/sandbox.md)',
  },
  APB_REPORT_INPUT: {
    meaning:
      'a file or value given as a saved report is not one this version reads (not JSON, not a report, another `schemaVersion`, an error outcome without its kind)',
    fix: 'pass the JSON report a run wrote (its `outputFile`); re-run to write a report of the current schema',
  },
  APB_METRICS_INPUT: {
    meaning:
      'input the metrics refuse because it would bias a number (`MetricsInputError`, with `reason`), or a statistic asked of no data',
    fix: 'give each case once per program, one family per task and valid options, as the message says',
  },
  APB_EXECUTION_REPLAY: {
    meaning: 'a gate policy was replayed without the record of a check its walk reaches',
    fix: "run the gate's checks first (`runGate`), then replay",
  },
  APB_LEGACY_DIFF_SPEC: {
    meaning: 'a `legacy-diff` reference spec is not an Agent-Diff assertion spec',
    fix: 'correct the spec as the message says (docs/pack-format.md)',
  },
  APB_INVALID_PATTERN: {
    meaning:
      'a `regex` of a reference is not valid RE2 syntax (met only in a reference that was never validated)',
    fix: 'rewrite it without lookaround or backreferences (docs/pack-format.md, "Patterns")',
  },
  APB_PATTERN_TIMEOUT: {
    meaning: 'a backtracking pattern of an imported reference ran out of time on a value',
    fix: 'simplify the pattern of the imported assertion',
  },
  APB_AGENT_DIFF_ENGINE_RAISES: {
    meaning:
      "Agent-Diff's engine raises on the state (e.g. `has_any: [1]` on a string column), so the state is `invalid`, as that run fails there",
    fix: 'correct the assertion or the state so that the engine can evaluate it',
  },
  APB_AGENT_DIFF_NUMBER_TEXT: {
    meaning:
      'a `contains` answer depends on whether a whole JSON number was written `1` or `1.0` (a qualification error: the reference does not guess)',
    fix: 'compare the number with a numeric operator, or write the value as text',
  },
  APB_AGENT_DIFF_SUITE: {
    meaning: 'an Agent-Diff test suite is missing or malformed',
    fix: 'point the importer at a suite file of the Agent-Diff layout, as the message says',
  },
  APB_AGENT_DIFF_SEED: {
    meaning: 'an Agent-Diff seed is missing or malformed',
    fix: 'give the seed file the suite names, as the message says',
  },
  APB_AGENT_DIFF_RUNS: {
    meaning: 'Agent-Diff recorded runs are missing or malformed',
    fix: 'give the runs file in the layout the message names',
  },
  APB_AGENT_DIFF_DATASET: {
    meaning:
      'an Agent-Diff dataset line is malformed (including a `test_id` that is not a task id and a `seed_template` that is not one file name)',
    fix: 'correct or remove the line the message names',
  },
  APB_AGENT_DIFF_ACTOR: {
    meaning: 'an Agent-Diff test impersonates a user its seed template does not have',
    fix: "set the test's `impersonate_user_id` to a user of its seed template",
  },
  APB_AGENT_DIFF_CONSTRUCT: {
    meaning:
      '`import agent-diff --construct` wrote a pack its own loader refuses outside any constructed task file (a bug of the import, never of the data)',
    fix: 'report it with the construction report; import without `--construct` meanwhile',
  },
  APB_AGENT_DIFF_PLAN: {
    meaning:
      'a per-task plan file for `import agent-diff --construct --plans` is not JSON or does not follow the plan format (the file, the JSON path and what was expected are named)',
    fix: 'correct the file at the JSON path the message names (docs/agent-diff.md, "Plan files")',
  },
  APB_AGENT_DIFF_VALUE: {
    meaning:
      'Agent-Diff import input holds a value a pack cannot: nesting deeper than 64 levels, or a number JSON cannot write (`1e309`)',
    fix: 'correct the value in the input file',
  },
  APB_IMPORT_TARGET_NOT_EMPTY: {
    meaning: "the import's output folder is not empty",
    fix: 'choose an empty folder, or pass `--force` to replace its contents',
  },
  APB_MODEL_CONFIG: {
    meaning: 'a judge or generator config file is unreadable, not JSON, invalid, or holds a key',
    fix: 'correct the config as the message says; keys go in the environment, never in the file (docs/judge.md)',
  },
  APB_MODEL_MISSING: {
    meaning: 'a judge or the built-in generator has no model name (config or environment)',
    fix: 'set `model` in the config or the environment variable the message names',
  },
  APB_MODEL_KEY_MISSING: {
    meaning: 'no API key for the OpenAI API (live runs need a provider and a key)',
    fix: 'set OPENAI_API_KEY, or give the base URL of an OpenAI-compatible server',
  },
  APB_MODEL_RESPONSE: {
    meaning:
      'the model provider failed, or answered with nothing usable (no choice, no program, no fenced code block)',
    fix: "read the provider's answer in the message; check the model, the endpoint and the token limit",
  },
  APB_GENERATOR_MODULE: {
    meaning: 'a `--generator` module is missing, does not compile or exports no generator',
    fix: 'export a generator (docs/construct.md) from a module that compiles',
  },
  APB_CONSTRUCTION_BUDGET: {
    meaning:
      "a generator's draft run goes beyond its construction budget (thrown into the generator)",
    fix: 'stop drafting, or give the construction a larger budget',
  },
  APB_AUTHORING: {
    meaning:
      'a pack generator looked up a row that is missing or ambiguous, built a patch or calls that do not apply, or handed out a colliding id',
    fix: 'correct the lookup or the change the message names in the generator (docs/pack-format.md, "Writing a pack in code")',
  },
  APB_INTERNAL: {
    meaning:
      'an invariant of the library itself failed (a state it never builds, a file missing from the installed package): a bug, not a misuse',
    fix: 'report it with the message and the command that raised it',
  },
} as const satisfies Record<`APB_${string}`, ErrorCodeEntry>;

/** Stable codes of the errors the library throws: the keys of `ERROR_CODES`. */
export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorDetails {
  /** One line on how to fix it, shown under the message. */
  fix: string;
  cause?: unknown;
}

/**
 * The one error class of the library (vitest's `errors.ts` is the model): a stable `code`,
 * the problem, and a how-to-fix line. `message` reads `CODE: problem` then `Fix: …`, so a
 * person sees both wherever the error is printed; `problem` and `fix` hold them apart.
 * Problems with a pack's files are data instead (`PackError`: file, JSON path, code).
 */
export class AgentProofBenchError extends Error {
  readonly code: ErrorCode;
  /** What went wrong, without the code and the fix. */
  readonly problem: string;
  readonly fix: string;

  constructor(code: ErrorCode, problem: string, details: ErrorDetails) {
    super(`${code}: ${problem}\nFix: ${details.fix}`, { cause: details.cause });
    this.name = 'AgentProofBenchError';
    this.code = code;
    this.problem = problem;
    this.fix = details.fix;
  }
}

/**
 * A failed invariant of the library (never a user's mistake): one code for all of them,
 * so a report of one names it and nothing branches on which invariant it was.
 */
export function internalError(problem: string, cause?: unknown): AgentProofBenchError {
  return new AgentProofBenchError('APB_INTERNAL', problem, {
    fix: ERROR_CODES.APB_INTERNAL.fix,
    cause,
  });
}

/** Whether `error` is one of the library's errors, optionally with a given code. */
export function isAgentProofBenchError(
  error: unknown,
  code?: ErrorCode,
): error is AgentProofBenchError {
  return error instanceof AgentProofBenchError && (code === undefined || error.code === code);
}
