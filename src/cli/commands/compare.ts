import { readFile, writeFile } from 'node:fs/promises';
import { renderHtmlComparison } from '../../../reporters/html/render-html.js';
import type { CaseResult } from '../../contract/case.js';
import { AgentProofBenchError } from '../../contract/error.js';
import {
  type ContrastResult,
  collectResults,
  DEFAULT_BOOTSTRAP_SEED,
  DEFAULT_RESAMPLES,
  pairedContrasts,
} from '../../metrics/index.js';
import { loadPack } from '../../pack/load.js';
import type { Pack } from '../../pack/pack.js';
import { PackLoadError } from '../../pack/pack-error.js';
import { resolvePackDir } from '../../pack/resolve.js';
import { contrastEntry } from '../../report/aggregate.js';
import { explainResults } from '../../report/recorded-explanations.js';
import { REPORT_SCHEMA_VERSION, type Report, ReportSchema } from '../../report/report-schema.js';
import { resultsFromReport } from '../../report/results-from-report.js';
import { terminalText } from '../../report/terminal-text.js';
import type { ConditionName } from '../../schema/task.js';
import { type ArgsOf, type FlagTable, flagsHelp } from '../flags.js';
import type { CliIO } from '../io.js';
import { UsageError } from '../usage-error.js';

/** Every flag of `agentproofbench compare`: its parser options, help lines and types. */
export const COMPARE_FLAGS = {
  seed: {
    value: '<n>',
    help: [`seed of the bootstrap resampling (default ${DEFAULT_BOOTSTRAP_SEED})`],
  },
  resamples: { value: '<n>', help: [`bootstrap resamples (default ${DEFAULT_RESAMPLES})`] },
  json: { help: ['print the contrasts as JSON instead of lines'] },
  html: {
    value: '<file>',
    help: [
      'also write both reports side by side with the paired Δ as one',
      'self-contained HTML page',
    ],
  },
  pack: {
    value: '<p>',
    help: [
      'the pack both reports ran on, so each verdict cell of the HTML opens',
      "the full case explanation (default: the shipped pack of the reports'",
      'name and version, if any; otherwise cells show what the reports hold)',
    ],
  },
} as const satisfies FlagTable;

export type CompareArgs = ArgsOf<typeof COMPARE_FLAGS> & { a?: string; b?: string };

export const compareHelp = `agentproofbench compare <a.json> <b.json> [--seed n] [--resamples n] [--json] [--html file] [--pack p]

Paired contrast between two saved reports (docs/benchmark.md, Metrics): Δ = mean over the tasks both
reports scored of (BA_a − BA_b), on the related condition and over all conditions, with
family-bootstrap 95% intervals, centred bootstrap p-values and Holm adjustment. Each
report contributes its primary program set.
${flagsHelp(COMPARE_FLAGS, 17)}`;

/** The pack a report ran on, when it can be found with the same name and version. */
async function packOf(report: Report, pack: string | undefined): Promise<Pack | undefined> {
  let dir: string;
  try {
    dir = resolvePackDir(pack ?? report.run.pack.name);
  } catch (error) {
    if (pack !== undefined) throw error;
    return undefined;
  }
  const loaded = await loadPack(dir);
  if (!loaded.ok) {
    if (pack !== undefined) throw new PackLoadError(dir, loaded.errors);
    return undefined;
  }
  const { name, version } = loaded.pack.manifest;
  return name === report.run.pack.name && version === report.run.pack.version
    ? loaded.pack
    : undefined;
}

async function explanationsOf(report: Report, pack: string | undefined) {
  const found = await packOf(report, pack);
  return { explanations: found ? explainResults(found, resultsFromReport(report)) : new Map() };
}

