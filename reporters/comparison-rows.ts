import type { Report, ReportSummary } from '../src/report/report-schema.js';
import { CATEGORIES } from '../src/schema/reference.js';
import { pct } from './format.js';

// The verifier comparison (src/report/verifier-comparison.ts) as table rows, for the
// terminal and Markdown renderers: each set's acceptance profile, then latency and cost.

const latency = (ms: number | null) =>
  ms === null ? '—' : ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`;
const money = (value: number | null) => (value === null ? '—' : `$${value.toPrecision(3)}`);

/** Rows of the side-by-side table: one per set, acceptance profile then latency and cost. */
export function comparisonRows(report: Report): string[][] | null {
  const section = report.comparison;
  if (!section) return null;
  const header = [
    'set',
    'verifier',
    'valid accept',
    'false accept',
    ...CATEGORIES.map((category) => `FA ${category}`),
    'median latency',
    'c per use',
    'C (median)',
    'break-even uses',
  ];
  const rows = section.sets.map((entry) => {
    const summary: ReportSummary =
      report.sets.find((set) => set.set === entry.set) ?? report.summary;
    return [
      entry.set,
      entry.judge ? 'online judge' : 'program',
      pct(summary.validAccept.rate),
      pct(summary.falseAccept.rate),
      ...CATEGORIES.map((category) => pct(summary.falseAcceptByFault[category].rate)),
      latency(entry.medianLatencyMs),
      money(entry.perUseCost),
      entry.judge ? '—' : money(entry.medianConstruction),
      entry.medianBreakEvenUses === null ? '—' : String(entry.medianBreakEvenUses),
    ];
  });
  return [header, ...rows];
}
