import { readFileSync } from 'node:fs';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import type { CaseResult } from '../src/contract/case.js';
import { caseKey } from '../src/contract/case-key.js';
import { describeErrors, type ErrorOccurrence } from '../src/evaluation/error-digest.js';
import type { Pack } from '../src/pack/pack.js';
import { packageRoot } from '../src/pack/resolve.js';
import { buildReport } from '../src/report/aggregate.js';
import { completenessOf } from '../src/report/completeness.js';
import {
  executionInputOf,
  gateTraceKey,
  plannedGateTraceNames,
} from '../src/report/execution-input.js';
import { explainResults } from '../src/report/recorded-explanations.js';
import type { ProgramConstructionCost } from '../src/report/report-metrics.js';
import type { Report } from '../src/report/report-schema.js';
import type { CaseMeta } from '../src/run/case-meta.js';
import type { GateMeta } from '../src/run/gate-meta.js';
import type { ResolvedOptions } from '../src/run/options.js';
import type { PlanCompanions } from '../src/run/plan-cache.js';
import { plannedCaseNames } from '../src/run/planned-cases.js';
import { planRun, type RunPlan } from '../src/run/run-plan.js';
import type { IsolationReport } from '../src/sandbox/runtime.js';
import { addCiThresholdCases } from './ci-threshold-cases.js';
import { renderHtmlReport } from './html/render-html.js';
import { renderMarkdown } from './render-markdown.js';
import { renderTerminal } from './render-terminal.js';

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** C of every planned program that declares one, once per set × program id. */
export function constructionCostsOf(plan: RunPlan): ProgramConstructionCost[] {
  const seen = new Map<string, ProgramConstructionCost>();
  for (const planned of plan.tasks) {
    for (const entry of planned.programs) {
      if (entry.constructionCost === undefined) continue;
      const key = JSON.stringify([entry.program.set, entry.program.id]);
      if (!seen.has(key))
        seen.set(key, {
          set: entry.program.set,
          program: entry.program.id,
          constructionCost: entry.constructionCost,
        });
    }
  }
  return [...seen.values()];
}

/** The explanation of each recorded case, keyed by `caseKey` (src/contract/case-key.ts). */
export type CaseExplainer = (pack: Pack, results: readonly CaseResult[]) => Map<string, string>;

/**
 * Starts making what the explainer needs for these tasks' cases, in the background; with
 * the plan's cache companions it may read what a run before made instead, and store it.
 */
export type ExplanationPreparer = (
  pack: Pack,
  tasks: readonly string[],
  companions: PlanCompanions | undefined,
) => Promise<void>;

/**
 * When the last run started, ended and had its report written, in milliseconds since this
 * process started (`performance.now()`), for `npm run bench` to split a run's time.
 */
export interface ReporterTiming {
  runStartMs?: number;
  runEndMs?: number;
  reportedMs?: number;
}

/** Who hears of each report the reporter makes (`agentproofbench run`), and where it marks the run's timing. */
export interface ReportListener {
  onReport(report: Report): void;
  timing: ReporterTiming;
}

/** The records the generated tests of one project attached, in no particular order. */
export function collectCaseMetas(modules: readonly TestModule[], project: string): CaseMeta[] {
  const metas: CaseMeta[] = [];
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      const meta = test.meta().agentproofbench;
      if (meta && meta.project === project) metas.push(meta);
    }
  }
  return metas;
}

/** The gate traces the generated execution tests of one project attached. */
export function collectGateMetas(modules: readonly TestModule[], project: string): GateMeta[] {
  const metas: GateMeta[] = [];
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      const meta = test.meta().agentproofbenchGate;
      if (meta && meta.project === project) metas.push(meta);
    }
  }
  return metas;
}

/** The Error records among the results, in case order (so "first" is the same every run). */
export function errorOccurrences(results: readonly CaseResult[]): ErrorOccurrence[] {
  return results
    .flatMap((result) =>
      result.record.verdict === 'error'
        ? [
            {
              where: `${result.task} › ${result.condition} › ${result.kind === 'panel' ? result.outcome : result.kind}${result.program.set === 'default' ? '' : ` (${result.program.set}: ${result.program.id})`}`,
              kind: result.record.kind,
              message: result.record.message,
            },
          ]
        : [],
    )
    .sort((a, b) => (a.where < b.where ? -1 : a.where > b.where ? 1 : 0));
}

/**
 * What the run said went wrong in the project's modules where a test has no record: the
 * errors of such tests and of modules that failed as a whole (a worker that died).
 */
