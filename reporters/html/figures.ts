import type { TopLevelSpec } from 'vega-lite';
import type { Report, ReportSummary } from '../../src/report/report-schema.js';
import { CATEGORIES } from '../../src/schema/reference.js';
import { CONDITIONS } from '../../src/schema/task.js';
import { pct } from '../format.js';

// Vega-Lite specs of the report's figures, pure functions of the JSON report. Each figure
// names its numbers in text marks too, so a reader (and the browser test) can read them.

/** A figure to draw: a stable id (used in the page and by tests), a caption, the spec. */
export interface FigureSpec {
  id: string;
  title: string;
  caption: string;
  spec: TopLevelSpec;
}

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
export const COLOURS = {
  correct: '#2e7d32',
  falseAccept: '#c62828',
  falseReject: '#ef6c00',
  unknown: '#757575',
  error: '#6a1b9a',
  rest: '#e0e0e0',
  accent: '#1565c0',
};
const FONT = { font: 'sans-serif', labelFont: 'sans-serif', titleFont: 'sans-serif' };
const config = {
  view: { stroke: null },
  axis: { labelFont: FONT.labelFont, titleFont: FONT.titleFont },
  legend: { labelFont: FONT.labelFont, titleFont: FONT.titleFont },
  text: { font: FONT.font },
};

/** One correctness ring (paper Fig. 3): the correct share of a count, its label `count/total` in the middle. */
function ring(id: string, title: string, value: { count: number; total: number }): FigureSpec {
  const data = [
    { part: 'correct', n: value.count, order: 0 },
    { part: 'not correct', n: Math.max(0, value.total - value.count), order: 1 },
  ];
  const label = `${value.count}/${value.total}`;
  return {
    id,
    title,
    caption: `${label}: the ring's green share.`,
    spec: {
      $schema: SCHEMA,
      width: 130,
      height: 130,
      title: { text: title, font: FONT.font },
      config,
      layer: [
        {
          data: { values: data },
          mark: { type: 'arc', innerRadius: 42, outerRadius: 62 },
          encoding: {
            theta: { field: 'n', type: 'quantitative', stack: true },
            order: { field: 'order' },
            color: {
              field: 'part',
              type: 'nominal',
              scale: { domain: ['correct', 'not correct'], range: [COLOURS.correct, COLOURS.rest] },
              legend: null,
            },
          },
        },
        {
          data: { values: [{ label }] },
          mark: { type: 'text', fontSize: 18, fontWeight: 'bold', font: FONT.font },
          encoding: { text: { field: 'label' } },
        },
      ],
    },
  };
}

/** Rings per condition (panels fully correct) and for joint correctness. */
export function correctnessRings(summary: ReportSummary, prefix = ''): FigureSpec[] {
  const rings = CONDITIONS.filter(
    (condition) => summary.conditions[condition].panelCorrect.total > 0,
  ).map((condition) =>
    ring(
      `${prefix}ring-${condition}`,
      `${condition} panels correct`,
      summary.conditions[condition].panelCorrect,
    ),
  );
  if (summary.jointCorrect.total > 0)
    rings.push(ring(`${prefix}ring-joint`, 'jointly correct', summary.jointCorrect));
  return rings;
}

/** The 3 × 3 cross-condition matrix (paper Fig. 8): BA of programs built on a (rows) evaluated on b (columns). */
export function crossConditionFigure(report: Report, prefix = ''): FigureSpec | null {
  const { cells } = report.crossCondition;
  const values = CONDITIONS.flatMap((builtOn) =>
    CONDITIONS.map((evaluatedOn) => {
      const cell = cells[builtOn][evaluatedOn];
      return {
        builtOn,
        evaluatedOn,
        ba: cell.ba,
        label: cell.ba === null ? '—' : pct(cell.ba),
        tasks: cell.tasks,
      };
    }),
  );
  if (values.every((value) => value.ba === null)) return null;
  return {
    id: `${prefix}cross-condition`,
    title: 'Cross-condition matrix',
    caption:
      'Balanced accuracy of programs built on one condition (rows) evaluated on each condition (columns).',
    spec: {
      $schema: SCHEMA,
      width: 270,
      height: 270,
      config,
      data: { values },
      encoding: {
        x: {
          field: 'evaluatedOn',
          type: 'nominal',
          sort: [...CONDITIONS],
          title: 'evaluated on',
          axis: { labelAngle: 0 },
        },
        y: { field: 'builtOn', type: 'nominal', sort: [...CONDITIONS], title: 'built on' },
      },
      layer: [
        {
          mark: { type: 'rect', stroke: 'white', strokeWidth: 2 },
          encoding: {
            color: {
              field: 'ba',
              type: 'quantitative',
              scale: { domain: [0, 1], scheme: 'blues' },
              title: 'BA',
            },
          },
        },
        {
          mark: { type: 'text', fontSize: 14, font: FONT.font },
          encoding: {
            text: { field: 'label' },
            color: { condition: { test: 'datum.ba > 0.6', value: 'white' }, value: 'black' },
          },
        },
      ],
    },
  };
}

