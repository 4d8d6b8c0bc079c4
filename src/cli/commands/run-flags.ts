import { DEFAULT_OUTPUT_FILE } from '../../run/options.js';
import {
  type ArgsOf,
  type FlagTable,
  flagsHelp,
  type ParseOptions,
  parseOptionsOf,
} from '../flags.js';

/**
 * Every flag of `agentproofbench run`, in the order its help lists them: the parser's
 * options, the help text and `RunArgs` all come from here (main.ts, run.ts).
 */
export const RUN_FLAGS = {
  verifier: {
    value: '<p>',
    help: [
      'one module for every task, or a pattern: verifiers/{task}.ts,',
      'verifiers/{task}.{replica}.ts (.py files run in the process runtime),',
      'or judge:<config.json> for an online LLM judge (docs/judge.md)',
    ],
  },
  pack: { value: '<p>', help: ['pack folder or shipped pack name (default: builtin)'] },
  runtime: {
    value: '<r>',
    help: ['isolate | process | inline (default: isolate; process for .py)'],
  },
  isolation: {
    value: '<i>',
    help: [
      'pooled (default: a warm isolate per verifier, a fresh context per case;',
      'a warm parent forking a fresh process per case for .py)',
      '| fresh (a new isolate or process per case; slower, same records)',
    ],
  },
  concurrency: { value: '<n>', help: ['cases evaluated at once per worker (default 4)'] },
  json: {
    value: '<file>',
    help: [`JSON report path (default: ${DEFAULT_OUTPUT_FILE}); Markdown and HTML go next to it`],
  },
  gate: {
    value: '<expr>',
    multiple: true,
    help: [
      'e.g. ba.related>=0.95, baLower>=0.8, falseAccept<=0, jointCorrect=all,',
      'errors<=0, execution.regressions<=0, execution.correctDelivery>=0.8',
      '(repeatable)',
    ],
  },
  mode: {
    value: '<m>',
    help: ['gate (default here: cases record, gates decide) | tdd (every case asserts)'],
  },
  task: { value: '<id>', multiple: true, help: ['only this task (repeatable)'] },
  programs: {
    value: '<set>=<p>',
    multiple: true,
    column: 22,
    help: [
      'instead of --verifier: several program sets side by side',
      '(repeatable), e.g. --programs correct=v/{task}.ts --programs stale=old/{task}.ts;',
      'the execution study pools them in its panel-delivery diagnostic; the',
      'report gives the paired Δ of the first set against each other',
    ],
  },
  'built-on': {
    value: '<c>',
    multiple: true,
    help: [
      'condition the programs were built on: source | background | related;',
      'with --programs, <set>=<c> (repeatable); a sidecar <file>.meta.json',
      'overrides it (fills the cross-condition matrix)',
    ],
  },
  'alternative-cost': {
    value: '<n>',
    column: 24,
    help: ['per-use cost of the alternative (e.g. an online judge) for break-even'],
  },
  'cost-per-second': {
    value: '<n>',
    column: 24,
    help: ['price of one second of verifier run time (measured per-use cost c)'],
  },
  'online-gate': {
    value: '<p>',
    help: [
      'a second verifier (module or {task} pattern) as the online gate of',
      'the execution study, which runs when the pack has recorded executions',
    ],
  },
} as const satisfies FlagTable;

/** The flags as parsed: a string each, an array for a repeatable one. */
export type RunArgs = ArgsOf<typeof RUN_FLAGS>;

/** The flags as `util.parseArgs` options. */
export const RUN_PARSE_OPTIONS: ParseOptions = parseOptionsOf(RUN_FLAGS);

/** The flags' part of `run --help`: each flag with its value and its help, aligned. */
export function runFlagsHelp(): string {
  return flagsHelp(RUN_FLAGS, 17);
}