export function missingRecordCauses(modules: readonly TestModule[], project: string): string[] {
  const failures: string[] = [];
  const notRun: string[] = [];
  for (const module of modules) {
    if (module.project.name !== project) continue;
    for (const error of module.errors())
      failures.push(`${module.relativeModuleId}: ${error.message}`);
    for (const test of module.children.allTests()) {
      if (test.meta().agentproofbench || test.meta().agentproofbenchGate) continue;
      const result = test.result();
      if (result.state === 'failed')
        for (const error of result.errors) failures.push(error.message);
      else notRun.push(`not run (${result.state}: filtered or interrupted)`);
    }
  }
  // Failures first: they are what made records vanish; skipped tests include excluded tasks.
  return [...failures, ...notRun];
}

/** Vitest's name for a test that `-t` matches against: its suites' and its own names. */
function filterNames(test: TestCase): string[] {
  const names = [test.name];
  for (let parent = test.parent; parent.type === 'suite'; parent = parent.parent)
    names.unshift(parent.name);
  return [names.join(' '), names.join(' > ')];
}

/**
 * Planned cases a name filter (`vitest -t`) left out: skipped tests that carry a planned
 * key and whose name the filter does not match. They are not missing records: a filtered
 * run judges the cases it selected (and says how many it left out).
 */
export function leftOutByFilter(
  modules: readonly TestModule[],
  project: string,
  pattern: RegExp | string | undefined,
): { keys: Set<string>; filter: string } | undefined {
  if (pattern === undefined || pattern === '') return undefined;
  const filter = typeof pattern === 'string' ? new RegExp(pattern) : pattern;
  const keys = new Set<string>();
  for (const module of modules) {
    if (module.project.name !== project) continue;
    for (const test of module.children.allTests()) {
      const key = test.meta().agentproofbenchPlanned;
      if (key === undefined || test.result().state !== 'skipped') continue;
      if (!filterNames(test).some((name) => filter.test(name))) keys.add(key);
    }
  }
  return { keys, filter: typeof pattern === 'string' ? pattern : pattern.source };
}

/**
 * Thin Vitest adapter: gathers the records attached to the project's tests, hands them to
 * the pure aggregate, prints the terminal table and writes JSON, Markdown and HTML. Inside a shard
 * it only says how many cases it recorded (metrics come after `--merge-reports`); a failed
 * gate sets a non-zero exit code and names the gate.
 */
export class AgentProofBenchReporter implements Reporter {
  readonly options: ResolvedOptions;
  readonly #planned: () => Promise<RunPlan>;
  /** The report of the last completed run. */
  lastReport: Report | undefined;
  readonly timing: ReporterTiming;
  readonly #listener: ReportListener | undefined;
  #vitest: Vitest | undefined;
  #plan: RunPlan | Error | undefined;
  readonly #explainCases: CaseExplainer;
  readonly #prepareExplanations: ExplanationPreparer | undefined;

  /**
   * `plan` is the run's plan as the plugin computed it (planned once per process); without
   * it the reporter plans the run itself. `explainCases` replaces the case explanations of
   * the report model (`explainResults`, src/report/recorded-explanations.ts) in the HTML's
   * cells. `prepareExplanations` lets the explainer start on the planned cases while the
   * workers evaluate (this process only waits then), instead of explaining every case after
   * the last one. `listener` hears of each report as it is made, so a caller need not look
   * for this reporter afterwards.
   */
  constructor(
    options: ResolvedOptions,
    plan?: () => Promise<RunPlan>,
    explainCases?: CaseExplainer,
    prepareExplanations?: ExplanationPreparer,
    listener?: ReportListener,
  ) {
    this.options = options;
    this.#listener = listener;
    this.timing = listener?.timing ?? {};
    this.#planned = plan ?? (() => planRun(options));
    this.#explainCases = explainCases ?? explainResults;
    this.#prepareExplanations = prepareExplanations;
  }

  onInit(vitest: Vitest): void {
    this.#vitest = vitest;
  }

