import type { Report, ReportSummary } from '../../src/report/report-schema.js';
import { pct } from '../format.js';
import { noCiThresholdsNotice } from '../no-ci-thresholds-notice.js';
import { CASE_DATA_ENCODING, type CaseSink, encodeCaseData, OpenedCases } from './case-data.js';
import { escapeHtml } from './escape.js';
import { ExecutionSectionView, executionFigures } from './execution-figures.js';
import {
  COLOURS,
  contrastFigure,
  correctnessRings,
  costFigure,
  crossConditionFigure,
  type FigureSpec,
  falseAcceptanceFigure,
  latencyFigure,
} from './figures.js';
import { renderSvg } from './svg.js';
import { verdictGrid } from './verdict-grid.js';

/** What the page may show beyond the JSON report: each case's full explanation, by case key. */
export interface HtmlReportOptions {
  /** `caseKey(...)` (src/contract/case-key.ts) → the case explanation (verifier checks, deciding reference check, row diff). */
  explanations?: ReadonlyMap<string, string>;
}

async function figureHtml(figure: FigureSpec): Promise<string> {
  const svg = await renderSvg(figure.spec);
  return `<figure id="${escapeHtml(figure.id)}" data-figure="${escapeHtml(figure.id)}">${svg}<figcaption><strong>${escapeHtml(figure.title)}.</strong> ${escapeHtml(figure.caption)}</figcaption></figure>`;
}

async function figuresHtml(figures: readonly (FigureSpec | null)[]): Promise<string> {
  const drawn: string[] = [];
  for (const figure of figures) if (figure) drawn.push(await figureHtml(figure));
  return drawn.join('\n');
}