/** False acceptance per fault category with intervals, and the per-task rates behind it (paper Fig. 5). */
export function falseAcceptanceFigure(
  report: Report,
  summary: ReportSummary,
  prefix = '',
): FigureSpec | null {
  const categories = CATEGORIES.filter(
    (category) => summary.falseAcceptByFault[category].total > 0,
  ).map((category) => {
    const rate = summary.falseAcceptByFault[category];
    return {
      category,
      rate: rate.rate,
      lower: rate.lower ?? rate.rate,
      upper: rate.upper ?? rate.rate,
      label: `${pct(rate.rate)} (${rate.count}/${rate.total})`,
    };
  });
  if (categories.length === 0) return null;
  const perTask = new Map<
    string,
    { category: string; task: string; pass: number; total: number }
  >();
  for (const task of report.tasks.filter((entry) => entry.set === summary.set)) {
    for (const condition of CONDITIONS) {
      for (const outcome of task.conditions[condition]?.outcomes ?? []) {
        if (outcome.role !== 'fault' || outcome.fault === null) continue;
        const key = JSON.stringify([task.id, outcome.fault]);
        const entry = perTask.get(key) ?? {
          category: outcome.fault,
          task: task.id,
          pass: 0,
          total: 0,
        };
        entry.total += 1;
        if (outcome.verdict === 'pass') entry.pass += 1;
        perTask.set(key, entry);
      }
    }
  }
  const tasks = [...perTask.values()].map((entry) => ({
    ...entry,
    rate: entry.pass / entry.total,
  }));
  const order = categories.map((entry) => entry.category);
  const x = {
    field: 'category',
    type: 'nominal' as const,
    sort: order,
    title: 'fault category',
    axis: { labelAngle: 0 },
  };
  const y = {
    type: 'quantitative' as const,
    scale: { domain: [0, 1] },
    title: 'false acceptance',
    axis: { format: '.0%' },
  };
  return {
    id: `${prefix}false-acceptance`,
    title: 'False acceptance by fault category',
    caption:
      'Pass on invalid outcomes per fault category, with family-bootstrap intervals; grey dots are single tasks.',
    spec: {
      $schema: SCHEMA,
      width: 80 * order.length + 60,
      height: 220,
      config,
      layer: [
        {
          data: { values: tasks },
          mark: { type: 'point', filled: true, opacity: 0.45, color: COLOURS.unknown, size: 40 },
          encoding: { x, xOffset: { field: 'task', type: 'nominal' }, y: { ...y, field: 'rate' } },
        },
        {
          data: { values: categories },
          mark: { type: 'rule', strokeWidth: 2, color: COLOURS.falseAccept },
          encoding: { x, y: { ...y, field: 'lower' }, y2: { field: 'upper' } },
        },
        {
          data: { values: categories },
          mark: { type: 'point', filled: true, size: 90, color: COLOURS.falseAccept },
          encoding: { x, y: { ...y, field: 'rate' } },
        },
        {
          data: { values: categories },
          mark: { type: 'text', dy: -14, fontSize: 11, font: FONT.font },
          encoding: { x, y: { ...y, field: 'upper' }, text: { field: 'label' } },
        },
      ],
    },
  };
}

/** Every evaluation's wall time of one set, as a histogram with its median. */
export function latencyFigure(
  report: Report,
  summary: ReportSummary,
  prefix = '',
): FigureSpec | null {
  const durations = report.tasks
    .filter((task) => task.set === summary.set)
    .flatMap((task) => [
      ...CONDITIONS.flatMap((condition) =>
        (task.conditions[condition]?.outcomes ?? []).map((o) => o.durationMs),
      ),
      ...(task.witness?.source ? [task.witness.source.durationMs] : []),
      ...(task.witness?.replay ? [task.witness.replay.durationMs] : []),
    ]);
  if (durations.length === 0) return null;
  const sorted = [...durations].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return {
    id: `${prefix}latency`,
    title: 'Latency of one evaluation',
    caption: `Wall time of every evaluation (sandbox start to record); median ${median.toFixed(1)} ms over ${durations.length}.`,
    spec: {
      $schema: SCHEMA,
      width: 360,
      height: 180,
      config,
      layer: [
        {
          data: { values: durations.map((ms) => ({ ms })) },
          mark: { type: 'bar', color: COLOURS.accent },
          encoding: {
            x: { field: 'ms', type: 'quantitative', bin: { maxbins: 30 }, title: 'milliseconds' },
            y: { aggregate: 'count', type: 'quantitative', title: 'evaluations' },
          },
        },
        {
          data: { values: [{ median, label: `median ${median.toFixed(1)} ms` }] },
          layer: [
            {
              mark: { type: 'rule', color: COLOURS.falseAccept, strokeDash: [4, 3] },
              encoding: { x: { field: 'median', type: 'quantitative' } },
            },
            {
              mark: { type: 'text', align: 'left', dx: 4, y: 8, fontSize: 11, font: FONT.font },
              encoding: { x: { field: 'median', type: 'quantitative' }, text: { field: 'label' } },
            },
          ],
        },
      ],
    },
  };
}

