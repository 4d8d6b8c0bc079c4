import { beforeAll, describe, expect, it } from 'vitest';
import { agentProofBenchMatchers } from '../../matchers/index.js';
import type { PackHandle } from '../../src/pack/pack-handle.js';
import { failureMessage, record, starterBench } from './support.js';

expect.extend(agentProofBenchMatchers);

describe('toAcceptValid', () => {
  let bench: PackHandle;
  beforeAll(async () => {
    bench = await starterBench();
  });

  it('passes on pass and explains a fail with the verifier checks, every reference check and the row diff', async () => {
    const outcome = bench.task('starter_1').outcome('related', 'complete');
    await expect(record('pass')).toAcceptValid(outcome);
    const message = await failureMessage(() =>
      expect(
        record('fail', [{ name: 'status is Todo', ok: false, detail: 'In Review' }]),
      ).toAcceptValid(outcome),
    );
    expect(message).toContain('Expected: pass on starter_1 › related › complete');
    expect(message).toMatchSnapshot();
  });

  it('.not passes on fail and explains an unwanted pass', async () => {
    const outcome = bench.task('starter_2').outcome('source', 'two-steps');
    await expect(record('fail')).not.toAcceptValid(outcome);
    expect(
      await failureMessage(() => expect(record('pass')).not.toAcceptValid(outcome)),
    ).toMatchSnapshot();
  });

  it('treats Unknown as not accepting', async () => {
    await expect(record('unknown')).not.toAcceptValid(
      bench.task('starter_1').outcome('source', 'complete'),
    );
  });

  it('refuses an invalid outcome', async () => {
    await expect(
      expect(record('pass')).toAcceptValid(
        bench.task('starter_1').outcome('source', 'wrong-mateo'),
      ),
    ).rejects.toThrow(
      'toAcceptValid expects a valid panel outcome; starter_1 › source › fault: assigned to Mateo Ruiz-Ortega (identity) is not one',
    );
  });
});