function summaryTable(summary: ReportSummary): string {
  const rate = (r: {
    count: number;
    total: number;
    rate: number | null;
    lower: number | null;
    upper: number | null;
  }) =>
    `${pct(r.rate)} (${r.count}/${r.total})${r.lower === null ? '' : ` [${pct(r.lower)}, ${pct(r.upper)}]`}`;
  const rows: [string, string, string][] = [
    [
      'ba',
      'Balanced accuracy',
      `${pct(summary.ba.estimate)} [${pct(summary.ba.lower)}, ${pct(summary.ba.upper)}] over ${summary.ba.tasks} tasks`,
    ],
    [
      'joint',
      'Jointly correct',
      `${summary.jointCorrect.count}/${summary.jointCorrect.total}${summary.jointCorrect.notApplicable ? ` (${summary.jointCorrect.notApplicable} not applicable)` : ''}`,
    ],
    ['valid-accept', 'Valid acceptance', rate(summary.validAccept)],
    ['false-accept', 'False acceptance', rate(summary.falseAccept)],
    ['witness', 'Witness right', `${summary.witness.right.count}/${summary.witness.right.total}`],
    [
      'transitions',
      'Source → related',
      `both ${summary.transitions.both.count}, source only ${summary.transitions.sourceOnly.count}, related only ${summary.transitions.relatedOnly.count}, neither ${summary.transitions.neither.count} of ${summary.transitions.both.total}`,
    ],
    [
      'cases',
      'Unknown / Error (every case)',
      `${summary.allCases.unknown} / ${summary.allCases.errors.total} of ${summary.allCases.cases} evaluations`,
    ],
  ];
  const half = summary.oneHalfPanels.panels.filter((panel) => panel.panel === 'primary');
  if (half.length > 0)
    rows.push([
      'one-half',
      'Panels on one half',
      half.map((p) => `${p.task} ${p.condition} (${p.basis})`).join(', '),
    ]);
  return `<table class="summary">${rows.map(([id, name, value]) => `<tr data-metric="${id}"><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`;
}

/** One report's body: per set its numbers, figures and verdict grids; ids are prefixed for side by side pages. */
async function reportBody(
  report: Report,
  options: HtmlReportOptions,
  opened: CaseSink,
  prefix: string,
): Promise<string> {
  const sets = report.sets.length > 0 ? report.sets : [report.summary];
  const parts: string[] = [];
  for (const [index, summary] of sets.entries()) {
    const setPrefix = `${prefix}${index === 0 ? '' : `${summary.set}-`}`;
    parts.push(`<section class="set" data-set="${escapeHtml(summary.set)}">`);
    if (sets.length > 1) parts.push(`<h2>Program set <code>${escapeHtml(summary.set)}</code></h2>`);
    parts.push(summaryTable(summary));
    parts.push(
      `<div class="figures">${await figuresHtml([
        ...correctnessRings(summary, setPrefix),
        falseAcceptanceFigure(report, summary, setPrefix),
        latencyFigure(report, summary, setPrefix),
      ])}</div>`,
    );
    parts.push('</section>');
  }
  const shared = await figuresHtml([
    crossConditionFigure(report, prefix),
    costFigure(report, prefix),
    contrastFigure(report.contrasts, `${prefix}contrasts`),
  ]);
  if (shared)
    parts.push(
      `<section><h2>Across program sets</h2><div class="figures">${shared}</div></section>`,
    );
  const execution: unknown = report.execution;
  if (execution !== undefined && execution !== null) {
    const parsed = ExecutionSectionView.safeParse(execution);
    parts.push(
      parsed.success
        ? `<section><h2>Execution study</h2><div class="figures">${await figuresHtml(executionFigures(parsed.data, prefix))}</div></section>`
        : `<section><h2>Execution study</h2><p>The report has an execution section this renderer cannot read (${escapeHtml(parsed.error.issues[0]?.message ?? '')}).</p></section>`,
    );
  }
  const grids = report.tasks.map((task) =>
    verdictGrid(task, options.explanations ?? new Map(), opened),
  );
  parts.push(
    `<section><h2>Verdicts per task</h2><p class="legend">${legend()}</p><div class="grids">${grids.join('\n')}</div></section>`,
  );
  if (report.excluded.length > 0)
    parts.push(
      `<section><h2>Excluded (not qualified)</h2><ul>${report.excluded.map((t) => `<li><code>${escapeHtml(t.id)}</code>: ${escapeHtml(t.problems.map((p) => p.message).join('; '))}</li>`).join('')}</ul></section>`,
    );
  if (report.gates.length > 0)
    parts.push(
      `<section><h2>Gates</h2><ul class="gates">${report.gates.map((g) => `<li class="${g.passed ? 'pass' : 'fail'}">${g.passed ? '✓' : '✗'} ${escapeHtml(g.message)}</li>`).join('')}</ul></section>`,
    );
  return parts.join('\n');
}

function legend(): string {
  return [
    ['correct', 'correct'],
    ['false-accept', 'false accept'],
    ['false-reject', 'false reject'],
    ['unknown', 'unknown'],
    ['error', 'error'],
  ]
    .map(([kind, name]) => `<span class="cell ${kind}">${name}</span>`)
    .join(' ');
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:1.5rem;color:#212121;max-width:1400px}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem}
.muted{color:#616161;font-weight:normal}
.warning{color:#8a4b00;font-weight:bold}
.figures{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:flex-start}
figure{margin:0}figcaption{max-width:420px;font-size:12px;color:#424242}
table.summary th{text-align:left;padding-right:1rem;font-weight:600}
.grids{display:flex;flex-wrap:wrap;gap:1.5rem}
table.grid{border-collapse:collapse;font-size:12px}
table.grid caption{text-align:left;font-weight:600;padding-bottom:.25rem}
table.grid th{text-align:left;padding:2px 6px;font-weight:500}
table.grid th .role{display:block;color:#757575;font-size:11px}
.half{color:${COLOURS.falseReject};font-size:11px}
.cell{border:0;border-radius:3px;padding:3px 8px;color:white;cursor:pointer;font:inherit}
.cell.correct{background:${COLOURS.correct}}.cell.false-accept{background:${COLOURS.falseAccept}}
.cell.false-reject{background:${COLOURS.falseReject}}.cell.unknown{background:${COLOURS.unknown}}
.cell.error{background:${COLOURS.error}}
.legend .cell{cursor:default;margin-right:.3rem}
td.none{background:repeating-linear-gradient(45deg,#fafafa,#fafafa 4px,#eee 4px,#eee 8px)}
dialog{max-width:min(900px,90vw)}dialog pre{white-space:pre-wrap;font-size:12px;max-height:70vh;overflow:auto}
.gates .fail{color:${COLOURS.falseAccept}}
.side-by-side{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:2rem}.side-by-side>*{min-width:0;overflow-x:auto}
`;

// The only script: open a cell's explanation in a dialog. The explanations are gzipped JSON
// in base64 (case-data.ts), decoded once by the browser's DecompressionStream as the page
// loads; a cell opened before that waits for it. Texts are set as text, never as HTML.
const SCRIPT = `
const dialog = document.getElementById('apb-case');
async function decode() {
  const binary = atob(document.getElementById('apb-cases').textContent.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return JSON.parse(await new Response(stream).text());
}
const decoded = decode();
decoded.catch(() => {});
document.addEventListener('click', async (event) => {
  const cell = event.target.closest('button.cell[data-case]');
  if (!cell) return;
  let title = cell.title;
  let text;
  try {
    const data = await decoded;
    const [, caseTitle, lines] = data.cases[Number(cell.dataset.case)];
    title = caseTitle;
    text = lines.map((line) => data.lines[line]).join('\\n');
  } catch (error) {
    text = 'The case explanations could not be decoded (' + error + '). This page needs a browser with DecompressionStream: Chromium 80, Firefox 113, Safari 16.4 or newer.';
  }
  dialog.querySelector('h3').textContent = title;
  dialog.querySelector('pre').textContent = text;
  dialog.showModal();
});
dialog.querySelector('button').addEventListener('click', () => dialog.close());
`;

function page(title: string, body: string, opened: OpenedCases): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
${body}
<dialog id="apb-case"><h3></h3><pre></pre><form method="dialog"><button type="button">Close</button></form></dialog>
<script type="application/octet-stream" id="apb-cases" data-encoding="${CASE_DATA_ENCODING}">${encodeCaseData(opened)}</script>
<script>${SCRIPT}</script>
</body></html>
`;
}

function heading(report: Report): string {
  const { run } = report;
  return `<h1>AgentProofBench: ${escapeHtml(run.pack.name)} ${escapeHtml(run.pack.version)}</h1>
<p class="muted">Reference ${escapeHtml(run.pack.referenceVersion)} · runtime ${escapeHtml(run.runtime.name)}${run.runtime.isolation ? ` (${escapeHtml(run.runtime.isolation.level)})` : ''} · ${run.mode} mode · seed ${run.seed}, ${run.resamples} resamples · ${report.passed ? (noCiThresholdsNotice(report) ? 'no gate failed' : 'every gate passed') : 'a gate failed'}</p>${noCiThresholdsNotice(report) ? `\n<p class="warning">${escapeHtml(noCiThresholdsNotice(report)!)}</p>` : ''}`;
}

/**
 * The HTML report: one self-contained file (inline SVG figures, inline style and a few
 * lines of script, no network), written next to the JSON and Markdown.
 */
export async function renderHtmlReport(
  report: Report,
  options: HtmlReportOptions = {},
): Promise<string> {
  const opened = new OpenedCases();
  const body = `${heading(report)}\n${await reportBody(report, options, opened, '')}`;
  return page(`AgentProofBench report: ${report.run.pack.name}`, body, opened);
}

/** A contrast as `compare` computes it, in the report's units (fractions). */
export interface PagedContrast {
  name: string;
  delta: number | null;
  lower: number | null;
  upper: number | null;
  pValue: number | null;
  pHolm: number | null;
  tasks: number;
}

/** Two reports side by side under their paired Δ (`agentproofbench compare --html`). */
export async function renderHtmlComparison(
  a: { file: string; report: Report },
  b: { file: string; report: Report },
  contrasts: readonly PagedContrast[],
  options: { a?: HtmlReportOptions; b?: HtmlReportOptions } = {},
): Promise<string> {
  const opened = new OpenedCases();
  const points = (value: number | null) =>
    value === null ? '—' : `${value >= 0 ? '+' : ''}${(value * 100).toFixed(2)}`;
  const rows = contrasts
    .map(
      (c) =>
        `<tr data-contrast="${escapeHtml(c.name)}"><th scope="row">${escapeHtml(c.name)}</th><td class="delta">${points(c.delta)}</td><td>[${points(c.lower)}, ${points(c.upper)}]</td><td>${c.pValue?.toFixed(3) ?? '—'}</td><td>${c.pHolm?.toFixed(3) ?? '—'}</td><td>${c.tasks}</td></tr>`,
    )
    .join('');
  const delta = await figuresHtml([contrastFigure(contrasts, 'compare-delta')]);
  const column = async (side: 'a' | 'b', entry: { file: string; report: Report }) => {
    // Keys of the two sides may coincide (same set and task names): keep them apart.
    const body = await reportBody(
      entry.report,
      options[side] ?? {},
      opened.prefixed(`${side}:`),
      `${side}-`,
    );
    return `<div class="side" data-side="${side}"><h2>${side} = ${escapeHtml(entry.file)} <span class="muted">(set ${escapeHtml(entry.report.summary.set)})</span></h2>${body}</div>`;
  };
  const body = `<h1>AgentProofBench comparison</h1>
<p class="muted">Δ = BA_a − BA_b in points over the tasks both reports scored, family-bootstrap intervals, Holm-adjusted p-values.</p>
<table class="summary contrasts"><thead><tr><th>contrast</th><th>Δ</th><th>95% CI</th><th>p</th><th>p (Holm)</th><th>tasks</th></tr></thead><tbody>${rows}</tbody></table>
<div class="figures">${delta}</div>
<div class="side-by-side">${await column('a', a)}${await column('b', b)}</div>`;
  return page('AgentProofBench comparison', body, opened);
}
