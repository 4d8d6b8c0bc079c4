import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentProofBenchMatchers } from '../../matchers/index.js';
import { chainsOfTask } from '../../src/execution/chain.js';
import type { GateTrace } from '../../src/execution/gate.js';
import { type ExecutionHandle, executionHandle } from '../../src/execution/handle.js';
import { loadPackOrThrow } from '../../src/pack/load.js';
import { errorRecord, failureMessage, record } from './support.js';

expect.extend(agentProofBenchMatchers);

const packDir = path.resolve(import.meta.dirname, '../../fixtures/packs/starter-executions');

function traceOf(
  handle: ExecutionHandle,
  verdicts: GateTrace['checks'][number]['record'][],
): GateTrace {
  const states = ['start', 'rejected.1', 'rejected.2'] as const;
  return {
    gate: 'program',
    program: { id: 'starter_1', set: 'default' },
    task: handle.chain.task,
    family: handle.chain.family,
    run: handle.chain.run,
    start: handle.chain.start,
    checks: verdicts.map((entry, index) => ({
      state: states[index]!,
      fingerprint: handle.chain.states[states[index]!].fingerprint,
      record: entry,
      reused: false,
    })),
  };
}

describe('toGateLikeReference', () => {
  let natural: ExecutionHandle;
  let checkpoint: ExecutionHandle;
  beforeAll(async () => {
    const pack = await loadPackOrThrow(packDir);
    const task = pack.task('starter_1');
    const [first, second] = chainsOfTask(pack, task).chains;
    natural = executionHandle(pack, task, first!);
    checkpoint = executionHandle(pack, task, second!);
  });

  it('passes when every check matches the reference label', () => {
    expect(traceOf(natural, [record('fail'), record('pass')])).toGateLikeReference(natural);
  });

  it('fails on a false acceptance, showing the chain, verdicts, labels and row changes', async () => {
    // The checkpoint's rejected stage 1 moved the status: invalid, but this gate accepts it.
    const message = await failureMessage(async () =>
      expect(traceOf(checkpoint, [record('fail'), record('pass')])).toGateLikeReference(checkpoint),
    );
    expect(message).toContain(
      '✗ rejected.1 gate pass; reference labels it invalid (false acceptance)',
    );
    expect(message).toContain('failing reference checks: valve keeps its initial status');
    expect(message).toContain(
      '~ issues {"id":"iss-fac-1"}: stateId "st-FAC-inreview" → "st-FAC-todo"',
    );
    expect(message).toMatchSnapshot();
  });

  it('counts Unknown and Error as disagreement, never as Pass', async () => {
    const message = await failureMessage(async () =>
      expect(
        traceOf(natural, [
          record('unknown'),
          errorRecord('timeout', 'timed out after 60000 ms'),
          record('pass'),
        ]),
      ).toGateLikeReference(natural),
    );
    expect(message).toContain('✗ start      gate unknown; reference labels it invalid');
    expect(message).toContain(
      '✗ rejected.1 gate error (timeout): timed out after 60000 ms; reference labels it valid (rejects a valid state)',
    );
    expect(message).toMatchSnapshot();
  });

  it('.not passes on a disagreeing gate and explains an agreeing one', async () => {
    expect(traceOf(natural, [record('pass')])).not.toGateLikeReference(natural);
    const message = await failureMessage(async () =>
      expect(traceOf(natural, [record('fail'), record('pass')])).not.toGateLikeReference(natural),
    );
    expect(message).toContain('Expected: the program gate not to decide as the reference gate');
    expect(message).toMatchSnapshot();
  });

  it('refuses arguments that are not a trace and a start point', () => {
    expect(() => expect(record('pass')).toGateLikeReference(natural)).toThrow(/needs a gate trace/);
  });
});
