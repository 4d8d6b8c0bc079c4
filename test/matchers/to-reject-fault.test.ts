import { beforeAll, describe, expect, it } from 'vitest';
import { agentProofBenchMatchers } from '../../matchers/index.js';
import type { PackHandle } from '../../src/pack/pack-handle.js';
import { errorRecord, failureMessage, record, starterBench } from './support.js';

expect.extend(agentProofBenchMatchers);

describe('toRejectFault', () => {
  let bench: PackHandle;
  beforeAll(async () => {
    bench = await starterBench();
  });

  it('passes on fail and explains a false acceptance with the failing reference check', async () => {
    const fault = bench.task('starter_2').outcome('related', 'other-priya');
    await expect(record('fail')).toRejectFault(fault);
    const message = await failureMessage(() =>
      expect(record('pass', [{ name: 'assigned to Priya Shah', ok: true }])).toRejectFault(fault),
    );
    expect(message).toContain('✗ assignee is the current Priya Shah [identity]');
    expect(message).toMatchSnapshot();
  });

  it('explains an Error record with its kind and message', async () => {
    const fault = bench.task('starter_1').outcome('source', 'parts-order-too');
    const message = await failureMessage(() =>
      expect(
        errorRecord('budget', 'operation budget exhausted: 80 of 80 operations used'),
      ).toRejectFault(fault),
    );
    expect(message).toContain(
      'Received: error (budget): operation budget exhausted: 80 of 80 operations used',
    );
    expect(message).toMatchSnapshot();
  });

  it('.not passes on pass and explains a rejection', async () => {
    const fault = bench.task('starter_1').outcome('background', 'status-moved');
    await expect(record('pass')).not.toRejectFault(fault);
    expect(
      await failureMessage(() => expect(record('fail')).not.toRejectFault(fault)),
    ).toMatchSnapshot();
  });

  it('refuses a valid outcome', async () => {
    await expect(
      expect(record('fail')).toRejectFault(bench.task('starter_1').outcome('source', 'complete')),
    ).rejects.toThrow(/expects an invalid panel outcome/);
  });
});
