import { beforeAll, describe, expect, it } from 'vitest';
import { agentProofBenchMatchers } from '../../matchers/index.js';
import type { PackHandle } from '../../src/pack/pack-handle.js';
import { failureMessage, record, starterBench } from './support.js';

expect.extend(agentProofBenchMatchers);

describe('toClassifyOutcome', () => {
  let bench: PackHandle;
  beforeAll(async () => {
    bench = await starterBench();
  });

  it('wants pass on valid outcomes and fail on invalid ones, prefixes included', async () => {
    const task = bench.task('starter_1');
    await expect(record('pass')).toClassifyOutcome(task.outcome('source', 'with-note'));
    await expect(record('fail')).toClassifyOutcome(task.outcome('source', 'not-yet'));
    await expect(record('pass')).not.toClassifyOutcome(task.outcome('source', 'not-yet'));
  });

  it('explains a misclassified prefix', async () => {
    const message = await failureMessage(() =>
      expect(record('pass')).toClassifyOutcome(
        bench.task('starter_1').outcome('related', 'not-yet'),
      ),
    );
    expect(message).toMatchSnapshot();
  });

  it('explains the .not branch', async () => {
    const message = await failureMessage(() =>
      expect(record('pass')).not.toClassifyOutcome(
        bench.task('starter_2').outcome('background', 'complete'),
      ),
    );
    expect(message).toMatchSnapshot();
  });
});
