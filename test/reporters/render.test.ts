import { beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../reporters/render-markdown.js';
import { renderTerminal } from '../../reporters/render-terminal.js';
import type { Report } from '../../reporters/report-schema.js';
import type { Pack } from '../../src/pack/pack.js';
import {
  loadStarter,
  options,
  simulate,
  staleRule,
  starterReportOf,
} from './support/starter-results.js';

describe('renderers', () => {
  let pack: Pack;
  let report: Report;
  beforeAll(async () => {
    pack = await loadStarter();
    report = starterReportOf(pack, simulate(pack, staleRule), {
      options: options({ gates: { ba: { related: 0.95 } } }),
      isolation: { level: 'isolate', measures: [], missing: [] },
    });
  });

  it('prints one row per condition with BA and its interval, then acceptance, errors, joint counts and gates', () => {
    const text = renderTerminal(report);
    const related = report.summary.conditions.related;
    const pct = (value: number | null) => `${((value ?? 0) * 100).toFixed(1)}%`;
    expect(text).toMatch(
      new RegExp(
        `related\\s+${pct(related.ba.estimate)} \\[${pct(related.ba.lower)}, ${pct(related.ba.upper)}\\]\\s+${related.panelCorrect.count}/${related.panelCorrect.total}`,
      ),
    );
    expect(text).toContain(`false acceptance  ${pct(report.summary.falseAccept.rate)}`);
    expect(text).toContain(
      `jointly correct ${report.summary.jointCorrect.count}/${report.summary.jointCorrect.total} programs × tasks`,
    );
    expect(text).toContain('✗ gate ba.related');
    expect(text.split('\n')[0]).toBe(
      'AgentProofBench — starter 1.0.0 (reference 1), runtime isolate (isolate), tdd mode',
    );
  });

  it('writes a Markdown table with the same numbers and the gate outcome', () => {
    const markdown = renderMarkdown(report);
    const source = report.summary.conditions.source;
    expect(markdown).toContain('## AgentProofBench: starter 1.0.0');
    expect(markdown).toContain(`| source | ${((source.ba.estimate ?? 0) * 100).toFixed(1)}%`);
    expect(markdown).toContain(`| ba.related | ❌ ${report.gates[0]?.message} |`);
  });

  it('says in gate mode that a run without gates cannot fail on metrics, and only then', () => {
    const notice =
      'no gates set: this run cannot fail on metrics; add --gate (e.g. --gate ba.related>=0.95 --gate jointCorrect=all), or `gates` in defineAgentProofBenchProject';
    const ungated = starterReportOf(pack, simulate(pack, staleRule), {
      options: options({ mode: 'gate', gates: {} }),
      isolation: { level: 'isolate', measures: [], missing: [] },
    });
    expect(ungated.passed).toBe(true);
    expect(renderTerminal(ungated)).toContain(`! ${notice}`);
    expect(renderMarkdown(ungated)).toContain(`> ⚠️ ${notice}`);
    const gated = starterReportOf(pack, simulate(pack, staleRule), {
      options: options({ mode: 'gate', gates: { ba: { related: 0.95 } } }),
      isolation: { level: 'isolate', measures: [], missing: [] },
    });
    expect(renderTerminal(gated)).not.toContain('no gates set');
    expect(renderMarkdown(gated)).not.toContain('no gates set');
    // In tdd mode every case is an assertion: the run fails on a wrong verdict anyway.
    expect(renderTerminal(report)).not.toContain('no gates set');
  });
});
