import type { TopLevelSpec } from 'vega-lite';
import { z } from 'zod';
import { pct } from '../format.js';
import { COLOURS, type FigureSpec } from './figures.js';

// Figures of the execution study (paper Fig. 4), drawn when the JSON report has an
// `execution` section. Read through a tolerant schema: the section is owned by the study,
// and only the fields drawn here are required.

/** A quantitative channel of a fraction: the whole 0–100% range, percent ticks. */
const fractionChannel = (title: string) => ({
  type: 'quantitative' as const,
  scale: { domain: [0, 1] },
  axis: { format: '.0%' },
  title,
});

const IntervalLike = z
  .object({ lower: z.number().nullable(), upper: z.number().nullable() })
  .partial();
const Rate = z
  .object({
    count: z.number(),
    total: z.number(),
    rate: z.number().nullable(),
    interval: IntervalLike.optional(),
  })
  .merge(IntervalLike);
const Group = z
  .object({
    assignments: z.number(),
    bothCorrect: z.number(),
    rate: z.number().nullable(),
    interval: IntervalLike.optional(),
  })
  .merge(IntervalLike);

export const ExecutionSectionView = z.object({
  policies: z.array(
    z.object({
      policy: z.string(),
      set: z.string().nullable().optional(),
      cohort: z.string(),
      correct: Rate,
    }),
  ),
  diagnostic: z
    .object({
      panelCorrect: Group,
      panelErrors: Group,
      difference: z.object({ estimate: z.number().nullable() }).merge(IntervalLike),
    })
    .optional(),
  startPoints: z
    .array(
      z.object({
        task: z.string(),
        run: z.string(),
        start: z.string(),
        outcomes: z.array(
          z.object({
            policy: z.string(),
            set: z.string().nullable().optional(),
            program: z.string().nullable().optional(),
            kind: z.enum(['correct', 'incorrect', 'withheld', 'unresolved']),
          }),
        ),
      }),
    )
    .optional(),
});
export type ExecutionSectionView = z.infer<typeof ExecutionSectionView>;

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const KIND_COLOURS = {
  domain: ['correct', 'incorrect', 'withheld', 'unresolved'],
  range: [COLOURS.correct, COLOURS.falseAccept, COLOURS.rest, COLOURS.unknown],
};
const bounds = (value: {
  lower?: number | null;
  upper?: number | null;
  interval?: { lower?: number | null; upper?: number | null };
}) => ({
  lower: value.lower ?? value.interval?.lower ?? null,
  upper: value.upper ?? value.interval?.upper ?? null,
});

/** Lanes: each policy's delivery per start point, and correct deliveries per policy and cohort. */
export function executionFigures(section: ExecutionSectionView, prefix = ''): FigureSpec[] {
  const figures: FigureSpec[] = [];
  const rates = section.policies.map((entry) => ({
    policy: entry.set ? `${entry.policy} (${entry.set})` : entry.policy,
    cohort: entry.cohort,
    rate: entry.correct.rate,
    ...bounds(entry.correct),
    label: `${entry.correct.count}/${entry.correct.total}`,
  }));
  if (rates.length > 0) {
    const y = { field: 'policy', type: 'nominal' as const, title: null };
    const x = fractionChannel('correct deliveries');
    figures.push({
      id: `${prefix}execution-policies`,
      title: 'Correct deliveries per policy',
      caption:
        'Share of start points delivered correctly under each policy, per cohort, with family-bootstrap intervals.',
      spec: {
        $schema: SCHEMA,
        data: { values: rates },
        facet: { column: { field: 'cohort', type: 'nominal', title: null } },
        spec: {
          width: 200,
          height: 24 * new Set(rates.map((r) => r.policy)).size,
          layer: [
            {
              mark: { type: 'rule', color: COLOURS.accent },
              encoding: { y, x: { ...x, field: 'lower' }, x2: { field: 'upper' } },
            },
            {
              mark: { type: 'point', filled: true, color: COLOURS.accent },
              encoding: { y, x: { ...x, field: 'rate' } },
            },
            {
              mark: { type: 'text', dx: 18, fontSize: 10 },
              encoding: { y, x: { ...x, field: 'rate' }, text: { field: 'label' } },
            },
          ],
        },
      } as TopLevelSpec,
    });
  }
  const lanes = (section.startPoints ?? []).flatMap((point) =>
    point.outcomes.map((outcome) => ({
      lane: outcome.program ? `${outcome.policy} (${outcome.program})` : outcome.policy,
      start: `${point.task} ${point.run} ${point.start}`,
      kind: outcome.kind,
    })),
  );
  if (lanes.length > 0) {
    figures.push({
      id: `${prefix}execution-lanes`,
      title: 'Execution lanes',
      caption: 'What each policy delivered from each start point (colour = delivery kind).',
      spec: {
        $schema: SCHEMA,
        data: { values: lanes },
        mark: { type: 'rect', stroke: 'white' },
        width: { step: 14 },
        height: { step: 16 },
        encoding: {
          x: {
            field: 'start',
            type: 'nominal',
            title: 'start point',
            axis: { labelAngle: -60, labelFontSize: 9 },
          },
          y: { field: 'lane', type: 'nominal', title: null },
          color: { field: 'kind', type: 'nominal', scale: KIND_COLOURS, title: 'delivery' },
        },
      },
    });
  }
  const diagnostic = section.diagnostic;
  if (diagnostic) {
    const groups = [
      { group: 'related panel fully correct', ...diagnostic.panelCorrect },
      { group: 'related panel with errors', ...diagnostic.panelErrors },
    ].map((entry) => ({
      group: entry.group,
      rate: entry.rate,
      ...bounds(entry),
      label: `${entry.bothCorrect}/${entry.assignments}`,
    }));
    const difference = diagnostic.difference;
    const x = { field: 'group', type: 'nominal' as const, title: null, axis: { labelAngle: 0 } };
    const y = fractionChannel('both start points delivered correctly');
    figures.push({
      id: `${prefix}panel-delivery`,
      title: 'Panel-delivery diagnostic',
      caption: `Programs × runs grouped by related-panel correctness; difference ${pct(difference.estimate)} [${pct(bounds(difference).lower)}, ${pct(bounds(difference).upper)}].`,
      spec: {
        $schema: SCHEMA,
        width: 300,
        height: 200,
        data: { values: groups },
        layer: [
          {
            mark: { type: 'bar', color: COLOURS.correct, width: 50 },
            encoding: { x, y: { ...y, field: 'rate' } },
          },
          {
            mark: { type: 'rule', color: 'black' },
            encoding: { x, y: { ...y, field: 'lower' }, y2: { field: 'upper' } },
          },
          {
            mark: { type: 'text', dy: -8, fontSize: 12 },
            encoding: { x, y: { ...y, field: 'upper' }, text: { field: 'label' } },
          },
        ],
      },
    });
  }
  return figures;
}
