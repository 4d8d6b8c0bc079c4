import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainsOfTask, type ExecutionChain } from '../../src/execution/chain.js';
import { replayVerifierGate } from '../../src/execution/replay.js';
import { GateRecordCache, runGate } from '../../src/execution/run-gate.js';
import { loadPackOrThrow } from '../../src/pack/load.js';
import type { Pack } from '../../src/pack/pack.js';
import { createRuntime, type Runtime } from '../../src/sandbox/runtime.js';

const root = path.resolve(import.meta.dirname, '../..');
const verifier = (kind: string) =>
  path.join(root, 'fixtures/verifiers/starter', kind, 'starter_1.ts');

describe('runGate (real isolate runtime, starter pack with executions)', () => {
  let pack: Pack;
  let runtime: Runtime;
  let natural: ExecutionChain;
  let checkpoint: ExecutionChain;
  beforeAll(async () => {
    pack = await loadPackOrThrow(path.join(root, 'fixtures/packs/starter-executions'));
    [natural, checkpoint] = chainsOfTask(pack, pack.task('starter_1')).chains as [
      ExecutionChain,
      ExecutionChain,
    ];
    runtime = await createRuntime('isolate', { limits: { timeoutMs: 10_000 } });
  });
  afterAll(async () => {
    await runtime.close();
  });

  const gate = (
    chain: ExecutionChain,
    kind: string,
    cache?: GateRecordCache,
    operations?: number,
  ) =>
    runGate({
      pack,
      task: pack.task('starter_1'),
      chain,
      gate: 'program',
      program: { id: `starter_1.${kind}`, set: 'default' },
      module: verifier(kind),
      runtime,
      ...(operations ? { limits: { operations } } : {}),
      ...(cache ? { cache } : {}),
    });

  it('checks the start, then the state after each rejected stage, until the gate opens', async () => {
    const trace = await gate(natural, 'correct');
    expect(trace.checks.map((check) => [check.state, check.record.verdict])).toEqual([
      ['start', 'fail'],
      ['rejected.1', 'pass'],
    ]);
    expect(trace.checks.every((check) => check.record.operations > 0)).toBe(true);
    expect(replayVerifierGate(natural, 'program-gate', trace.checks)).toMatchObject({
      kind: 'correct',
      delivered: 'rejected.1',
      repair: true,
    });
  });

  it('stops at an unresolved rejected stage: nothing left to check', async () => {
    const trace = await gate(checkpoint, 'correct');
    expect(trace.checks.map((check) => check.state)).toEqual(['start', 'rejected.1']);
    expect(replayVerifierGate(checkpoint, 'program-gate', trace.checks).kind).toBe('unresolved');
  });

  it('evaluates an identical state once per program and marks the reuse', async () => {
    const cache = new GateRecordCache();
    const first = await gate(natural, 'correct', cache);
    const again = await gate(natural, 'correct', cache);
    expect(cache.evaluations).toBe(first.checks.length);
    expect(again.checks.every((check) => check.reused)).toBe(true);
    expect(again.checks.map((check) => check.record)).toEqual(
      first.checks.map((check) => check.record),
    );
  });

  it('runs each check under the ordinary limits: an operation budget of 1 is an Error, never a Pass', async () => {
    const trace = await gate(natural, 'correct', undefined, 1);
    expect(trace.checks).toHaveLength(3);
    for (const check of trace.checks)
      expect(check.record).toMatchObject({ verdict: 'error', kind: 'budget' });
    expect(replayVerifierGate(natural, 'program-gate', trace.checks).kind).toBe('withheld');
  });
});
