import { describe, expect, it } from 'vitest';
import {
  executionMarkdownLines,
  executionTerminalLines,
} from '../../reporters/render-execution.js';
import { ReportExecutionSchema } from '../../src/report/execution-schema.js';
import { buildExecutionSection } from '../../src/report/execution-section.js';
import { chain, trace } from '../execution/chains.js';
import { panel } from '../support/case-results.js';

const chains = [
  chain({ start: 'valid', 'rejected.1': 'invalid' }, { task: 't1', start: 'natural' }),
  chain({ 'neutral.2': 'valid', 'rejected.1': 'valid' }, { task: 't1', start: 'checkpoint' }),
];
const traces = [
  trace(chains[0]!, { start: 'pass' }, 'good'),
  trace(chains[1]!, { start: 'fail', 'rejected.1': 'pass' }, 'good'),
  trace(chains[0]!, { start: 'fail', 'rejected.1': 'pass' }, 'stale'),
  trace(chains[1]!, { start: 'fail', 'rejected.1': 'pass' }, 'stale'),
];
// The related panels: `good` classifies both outcomes right, `stale` rejects the valid one.
const results = [
  ...panel(
    { task: 't1', family: 't1', program: 'good' },
    'related',
    ['complete', 'pass'],
    ['fault', 'fail'],
  ),
  ...panel(
    { task: 't1', family: 't1', program: 'stale' },
    'related',
    ['complete', 'fail'],
    ['fault', 'fail'],
  ),
];

describe('the execution section of the report', () => {
  const section = buildExecutionSection(
    { chains, problems: [], traces, constructionCost: new Map() },
    results,
    { seed: 1, resamples: 200, sets: ['default'] },
  )!;

  it('is valid against its schema and groups assignments by the related panels of the records', () => {
    expect(ReportExecutionSchema.safeParse(section).success).toBe(true);
    expect(section.diagnostic.panelCorrect).toMatchObject({ assignments: 1, bothCorrect: 1 });
    expect(section.diagnostic.panelErrors).toMatchObject({
      assignments: 1,
      bothCorrect: 0,
      regressions: 1,
    });
    expect(section.startPoints.map((entry) => entry.outcomes.length)).toEqual([5, 5]);
  });

  it('renders policies × cohorts and the diagnostic in the terminal and in Markdown', () => {
    const terminal = executionTerminalLines(section).join('\n');
    expect(terminal).toContain(
      'Execution study — 1 tasks, 1 recorded runs, 2 start points, 2 assignments',
    );
    expect(terminal).toMatch(/^program gate +1\/2 50\.0% .* 2\/2 100\.0% /m);
    expect(terminal).toContain('related panel with errors  0/1 0.0%');
    expect(terminal).toContain('difference +100.0 points');
    const markdown = executionMarkdownLines(section).join('\n');
    expect(markdown).toContain(
      '| policy | natural | checkpoint | all | withheld (valid) | unresolved | repairs | regressions |',
    );
    expect(markdown).toContain('| reference gate (ideal) | 1/1 100.0%');
    expect(markdown).toContain('- related panel correct: 1/1 100.0%');
  });

  it('is null without recorded executions', () => {
    expect(
      buildExecutionSection(
        { chains: [], problems: [], traces: [], constructionCost: new Map() },
        [],
        {
          seed: 1,
          resamples: 10,
          sets: [],
        },
      ),
    ).toBeNull();
  });
});
