import type { Report, ReportSummary } from '../src/report/report-schema.js';
import { terminalText } from '../src/report/terminal-text.js';
import { CONDITIONS } from '../src/schema/task.js';
import { comparisonRows } from './comparison-rows.js';
import { pct, textTable } from './format.js';
import { noCiThresholdsNotice } from './no-ci-thresholds-notice.js';
import { executionTerminalLines } from './render-execution.js';
import { allCasesLine, oneHalfLine, transitionsLine } from './render-sections.js';

const ratio = (value: { count: number; total: number }) => `${value.count}/${value.total}`;
const withInterval = (value: {
  estimate?: number | null;
  rate?: number | null;
  lower: number | null;
  upper: number | null;
}) => {
  const point = value.estimate ?? value.rate ?? null;
  return point === null ? '—' : `${pct(point)} [${pct(value.lower)}, ${pct(value.upper)}]`;
};

function summaryLines(summary: ReportSummary): string[] {
  const header = ['condition', 'BA [95% CI]', 'panel correct', 'tasks'];
  const rows = CONDITIONS.filter((condition) => summary.conditions[condition].ba.tasks > 0).map(
    (condition) => {
      const entry = summary.conditions[condition];
      return [condition, withInterval(entry.ba), ratio(entry.panelCorrect), String(entry.ba.tasks)];
    },
  );
  const errorKinds = Object.entries(summary.errors.byKind)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  return [
    ...textTable([
      header,
      ...rows,
      ['all', withInterval(summary.ba), '', String(summary.ba.tasks)],
    ]),
    '',
    `valid acceptance  ${withInterval(summary.validAccept)} (${ratio(summary.validAccept)})`,
    `false acceptance  ${withInterval(summary.falseAccept)} (${ratio(summary.falseAccept)})`,
    `unknown ${summary.unknown}   errors ${summary.errors.total}${errorKinds ? ` (${errorKinds})` : ''}`,
    `witness right ${ratio(summary.witness.right)}   source-qualified ${ratio(summary.sourceQualified)}   jointly correct ${ratio(summary.jointCorrect)} programs × tasks`,
    transitionsLine(summary),
    allCasesLine(summary),
    ...[oneHalfLine(summary)].flatMap((line) => (line ? [line] : [])),
    ...Object.entries(summary.panels).map(
      ([kind, panel]) =>
        `${kind} panel  BA ${withInterval(panel.ba)}   valid acceptance ${ratio(panel.validAccept)}   false acceptance ${ratio(panel.falseAccept)}`,
    ),
    ...(summary.worstTasks.length > 0
      ? [
          `worst tasks: ${summary.worstTasks.map((task) => `${terminalText(task.task)} ${pct(task.ba)}`).join(', ')}`,
        ]
      : []),
  ];
}

/** The terminal's width budget: tables are split and long lines wrapped to fit it. */
export const TERMINAL_COLUMNS = 120;

/**
 * The isolation mode (`--isolation pooled|fresh`, docs/sandbox.md) the runtime's measures
 * show: the isolate runtime names a fresh context in a warm isolate (pooled) or a fresh
 * isolate; other runtimes report no mode.
 */
function isolationMode(runtime: Report['run']['runtime']): string | null {
  const measures = runtime.isolation?.measures ?? [];
  if (measures.includes('fresh-v8-context-in-warm-isolate')) return 'pooled';
  if (measures.includes('fresh-v8-isolate')) return 'fresh';
  return null;
}

/** A line longer than the budget, broken at spaces; continuation lines are indented. */
function wrapLine(line: string): string[] {
  if (line.length <= TERMINAL_COLUMNS) return [line];
  const indent = `${/^ */.exec(line)![0]}    `;
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    const next = current === '' ? word : `${current} ${word}`;
    if (next.length > TERMINAL_COLUMNS && current.trim() !== '') {
      out.push(current);
      current = `${indent}${word}`;
    } else current = next;
  }
  out.push(current);
  return out;
}

/** The compact end-of-run table (plain text; the adapter adds no colour so logs stay greppable). */
export function renderTerminal(report: Report): string {
  const { run } = report;
  const mode = isolationMode(run.runtime);
  const lines = [
    // Pack-, verifier- and report-supplied strings show their control characters escaped
    // (docs/report.md, "Untrusted strings").
    `AgentProofBench — ${terminalText(run.pack.name)} ${terminalText(run.pack.version)} (reference ${terminalText(run.pack.referenceVersion)}), runtime ${terminalText(run.runtime.name)}${mode ? `, ${mode} isolation` : ''}, ${terminalText(run.mode)} mode`,
  ];
  for (const summary of report.sets.length > 0 ? report.sets : [report.summary]) {
    if (report.sets.length > 1) lines.push('', `program set ${terminalText(summary.set)}`);
    lines.push(...summaryLines(summary));
  }
  for (const contrast of report.contrasts) {
    const points = (value: number | null) => (value === null ? '—' : (value * 100).toFixed(2));
    lines.push(
      `Δ ${terminalText(contrast.name)}: ${points(contrast.delta)} points [${points(contrast.lower)}, ${points(contrast.upper)}], p(Holm) ${contrast.pHolm?.toFixed(3) ?? '—'}, ${contrast.tasks} tasks`,
    );
  }
  if (report.execution) lines.push('', ...executionTerminalLines(report.execution), '');
  const comparison = comparisonRows(report);
  if (comparison) {
    // Too wide for one table: the acceptance profile, then latency and cost, each keyed by
    // set and verifier.
    const cells = comparison.map((row) => row.map(terminalText));
    const costColumns = 4;
    const split = cells[0]!.length - costColumns;
    lines.push(
      '',
      'program vs judge',
      ...textTable(cells.map((row) => row.slice(0, split))),
      ...textTable(cells.map((row) => [...row.slice(0, 2), ...row.slice(split)])),
    );
  }
  if (report.excluded.length > 0)
    lines.push(
      `excluded (not qualified): ${report.excluded.map((task) => terminalText(task.id)).join(', ')}`,
    );
  const leftOut = run.cases?.leftOut;
  if (leftOut)
    lines.push(
      `filtered run (-t ${terminalText(leftOut.filter)}): judged ${run.cases!.planned} of ${run.cases!.planned + leftOut.count} planned cases; ${leftOut.count} left out`,
    );
  for (const gate of report.gates)
    lines.push(`${gate.passed ? '✓' : '✗'} gate ${terminalText(gate.message)}`);
  const notice = noCiThresholdsNotice(report);
  if (notice) lines.push(`! ${notice}`);
  return lines.flatMap(wrapLine).join('\n');
}
