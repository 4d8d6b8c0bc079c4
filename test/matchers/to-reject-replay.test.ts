import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentProofBenchMatchers } from '../../matchers/index.js';
import type { PackHandle } from '../../src/pack/pack-handle.js';
import { REPO } from './repo.js';
import { failureMessage, record, starterBench } from './support.js';

expect.extend(agentProofBenchMatchers);

describe('toRejectReplay', () => {
  let bench: PackHandle;
  beforeAll(async () => {
    bench = await starterBench();
  });

  it('passes on a fail verdict and explains a pass with the deciding reference check and the row diff', async () => {
    const witness = bench.task('starter_1').witness;
    await expect(record('fail')).toRejectReplay(witness);
    const message = await failureMessage(() =>
      expect(
        record('pass', [{ name: 'status is Todo', ok: true }], 'status matches the expected Todo'),
      ).toRejectReplay(witness),
    );
    expect(message).toContain('valve keeps its initial status [preservation]');
    expect(message).toMatchSnapshot();
  });

  it('.not passes on a pass verdict and explains a fail', async () => {
    const witness = bench.task('starter_2').witness;
    await expect(record('pass')).not.toRejectReplay(witness);
    expect(
      await failureMessage(() => expect(record('fail')).not.toRejectReplay(witness)),
    ).toMatchSnapshot();
  });

  it('runs a verifier module: a stale verifier accepts the replay, a correct one rejects it', async () => {
    const witness = bench.task('starter_1').witness;
    const verifiers = path.join(REPO, 'fixtures', 'verifiers', 'starter');
    await expect(path.join(verifiers, 'correct', 'starter_1.ts')).toRejectReplay(witness);
    await expect(path.join(verifiers, 'stale', 'starter_1.ts')).not.toRejectReplay(witness);
  });

  it('refuses a case that is not the replay, naming what it needs', async () => {
    const source = bench.task('starter_1').witness?.source;
    await expect(expect(record('fail')).toRejectReplay(source)).rejects.toThrow(
      /expects a task's witness .*starter_1 › witness › accepts the source decision on source is not one/,
    );
  });
});