/** Amortised cost c + C/k over uses k per program, against the alternative's per-use cost (paper Fig. 6). */
export function costFigure(report: Report, prefix = ''): FigureSpec | null {
  const cost = report.cost;
  if (cost === null || cost.programs.length === 0) return null;
  const maxUses = Math.max(100, ...cost.programs.map((p) => (p.netBreakEvenUses ?? 0) * 2));
  const ks = [
    ...new Set(
      [1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 500, 1000, maxUses].filter((k) => k <= maxUses),
    ),
  ];
  const lines = cost.programs.flatMap((program) =>
    ks.map((k) => ({
      program: `${program.set}: ${program.program}`,
      uses: k,
      perUse: program.perUse + program.construction / k,
    })),
  );
  const layers: NonNullable<Extract<TopLevelSpec, { layer: unknown }>['layer']> = [
    {
      data: { values: lines },
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: 'uses', type: 'quantitative', scale: { type: 'log' }, title: 'uses k' },
        y: {
          field: 'perUse',
          type: 'quantitative',
          scale: { type: 'log' },
          title: `cost per use (${cost.currency})`,
        },
        color: { field: 'program', type: 'nominal', title: 'program' },
      },
    },
  ];
  if (cost.alternativePerUse !== null && cost.alternativePerUse > 0)
    layers.push({
      data: {
        values: [
          {
            alternative: cost.alternativePerUse,
            label: `alternative ${cost.alternativePerUse} ${cost.currency}`,
          },
        ],
      },
      layer: [
        {
          mark: { type: 'rule', color: COLOURS.falseAccept, strokeDash: [4, 3] },
          encoding: { y: { field: 'alternative', type: 'quantitative' } },
        },
        {
          mark: { type: 'text', align: 'right', x: 'width', dy: -6, fontSize: 11, font: FONT.font },
          encoding: { y: { field: 'alternative', type: 'quantitative' }, text: { field: 'label' } },
        },
      ],
    });
  return {
    id: `${prefix}cost`,
    title: 'Amortised cost c + C/k',
    caption:
      'Construction cost C spread over k uses plus the measured per-use cost c; the dashed line is the alternative per use.',
    spec: { $schema: SCHEMA, width: 380, height: 220, config, layer: layers },
  };
}

/** Paired Δ with its interval per contrast (points; negative means a scores below b). */
export function contrastFigure(
  contrasts: readonly {
    name: string;
    delta: number | null;
    lower: number | null;
    upper: number | null;
  }[],
  id = 'contrasts',
): FigureSpec | null {
  const values = contrasts
    .filter((c) => c.delta !== null)
    .map((c) => ({
      name: c.name,
      delta: c.delta! * 100,
      lower: (c.lower ?? c.delta!) * 100,
      upper: (c.upper ?? c.delta!) * 100,
      label: `${c.delta! >= 0 ? '+' : ''}${(c.delta! * 100).toFixed(2)}`,
    }));
  if (values.length === 0) return null;
  const y = {
    field: 'name',
    type: 'nominal' as const,
    title: null,
    sort: values.map((v) => v.name),
  };
  const x = { type: 'quantitative' as const, title: 'Δ balanced accuracy (points)' };
  return {
    id,
    title: 'Paired Δ',
    caption: 'Mean over paired tasks of BA_a − BA_b in points, with family-bootstrap intervals.',
    spec: {
      $schema: SCHEMA,
      width: 360,
      height: 40 * values.length + 20,
      config: { ...config, axisY: { labelLimit: 320 } },
      data: { values },
      layer: [
        {
          data: { values: [{ zero: 0 }] },
          mark: { type: 'rule', color: COLOURS.unknown },
          encoding: { x: { field: 'zero', type: 'quantitative' } },
        },
        {
          mark: { type: 'rule', strokeWidth: 2, color: COLOURS.accent },
          encoding: { y, x: { ...x, field: 'lower' }, x2: { field: 'upper' } },
        },
        {
          mark: { type: 'point', filled: true, size: 80, color: COLOURS.accent },
          encoding: { y, x: { ...x, field: 'delta' } },
        },
        {
          mark: { type: 'text', dy: -12, fontSize: 11, font: FONT.font },
          encoding: { y, x: { ...x, field: 'delta' }, text: { field: 'label' } },
        },
      ],
    },
  };
}