async function readResults(
  file: string,
  side: 'a' | 'b',
): Promise<{ set: string; results: CaseResult[]; report: Report }> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    // JSON.parse quotes the file's text: shown with control characters escaped, like every
    // string of a report (docs/report.md, "Untrusted strings").
    throw new AgentProofBenchError(
      'APB_REPORT_INPUT',
      `${terminalText(file)}: cannot read a JSON report (${terminalText((error as Error).message)})`,
      { fix: 'pass the JSON report a run wrote (its outputFile)' },
    );
  }
  const version = (raw as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (typeof version === 'number' && version !== REPORT_SCHEMA_VERSION)
    throw new AgentProofBenchError(
      'APB_REPORT_INPUT',
      `${terminalText(file)}: report schemaVersion ${version}, this agentproofbench reads ${REPORT_SCHEMA_VERSION}; re-run the benchmark to write a current report`,
      { fix: 're-run the benchmark to write a report of the current schema' },
    );
  const parsed = ReportSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new AgentProofBenchError(
      'APB_REPORT_INPUT',
      `${terminalText(file)}: not an agentproofbench report (${terminalText(first?.path.join('.') ?? '')}: ${terminalText(first?.message ?? 'invalid')})`,
      { fix: 'pass the JSON report a run wrote (its outputFile), unedited' },
    );
  }
  const primary = parsed.data.summary.set;
  const results = resultsFromReport(parsed.data)
    .filter((result) => result.program.set === primary)
    .map((result) => ({ ...result, program: { ...result.program, set: side } }));
  return { set: primary, results, report: parsed.data };
}

function integerOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new UsageError(`--${name} must be a non-negative integer, got "${value}"`);
  return n;
}

const points = (value: number | null) =>
  value === null ? '—' : `${value >= 0 ? '+' : ''}${(value * 100).toFixed(2)}`;

function describeContrast(contrast: ContrastResult): string {
  const ci = `[${points(contrast.interval.lower)}, ${points(contrast.interval.upper)}]`;
  const p =
    contrast.pValue === null
      ? 'p —'
      : `p ${contrast.pValue.toFixed(3)} (Holm ${contrast.pHolm?.toFixed(3) ?? '—'})`;
  const unpaired =
    contrast.onlyA.length + contrast.onlyB.length > 0
      ? `; unpaired: a only ${contrast.onlyA.map(terminalText).join(', ') || '—'}, b only ${contrast.onlyB.map(terminalText).join(', ') || '—'}`
      : '';
  return `${contrast.condition.padEnd(8)} Δ ${points(contrast.delta)} points ${ci}, ${p}, ${contrast.tasks} paired tasks, ${contrast.interval.families} families${unpaired}`;
}

export async function compareCommand(args: CompareArgs, io: CliIO): Promise<number> {
  if (!args.a || !args.b) throw new UsageError('two report files are required');
  // Other errors (an unreadable report) reach the dispatcher: one line, exit 1.
  const seed = integerOption(args.seed, 'seed');
  const resamples = integerOption(args.resamples, 'resamples');
  const a = await readResults(args.a, 'a');
  const b = await readResults(args.b, 'b');
  const { panels } = collectResults([...a.results, ...b.results]);
  const conditions: Array<ConditionName | undefined> = ['related', undefined];
  const contrasts = pairedContrasts(
    panels,
    conditions.map((condition) => ({
      name: `a-b ${condition ?? 'all'}`,
      a: { set: 'a' },
      b: { set: 'b' },
      ...(condition ? { condition } : {}),
    })),
    {
      ...(seed !== undefined ? { seed } : {}),
      ...(resamples !== undefined ? { resamples } : {}),
    },
  );
  if (args.html) {
    const page = await renderHtmlComparison(
      { file: args.a, report: a.report },
      { file: args.b, report: b.report },
      contrasts.map(contrastEntry),
      {
        a: await explanationsOf(a.report, args.pack),
        b: await explanationsOf(b.report, args.pack),
      },
    );
    await writeFile(args.html, page);
  }
  if (args.json) {
    io.out(JSON.stringify({ a: args.a, b: args.b, contrasts }, null, 2));
  } else {
    io.out(
      `a = ${terminalText(args.a)} (set ${terminalText(a.set)}), b = ${terminalText(args.b)} (set ${terminalText(b.set)}); Δ = BA_a − BA_b`,
    );
    for (const contrast of contrasts) io.out(describeContrast(contrast));
    if (args.html) io.out(`HTML written to ${args.html}`);
  }
  return 0;
}
