import { beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../reporters/render-markdown.js';
import { renderTerminal } from '../../reporters/render-terminal.js';
import type { Pack } from '../../src/pack/pack.js';
import type { Report } from '../../src/report/report-schema.js';
import {
  correctRule,
  loadStarter,
  options,
  simulate,
  staleRule,
  starterReportOf,
} from '../report/support/starter-results.js';

describe('Markdown and terminal sections beyond BA', () => {
  let pack: Pack;
  let report: Report;
  beforeAll(async () => {
    pack = await loadStarter();
    const results = [
      ...simulate(pack, staleRule, 'reuse', 'sim', 'source'),
      ...simulate(
        pack,
        (entry) => (entry.kind === 'witness-replay' ? 'error' : correctRule(entry)),
        'rebuild',
        'sim',
        'related',
      ),
    ];
    report = starterReportOf(pack, results, {
      options: options({
        verifier: undefined,
        programs: {
          reuse: { verifier: 'a/{task}.ts', builtOn: 'source' },
          rebuild: { verifier: 'b/{task}.ts', builtOn: 'related' },
        },
        cost: { perOperation: 0.01, alternativePerUse: 0.05, uses: [1, 10] },
      }),
      constructionCosts: [{ set: 'reuse', program: 'sim', constructionCost: 0.25 }],
    });
  });

  it('lists the transitions, every case’s Unknown/Error and the matrix rows that have programs', () => {
    const markdown = renderMarkdown(report);
    expect(markdown).toContain(
      '- Transitions (panel correct on source → related): both 0/2, source only 2/2, related only 0/2, neither 0/2',
    );
    expect(markdown).toContain(
      '- Every case: 0 Unknown, 2 Error over 37 evaluations (unknown/error by panel: primary 0/0, witness 0/2, prefix 0/0)',
    );
    const lines = markdown.split('\n');
    const header = lines.indexOf('| built on ↓ / evaluated on → | source | background | related |');
    expect(header).toBeGreaterThan(0);
    const matrix = lines.slice(header + 2, header + 4);
    expect(matrix.map((line) => line.split(' | ')[0])).toEqual(['| source', '| related']);
    expect(matrix[1]).toBe('| related | 100.0% (2 tasks) | 100.0% (2 tasks) | 100.0% (2 tasks) |');
    expect(renderTerminal(report)).toContain('Every case: 0 Unknown, 2 Error over 37 evaluations');
  });

  it('tabulates the cost of the programs that have a construction cost', () => {
    const program = report.cost!.programs[0]!;
    const row = renderMarkdown(report)
      .split('\n')
      .find((line) => line.startsWith('| reuse | sim |'));
    expect(row).toBe(
      `| reuse | sim | 0.250 USD | ${program.perUse.toPrecision(3)} USD | ${program.amortised.map((a) => `${a.perUse.toPrecision(3)} USD`).join(' | ')} | 5 |`,
    );
  });
});
