import { beforeAll, describe, expect, it } from 'vitest';
import { renderTerminal, TERMINAL_COLUMNS } from '../../reporters/render-terminal.js';
import { ComparisonSectionSchema } from '../../src/report/comparison-schema.js';
import type { Report } from '../../src/report/report-schema.js';
import { createRuntime } from '../../src/sandbox/runtime.js';
import {
  correctRule,
  loadStarter,
  options,
  simulate,
  staleRule,
  starterReportOf,
} from '../report/support/starter-results.js';
import { terminalTerms, undefinedTerms } from '../support/terminal-terms.js';

describe('the terminal report', () => {
  let report: Report;
  beforeAll(async () => {
    const pack = await loadStarter();
    const runtime = await createRuntime('isolate');
    const isolation = runtime.isolation;
    await runtime.close();
    // Two program sets (a contrast), errors of a kind, gates, and a program-vs-judge table.
    report = starterReportOf(
      pack,
      [
        ...simulate(pack, correctRule, 'correct', 'correct'),
        ...simulate(pack, staleRule, 'stale', 'stale'),
      ],
      {
        options: options({
          verifier: undefined,
          programs: { correct: 'a/{task}.ts', stale: 'b/{task}.ts' },
          gates: { ba: { related: 0.95 } },
        }),
        isolation,
      },
    );
    report.comparison = ComparisonSectionSchema.parse({
      sets: [
        {
          set: 'correct',
          judge: false,
          evaluations: 37,
          medianLatencyMs: 12.5,
          perUseCost: 0.0001,
          medianConstruction: 0.21,
          medianBreakEvenUses: 53,
          model: null,
        },
        {
          set: 'stale',
          judge: true,
          evaluations: 37,
          medianLatencyMs: 4321,
          perUseCost: 0.0042,
          medianConstruction: null,
          medianBreakEvenUses: null,
          model: { meanRounds: 3, inputTokens: 1200, outputTokens: 80, costUsd: 0.04 },
        },
      ],
    });
  });

  it(`fits ${TERMINAL_COLUMNS} columns, the program-vs-judge table included`, () => {
    const text = renderTerminal(report);
    expect(text).toContain('program vs judge');
    expect(text).toContain('FA preservation');
    const wide = text.split('\n').filter((line) => [...line].length > TERMINAL_COLUMNS);
    expect(wide).toEqual([]);
  });

  it('defines every term it prints in docs/report.md, "The terminal report"', () => {
    const text = renderTerminal(report);
    const names = { tasks: report.tasks.map((task) => task.id), sets: ['correct', 'stale'] };
    expect(terminalTerms(text, names)).toEqual(
      expect.arrayContaining(['source-qualified', 'worst tasks', 'all', 'break-even uses']),
    );
    expect(undefinedTerms(text, names)).toEqual([]);
  });

  it('names the isolation mode in force, pooled or fresh', async () => {
    for (const mode of ['pooled', 'fresh'] as const) {
      const runtime = await createRuntime('isolate', { isolate: { isolation: mode } });
      const isolation = runtime.isolation;
      await runtime.close();
      const header = renderTerminal({
        ...report,
        run: { ...report.run, runtime: { name: 'isolate', isolation } },
      }).split('\n')[0];
      expect(header).toContain(`runtime isolate, ${mode} isolation,`);
    }
  });
});
