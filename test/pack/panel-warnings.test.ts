import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPackOrThrow } from '../../src/pack/load.js';
import { panelWarnings } from '../../src/pack/panel-warnings.js';
import { builtinPackDir } from '../../src/pack/resolve.js';
import { runCliCaptured } from '../support/cli.js';

/** The starter pack with starter_1's background panel thinned: no complete outcome, one fault. */
async function thinnedStarter(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'apb-thin-'));
  cpSync(builtinPackDir('starter'), dir, { recursive: true });
  const file = path.join(dir, 'tasks', 'starter_1.json');
  const task = JSON.parse(readFileSync(file, 'utf8'));
  task.outcomes.background = task.outcomes.background.filter(
    (outcome: { id: string; role: string }) =>
      outcome.role !== 'complete' && outcome.id !== 'wrong-mateo' && outcome.id !== 'status-moved',
  );
  writeFileSync(file, JSON.stringify(task, null, 2));
  return dir;
}

describe('panelWarnings', () => {
  it('has nothing to say about the starter pack', async () => {
    const pack = await loadPackOrThrow(builtinPackDir('starter'));
    expect(pack.tasks.flatMap((task) => panelWarnings(task))).toEqual([]);
  });

  it('warns about a primary panel without a complete outcome and with fewer than two faults', async () => {
    const pack = await loadPackOrThrow(await thinnedStarter());
    expect(panelWarnings(pack.task('starter_1')).map((w) => [w.condition, w.code])).toEqual([
      ['background', 'no-complete-outcome'],
      ['background', 'fewer-than-two-faults'],
    ]);
  });

  it('is printed by `validate`, which still exits on qualification alone', async () => {
    const dir = await thinnedStarter();
    const { out } = await runCliCaptured('validate', dir);
    expect(out).toContain(
      '! warning [fewer-than-two-faults] starter_1 background: the primary panel has 1 typed fault (at least two are expected)',
    );
    expect(out).toContain('! warning [no-complete-outcome] starter_1 background');
    const json = JSON.parse((await runCliCaptured('validate', dir, '--json')).out);
    expect(json.warnings.map((w: { code: string }) => w.code)).toEqual([
      'no-complete-outcome',
      'fewer-than-two-faults',
    ]);
  });
});
