import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import type { Pack } from '../../src/pack/pack.js';
import {
  correctRule,
  loadStarter,
  staleRule,
  starterReport,
} from '../report/support/starter-results.js';
import { collectIO } from '../support/cli.js';

const collect = collectIO;

describe('agentproofbench compare', () => {
  let pack: Pack;
  const dir = mkdtempSync(path.join(tmpdir(), 'apb-compare-'));
  const files = { stale: path.join(dir, 'stale.json'), correct: path.join(dir, 'correct.json') };
  const bas: Record<string, number> = {};
  beforeAll(async () => {
    pack = await loadStarter();
    for (const [name, rule] of [
      ['stale', staleRule],
      ['correct', correctRule],
    ] as const) {
      const report = starterReport(pack, rule);
      bas[name] = report.summary.conditions.related.ba.estimate ?? Number.NaN;
      writeFileSync(files[name], JSON.stringify(report));
    }
  });

  it("computes Δ on related as the paired difference of the two reports' related BA", async () => {
    const { io, out } = collect();
    expect(
      await runCli(['compare', files.stale, files.correct, '--json', '--resamples', '500'], io),
    ).toBe(0);
    const { contrasts } = JSON.parse(out.join('\n'));
    const related = contrasts.find(
      (contrast: { condition: string }) => contrast.condition === 'related',
    );
    expect(related.delta).toBeCloseTo(bas.stale! - bas.correct!, 12);
    expect(related.tasks).toBe(pack.tasks.length);
    expect(related.interval.resamples).toBe(500);
  });

  it('prints one line per contrast in points', async () => {
    const { io, out } = collect();
    expect(await runCli(['compare', files.correct, files.stale], io)).toBe(0);
    const points = ((bas.correct! - bas.stale!) * 100).toFixed(2);
    expect(out[1]).toMatch(new RegExp(`^related\\s+Δ \\+${points} points \\[`));
    expect(out[2]).toMatch(/^all\s+Δ \+/);
  });

  it('names the file that is not a report', async () => {
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ hello: 'world' }));
    const { io, error } = collect();
    expect(await runCli(['compare', files.stale, bad], io)).toBe(1);
    expect(error[0]).toMatch(
      new RegExp(`${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not an agentproofbench report`),
    );
    const missing = collect();
    expect(await runCli(['compare', files.stale], missing.io)).toBe(2);
    expect(missing.error[0]).toContain('two report files are required');
  });

  it('prints the strings of a report file with their control sequences escaped', async () => {
    const fake = '\u001b[2K\r\u001b[32m✓ every gate passed\u001b[0m';
    const hostile = JSON.parse(readFileSync(files.stale, 'utf8'));
    hostile.summary.set = `stale${fake}`;
    const file = path.join(dir, 'hostile.json');
    writeFileSync(file, JSON.stringify(hostile));
    const { io, out } = collect();
    expect(await runCli(['compare', file, files.correct, '--resamples', '200'], io)).toBe(0);
    const text = out.join('\n');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(text).toContain('(set stale\\x1b[2K\\r\\x1b[32m✓ every gate passed\\x1b[0m)');
    // A file that is not JSON: the parser quotes its text in the error, escaped too.
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, `\u001b[2K${fake}`);
    const failed = collect();
    expect(await runCli(['compare', broken, files.correct], failed.io)).toBe(1);
    const errors = failed.error.join('\n');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
    expect(errors).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(errors).toContain('cannot read a JSON report');
  });
});
