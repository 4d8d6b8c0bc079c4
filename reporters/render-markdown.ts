import type { Report, ReportSummary } from '../src/report/report-schema.js';
import { CONDITIONS } from '../src/schema/task.js';
import { comparisonRows } from './comparison-rows.js';
import { pct } from './format.js';
import { markdownCode, markdownText } from './markdown-text.js';
import { noCiThresholdsNotice } from './no-ci-thresholds-notice.js';
import { executionMarkdownLines } from './render-execution.js';
import {
  allCasesLine,
  costMarkdown,
  crossConditionMarkdown,
  oneHalfLine,
  transitionsLine,
} from './render-sections.js';

const interval = (value: { lower: number | null; upper: number | null }) =>
  value.lower === null ? '' : ` [${pct(value.lower)}, ${pct(value.upper)}]`;

function summaryMarkdown(summary: ReportSummary): string[] {
  const lines = [
    '| condition | BA (95% CI) | panel correct | tasks |',
    '| --- | --- | --- | --- |',
  ];
  for (const condition of CONDITIONS) {
    const entry = summary.conditions[condition];
    if (entry.ba.tasks === 0) continue;
    lines.push(
      `| ${condition} | ${pct(entry.ba.estimate)}${interval(entry.ba)} | ${entry.panelCorrect.count}/${entry.panelCorrect.total} | ${entry.ba.tasks} |`,
    );
  }
  lines.push(
    `| **all** | **${pct(summary.ba.estimate)}**${interval(summary.ba)} | | ${summary.ba.tasks} |`,
    '',
  );
  lines.push(
    `- Valid acceptance: ${pct(summary.validAccept.rate)} (${summary.validAccept.count}/${summary.validAccept.total})`,
    `- False acceptance: ${pct(summary.falseAccept.rate)} (${summary.falseAccept.count}/${summary.falseAccept.total})`,
    `- Unknown: ${summary.unknown}; Errors: ${summary.errors.total}`,
    `- Jointly correct: ${summary.jointCorrect.count}/${summary.jointCorrect.total} programs × tasks${summary.jointCorrect.notApplicable > 0 ? ` (${summary.jointCorrect.notApplicable} not applicable)` : ''}; witness right ${summary.witness.right.count}/${summary.witness.right.total}`,
    `- ${transitionsLine(summary)}`,
    `- ${allCasesLine(summary)}`,
    ...[oneHalfLine(summary)].flatMap((line) => (line ? [`- ${line}`] : [])),
    ...Object.entries(summary.panels).map(
      ([kind, panel]) =>
        `- ${kind[0]!.toUpperCase()}${kind.slice(1)} panel: BA ${pct(panel.ba.estimate)}${interval(panel.ba)}; valid acceptance ${panel.validAccept.count}/${panel.validAccept.total}; false acceptance ${panel.falseAccept.count}/${panel.falseAccept.total}`,
    ),
  );
  return lines;
}

/** The run summary as GitHub-flavoured Markdown (written next to the JSON, appended to `$GITHUB_STEP_SUMMARY`). */
export function renderMarkdown(report: Report): string {
  const { run } = report;
  const lines = [
    `## AgentProofBench: ${markdownText(run.pack.name)} ${markdownText(run.pack.version)}`,
    '',
    `Runtime ${markdownCode(run.runtime.name)}${run.runtime.isolation ? ` (isolation: ${markdownText(run.runtime.isolation.level)})` : ''}, ${markdownText(run.mode)} mode, seed ${run.seed}, ${run.resamples} bootstrap resamples.`,
    '',
  ];
  for (const summary of report.sets.length > 0 ? report.sets : [report.summary]) {
    if (report.sets.length > 1) lines.push(`### Program set ${markdownCode(summary.set)}`, '');
    lines.push(...summaryMarkdown(summary), '');
  }
  if (report.contrasts.length > 0) {
    lines.push('| contrast | Δ (points) | 95% CI | p (Holm) |', '| --- | --- | --- | --- |');
    const points = (value: number | null) => (value === null ? '—' : (value * 100).toFixed(2));
    for (const contrast of report.contrasts) {
      lines.push(
        `| ${markdownText(contrast.name)} | ${points(contrast.delta)} | [${points(contrast.lower)}, ${points(contrast.upper)}] | ${contrast.pHolm?.toFixed(3) ?? '—'} |`,
      );
    }
    lines.push('');
  }
  lines.push(...crossConditionMarkdown(report), ...costMarkdown(report));
  if (report.execution) lines.push(...executionMarkdownLines(report.execution));
  const comparison = comparisonRows(report);
  if (comparison) {
    const [header, ...rows] = comparison;
    lines.push(
      '### Program vs judge',
      '',
      `| ${header!.map(markdownText).join(' | ')} |`,
      `| ${header!.map(() => '---').join(' | ')} |`,
      ...rows.map((row) => `| ${row.map(markdownText).join(' | ')} |`),
      '',
    );
  }
  if (report.excluded.length > 0)
    lines.push(
      `Excluded (not qualified): ${report.excluded.map((task) => markdownCode(task.id)).join(', ')}`,
      '',
    );
  const leftOut = report.run.cases?.leftOut;
  if (leftOut)
    lines.push(
      `Filtered run (${markdownCode(`-t ${leftOut.filter}`)}): judged ${report.run.cases!.planned} of ${report.run.cases!.planned + leftOut.count} planned cases; ${leftOut.count} left out.`,
      '',
    );
  if (report.gates.length > 0) {
    lines.push('| gate | result |', '| --- | --- |');
    for (const gate of report.gates)
      lines.push(
        `| ${markdownText(gate.gate)} | ${gate.passed ? '✅' : '❌'} ${markdownText(gate.message)} |`,
      );
    lines.push('');
  }
  const notice = noCiThresholdsNotice(report);
  if (notice) lines.push(`> ⚠️ ${notice}`, '');
  return lines.join('\n');
}
