import type { Report, ReportSummary } from '../src/report/report-schema.js';
import { CONDITIONS } from '../src/schema/task.js';
import { pct } from './format.js';
import { markdownText } from './markdown-text.js';

// Markdown of the sections beyond BA (transitions, matrix, cost, one-half panels, every
// case's Unknown/Error), shared by the Markdown renderer; plain strings, no I/O.

const ratio = (value: { count: number; total: number }) => `${value.count}/${value.total}`;

/** One line: Unknown and Error over every case, where the primary-only counts would hide some. */
export function allCasesLine(summary: ReportSummary): string {
  const { byPanel } = summary.allCases;
  const parts = (['primary', 'witness', 'natural', 'prefix'] as const)
    .filter((panel) => byPanel[panel].cases > 0)
    .map((panel) => `${panel} ${byPanel[panel].unknown}/${byPanel[panel].errors}`);
  return `Every case: ${summary.allCases.unknown} Unknown, ${summary.allCases.errors.total} Error over ${summary.allCases.cases} evaluations (unknown/error by panel: ${parts.join(', ') || '—'})`;
}

export function transitionsLine(summary: ReportSummary): string {
  const t = summary.transitions;
  return `Transitions (panel correct on source → related): both ${ratio(t.both)}, source only ${ratio(t.sourceOnly)}, related only ${ratio(t.relatedOnly)}, neither ${ratio(t.neither)}${t.incomplete.count > 0 ? `, incomplete ${ratio(t.incomplete)}` : ''}`;
}

export function oneHalfLine(summary: ReportSummary): string | null {
  const primary = summary.oneHalfPanels.panels.filter((panel) => panel.panel === 'primary');
  if (primary.length === 0) return null;
  const named = primary.map((panel) => `${panel.task} ${panel.condition} (${panel.basis})`);
  return `BA not reported for primary panels with one half only: ${named.join(', ')}`;
}

export function crossConditionMarkdown(report: Report): string[] {
  const { cells, panelsWithoutBuildCondition } = report.crossCondition;
  const rows = CONDITIONS.filter((builtOn) =>
    CONDITIONS.some((on) => cells[builtOn][on].programs > 0),
  );
  if (rows.length === 0) return [];
  const lines = [
    '| built on ↓ / evaluated on → | source | background | related |',
    '| --- | --- | --- | --- |',
  ];
  for (const builtOn of rows) {
    const row = CONDITIONS.map((on) => {
      const cell = cells[builtOn][on];
      return cell.ba === null ? '—' : `${pct(cell.ba)} (${cell.tasks} tasks)`;
    });
    lines.push(`| ${builtOn} | ${row.join(' | ')} |`);
  }
  if (panelsWithoutBuildCondition > 0)
    lines.push(
      '',
      `${panelsWithoutBuildCondition} panels of programs without \`builtOn\` are not placed.`,
    );
  return [...lines, ''];
}

export function costMarkdown(report: Report): string[] {
  const cost = report.cost;
  if (cost === null || cost.programs.length === 0) return [];
  const money = (value: number | null) =>
    value === null ? '—' : `${value.toPrecision(3)} ${markdownText(cost.currency)}`;
  const lines = [
    `| set | program | C | c | ${cost.uses.map((k) => `c + C/${k}`).join(' | ')} | break-even uses |`,
    `| --- | --- | --- | --- | ${cost.uses.map(() => '---').join(' | ')} | --- |`,
  ];
  for (const program of cost.programs) {
    lines.push(
      `| ${markdownText(program.set)} | ${markdownText(program.program)} | ${money(program.construction)} | ${money(program.perUse)} | ${program.amortised.map((a) => money(a.perUse)).join(' | ')} | ${program.breakEvenUses ?? '—'} |`,
    );
  }
  return [...lines, ''];
}
