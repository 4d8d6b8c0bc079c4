import { mkdtempSync, writeFileSync } from 'node:fs';
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
} from '../reporters/support/starter-results.js';
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
});