  /** Plan before the run ends, so that the report and the gate cases can be made synchronously. */
  async onTestRunStart(): Promise<void> {
    this.timing.runStartMs = performance.now();
    this.#plan = await this.#planned().catch((error: unknown) => error as Error);
    // A shard writes no HTML report; metrics and explanations come after --merge-reports.
    if (!(this.#plan instanceof Error) && !this.#vitest?.config.shard)
      void this.#prepareExplanations?.(
        this.#plan.pack,
        this.#plan.tasks.filter((task) => task.qualification.qualified).map((task) => task.task.id),
        this.#plan.companions,
      );
  }

  async onTestRunEnd(ran: ReadonlyArray<TestModule>): Promise<void> {
    this.timing.runEndMs = performance.now();
    // Nothing is awaited before the gate cases are added: the other reporters' onTestRunEnd
    // start right after this one's first await, and must see them (plugin.ts puts this first).
    const vitest = this.#vitest;
    // A watch-mode rerun runs only the chunk files of the tasks that changed (plugin.ts):
    // the report judges those with the results Vitest keeps of the others.
    const modules = vitest?.config.watch ? keptModules(vitest, ran) : ran;
    const log = (text: string) =>
      vitest ? vitest.logger.log(text) : process.stdout.write(`${text}\n`);
    const logError = (text: string) =>
      vitest ? vitest.logger.error(text) : process.stderr.write(`${text}\n`);
    const metas = collectCaseMetas(modules, this.options.name);
    const shard = vitest?.config.shard;
    if (shard) {
      const gateMetas = collectGateMetas(modules, this.options.name);
      log(
        `agentproofbench: shard ${shard.index}/${shard.count} recorded ${metas.length} evaluations${gateMetas.length > 0 ? ` and ${gateMetas.length} gate traces` : ''}; metrics are computed after \`vitest --merge-reports\``,
      );
      return;
    }
    const results = metas.map((meta): CaseResult => meta.result);
    let report: Report;
    let plan: RunPlan;
    try {
      const planned =
        this.#plan ?? (await this.#planned().catch((error: unknown) => error as Error));
      if (planned instanceof Error) throw planned;
      plan = planned;
      const gateMetas = collectGateMetas(modules, this.options.name);
      // Gate traces count as planned cases too: a start point that vanished must show.
      const cases = completenessOf(
        new Map([...plannedCaseNames(plan, this.options), ...plannedGateTraceNames(plan)]),
        [
          ...metas.map((meta) => caseKey(meta.result)),
          ...gateMetas.map((meta) => gateTraceKey(meta.trace)),
        ],
        missingRecordCauses(modules, this.options.name),
        leftOutByFilter(modules, this.options.name, vitest?.config.testNamePattern),
      );
      report = buildReport({
        cases,
        results,
        options: this.options,
        pack: plan.pack.manifest,
        qualifications: plan.tasks.map((task) => task.qualification),
        constructionCosts: constructionCostsOf(plan),
        isolation:
          metas.find((meta) => meta.runtime.isolation)?.runtime.isolation ??
          (null as IsolationReport | null),
        executions: executionInputOf(
          plan,
          gateMetas.map((meta) => meta.trace),
        ),
        versions: {
          agentproofbench: packageVersion(),
          vitest: vitest?.version ?? 'unknown',
          node: process.version,
        },
      });
    } catch (error) {
      process.exitCode = 1;
      // A run that could not be planned already failed with the whole message as a test.
      const [first] = (error as Error).message.split('\n');
      logError(`agentproofbench: no report written: ${first}`);
      return;
    }
    addCiThresholdCases(
      vitest,
      modules.filter((module) => module.project.name === this.options.name),
      report.gates,
    );
    this.lastReport = report;
    this.#listener?.onReport(report);
    log(`\n${renderTerminal(report)}`);
    const errors = describeErrors(errorOccurrences(results), results.length);
    if (errors.length > 0) logError(`agentproofbench: ${errors.join('\n')}`);
    const markdown = renderMarkdown(report);
    await mkdir(path.dirname(this.options.outputFile), { recursive: true });
    await writeFile(this.options.outputFile, `${JSON.stringify(report, null, 2)}\n`);
    const base = this.options.outputFile.replace(/\.json$/, '');
    await writeFile(`${base}.md`, markdown);
    try {
      const explanations = this.#explainCases(plan.pack, results);
      await writeFile(`${base}.html`, await renderHtmlReport(report, { explanations }));
    } catch (error) {
      // The JSON and Markdown are written: a figure that cannot be drawn must not hide them.
      process.exitCode = 1;
      logError(`agentproofbench: could not write the HTML report: ${(error as Error).message}`);
    }
    if (process.env.GITHUB_STEP_SUMMARY)
      await appendFile(process.env.GITHUB_STEP_SUMMARY, `${markdown}\n`);
    this.timing.reportedMs = performance.now();
    log(
      `agentproofbench: report written to ${path.relative(process.cwd(), this.options.outputFile) || this.options.outputFile}`,
    );
    const failed = report.gates.filter((gate) => !gate.passed);
    if (failed.length > 0) {
      process.exitCode = 1;
      logError(
        `agentproofbench: ${failed.length} gate(s) failed:\n${failed.map((gate) => `  ✗ ${gate.message}`).join('\n')}`,
      );
    }
  }
}

/** The modules of this run, and those Vitest keeps from earlier runs of the watch session. */
function keptModules(vitest: Vitest, ran: ReadonlyArray<TestModule>): TestModule[] {
  const kept = new Map(vitest.state.getTestModules().map((module) => [module.moduleId, module]));
  for (const module of ran) kept.set(module.moduleId, module);
  return [...kept.values()];
}
