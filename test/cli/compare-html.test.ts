import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPageCases } from '../../reporters/html/case-data.js';
import { runCli } from '../../src/cli/main.js';
import {
  correctRule,
  loadStarter,
  staleRule,
  starterReport,
} from '../report/support/starter-results.js';
import { collectIO } from '../support/cli.js';

describe('agentproofbench compare --html', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apb-compare-html-'));
  const files = { stale: path.join(dir, 'stale.json'), correct: path.join(dir, 'correct.json') };
  beforeAll(async () => {
    const pack = await loadStarter();
    for (const [name, rule] of [
      ['stale', staleRule],
      ['correct', correctRule],
    ] as const) {
      writeFileSync(files[name], JSON.stringify(starterReport(pack, rule)));
    }
  });

  it('writes both reports side by side with the same Δ as the JSON output, cells opening full explanations', async () => {
    const html = path.join(dir, 'compare.html');
    const json = collectIO();
    expect(
      await runCli(
        ['compare', files.stale, files.correct, '--json', '--resamples', '300'],
        json.io,
      ),
    ).toBe(0);
    const related = JSON.parse(json.out.join('\n')).contrasts[0];
    const text = collectIO();
    expect(
      await runCli(
        ['compare', files.stale, files.correct, '--resamples', '300', '--html', html],
        text.io,
      ),
    ).toBe(0);
    expect(text.out.join('\n')).toContain(`HTML written to ${html}`);
    const page = readFileSync(html, 'utf8');
    const row =
      /data-contrast="a-b related"><th scope="row">a-b related<\/th><td class="delta">([^<]+)<\/td>/.exec(
        page,
      );
    expect(row?.[1]).toBe(`${related.delta >= 0 ? '+' : ''}${(related.delta * 100).toFixed(2)}`);
    expect(page).toContain('data-side="a"');
    expect(page).toContain('data-side="b"');
    // The starter pack ships with the package, so each cell opens the reference check and row diff.
    const texts = [...readPageCases(page).values()];
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.every((entry) => entry.text.includes('Row diff (before → after)'))).toBe(true);
  });

  it('refuses a --pack that does not exist, naming it', async () => {
    const { io, error } = collectIO();
    expect(
      await runCli(
        [
          'compare',
          files.stale,
          files.correct,
          '--html',
          path.join(dir, 'x.html'),
          '--pack',
          path.join(dir, 'nowhere'),
        ],
        io,
      ),
    ).toBe(1);
    expect(error.join('\n')).toContain('APB_PACK_NOT_FOUND');
  });
});

describe('agentproofbench compare on a report of another layout', () => {
  it('names both schema versions and says how to get a current report', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apb-compare-v1-'));
    const old = path.join(dir, 'old.json');
    writeFileSync(old, JSON.stringify({ schemaVersion: 1, tasks: [] }));
    const { io, error } = collectIO();
    expect(await runCli(['compare', old, old], io)).toBe(1);
    expect(error.join('\n')).toContain(
      'report schemaVersion 1, this agentproofbench reads 2; re-run the benchmark',
    );
  });
});
