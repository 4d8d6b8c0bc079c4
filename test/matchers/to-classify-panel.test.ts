import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentProofBenchMatchers } from '../../matchers/index.js';
import type { PackHandle } from '../../src/pack/pack-handle.js';
import { openPack } from '../../src/run/open-pack.js';
import { REPO } from './repo.js';
import { failureMessage, record, starterBench } from './support.js';

expect.extend(agentProofBenchMatchers);

const verifier = (kind: 'correct' | 'stale', task: string) => ({
  module: path.join(REPO, 'fixtures', 'verifiers', 'starter', kind, `${task}.ts`),
  runtime: 'inline' as const,
});

describe('toClassifyPanel', () => {
  let bench: PackHandle;
  beforeAll(async () => {
    bench = await starterBench();
  });

  it('passes when every outcome of the panel is classified right', async () => {
    await expect(verifier('correct', 'starter_2')).toClassifyPanel(
      bench.task('starter_2').panel('related'),
    );
    await expect(verifier('stale', 'starter_2')).toClassifyPanel(
      bench.task('starter_2').panel('source'),
    );
  });

  it('lists every outcome and explains the misclassified ones', async () => {
    const message = await failureMessage(() =>
      expect(verifier('stale', 'starter_2')).toClassifyPanel(
        bench.task('starter_2').panel('related'),
      ),
    );
    expect(message).toContain('Received: 2 of 5 correct');
    expect(message).toMatchSnapshot();
  });

  it('explains the .not branch', async () => {
    const message = await failureMessage(() =>
      expect(verifier('correct', 'starter_1')).not.toClassifyPanel(
        bench.task('starter_1').panel('background'),
      ),
    );
    expect(stripVTControlCharacters(message)).toContain(
      'Expected: some outcome misclassified on starter_1 › background',
    );
    expect(message).toMatchSnapshot();
  });

  it('needs a verifier, not a single record', async () => {
    await expect(
      expect(record('pass')).toClassifyPanel(bench.task('starter_1').panel('source')),
    ).rejects.toThrow('toClassifyPanel needs a verifier');
  });
});

describe('toClassifyPanel with the Python example verifier (process runtime)', () => {
  it('classifies the related panel of linear_1 and rejects its witness replay', async () => {
    const bench = await openPack('builtin');
    const python = {
      module: path.join(REPO, 'examples', 'verifiers', 'python', 'linear_1.py'),
      runtime: 'process' as const,
    };
    const task = bench.task('linear_1');
    await expect(python).toClassifyPanel(task.panel('related'));
    await expect(python).toRejectReplay(task.witness);
    await expect(python).toAcceptWitness(task.witness);
  });
});
