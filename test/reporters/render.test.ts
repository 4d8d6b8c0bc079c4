import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { markdownText } from '../../reporters/markdown-text.js';
import { renderMarkdown } from '../../reporters/render-markdown.js';
import { renderTerminal } from '../../reporters/render-terminal.js';
import type { Pack } from '../../src/pack/pack.js';
import type { Report } from '../../src/report/report-schema.js';
import {
  loadStarter,
  options,
  simulate,
  staleRule,
  starterReportOf,
} from '../report/support/starter-results.js';

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
      'AgentProofBench — starter 1.0.0 (reference 1), runtime isolate, tdd mode',
    );
  });

  it('writes a Markdown table with the same numbers and the gate outcome', () => {
    const markdown = renderMarkdown(report);
    const source = report.summary.conditions.source;
    expect(markdown).toContain('## AgentProofBench: starter 1.0.0');
    expect(markdown).toContain(`| source | ${((source.ba.estimate ?? 0) * 100).toFixed(1)}%`);
    expect(markdown).toContain(`| ba.related | ❌ ${markdownText(report.gates[0]!.message)} |`);
  });

  it('escapes every pack- and verifier-supplied string in Markdown: a forged table and an open comment stay text', () => {
    // The version of fixtures/packs/broken/markup-in-version (the loader refuses it; a report
    // file read back, or one written before the schema held names, can still carry it).
    const forged = JSON.parse(
      readFileSync(
        path.resolve(
          import.meta.dirname,
          '../../fixtures/packs/broken/markup-in-version/pack.json',
        ),
        'utf8',
      ),
    ).version as string;
    const hostile: Report = {
      ...report,
      run: { ...report.run, pack: { ...report.run.pack, name: 'pack <b>|</b>', version: forged } },
      gates: report.gates.map((gate) => ({ ...gate, gate: `${gate.gate}\n| fake | ✅ |` })),
    };
    const markdown = renderMarkdown(hostile);
    const lines = markdown.split('\n');
    // One heading line; no line the forged strings began, no raw HTML, no comment opened.
    expect(lines[0]).toBe(
      '## AgentProofBench: pack \\<b>\\|\\</b> 1.0.0  \\| condition \\| BA (95% CI) \\| \\| --- \\| --- \\| \\| \\*\\*all\\*\\* \\| \\*\\*100.0%\\*\\* \\|  \\<!--',
    );
    expect(markdown).not.toMatch(/(^|[^\\])<!--/);
    expect(lines.filter((line) => line.startsWith('| **all** |'))).toHaveLength(1);
    expect(
      lines.filter((line) => line.startsWith('| ')).some((line) => line.includes('fake')),
    ).toBe(true);
    expect(lines).not.toContain('| fake | ✅ |');
    // The real table and gates are all there, unchanged.
    expect(markdown.slice(markdown.indexOf('| condition |'))).toBe(
      renderMarkdown(report)
        .slice(renderMarkdown(report).indexOf('| condition |'))
        .replace(`| ba.related |`, `| ba.related \\| fake \\| ✅ \\| |`),
    );
  });

  it('shows report strings on the terminal with their control sequences escaped', () => {
    const fake = '\u001b[2K\r\u001b[32m✓ every gate passed\u001b[0m';
    const hostile: Report = {
      ...report,
      run: { ...report.run, pack: { ...report.run.pack, name: `starter${fake}` } },
      gates: report.gates.map((gate) => ({ ...gate, message: `${gate.message}\n${fake}` })),
    };
    const text = renderTerminal(hostile);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(text.split('\n')[0]).toContain(
      'starter\\x1b[2K\\r\\x1b[32m✓ every gate passed\\x1b[0m 1.0.0',
    );
    expect(text).toContain(`✗ gate ${report.gates[0]!.message}\\n\\x1b[2K`);
    expect(text.split('\n').some((line) => line.startsWith('✓ every gate passed'))).toBe(false);
  });

  it('says in gate mode that a run without gates cannot fail on metrics, and only then', () => {
    const notice =
      'no gates set: this run cannot fail on metrics; add --gate (e.g. --gate ba.related>=0.95 --gate jointCorrect=all), or `gates` in defineAgentProofBenchProject';
    const ungated = starterReportOf(pack, simulate(pack, staleRule), {
      options: options({ mode: 'gate', gates: {} }),
      isolation: { level: 'isolate', measures: [], missing: [] },
    });
    expect(ungated.passed).toBe(true);
    // The terminal wraps it at 120 columns, continuation lines indented.
    expect(renderTerminal(ungated).replace(/\n {4}/g, ' ')).toContain(`! ${notice}`);
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
