import { readFile } from 'node:fs/promises';
import { ReportSchema } from '../../../reporters/report-schema.js';
import { resultsFromReport } from '../../../reporters/results-from-report.js';
import type { CaseResult } from '../../contract/case.js';
import { type ContrastResult, collectResults, pairedContrasts } from '../../metrics/index.js';
import type { ConditionName } from '../../schema/task.js';
import type { CliIO } from '../io.js';
import { UsageError } from '../usage-error.js';

export const compareHelp = `agentproofbench compare <a.json> <b.json> [--seed n] [--resamples n] [--json]

Paired contrast between two saved reports (docs/benchmark.md, Metrics): Δ = mean over the tasks both
reports scored of (BA_a − BA_b), on the related condition and over all conditions, with
family-bootstrap 95% intervals, centred bootstrap p-values and Holm adjustment. Each
report contributes its primary program set.`;

export interface CompareArgs {
  a?: string;
  b?: string;
  seed?: string;
  resamples?: string;
  json: boolean;
}

async function readResults(
  file: string,
  side: 'a' | 'b',
): Promise<{ set: string; results: CaseResult[] }> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: cannot read a JSON report (${(error as Error).message})`);
  }
  const parsed = ReportSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(
      `${file}: not an agentproofbench report (${first?.path.join('.') ?? ''}: ${first?.message ?? 'invalid'})`,
    );
  }
  const primary = parsed.data.summary.set;
  const results = resultsFromReport(parsed.data)
    .filter((result) => result.program.set === primary)
    .map((result) => ({ ...result, program: { ...result.program, set: side } }));
  return { set: primary, results };
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
      ? `; unpaired: a only ${contrast.onlyA.join(', ') || '—'}, b only ${contrast.onlyB.join(', ') || '—'}`
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
  if (args.json) {
    io.out(JSON.stringify({ a: args.a, b: args.b, contrasts }, null, 2));
  } else {
    io.out(`a = ${args.a} (set ${a.set}), b = ${args.b} (set ${b.set}); Δ = BA_a − BA_b`);
    for (const contrast of contrasts) io.out(describeContrast(contrast));
  }
  return 0;
}
