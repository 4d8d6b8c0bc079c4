import { beforeAll, describe, expect, it } from 'vitest';
import { agentProofBenchMatchers } from '../../matchers/index.js';
import type { PackHandle } from '../../src/pack/pack-handle.js';
import { errorRecord, failureMessage, record, starterBench } from './support.js';

expect.extend(agentProofBenchMatchers);

describe('toAcceptWitness', () => {
  let bench: PackHandle;
  beforeAll(async () => {
    bench = await starterBench();
  });

  it('passes on pass and explains a rejected source decision', async () => {
    const witness = bench.task('starter_1').witness;
    await expect(record('pass')).toAcceptWitness(witness);
    const message = await failureMessage(() =>
      expect(errorRecord('exception', 'TypeError: nodes is undefined')).toAcceptWitness(witness),
    );
    expect(message).toContain(
      'Expected: pass on starter_1 › witness › accepts the source decision on source',
    );
    expect(message).toMatchSnapshot();
  });

  it('.not passes on fail and explains an acceptance', async () => {
    const witness = bench.task('starter_2').witness;
    await expect(record('fail')).not.toAcceptWitness(witness);
    expect(
      await failureMessage(() => expect(record('pass')).not.toAcceptWitness(witness)),
    ).toMatchSnapshot();
  });

  it('says so when the task has no witness', async () => {
    await expect(expect(record('pass')).toAcceptWitness(undefined)).rejects.toThrow(
      /toAcceptWitness expects a task's witness/,
    );
  });
});
