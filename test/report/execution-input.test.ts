import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  executionInputOf,
  gateTraceKey,
  plannedGateTraceNames,
} from '../../src/report/execution-input.js';
import { resolveOptions } from '../../src/run/options.js';
import { planRun } from '../../src/run/run-plan.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('the execution input of a run plan', () => {
  it('plans one gate trace per start point, program and online gate, named like the tests', async () => {
    const plan = await planRun(
      resolveOptions(
        {
          pack: 'fixtures/packs/starter-executions',
          verifier: 'fixtures/verifiers/starter/correct/{task}.ts',
          onlineGate: 'fixtures/verifiers/starter/stale/{task}.ts',
        },
        root,
      ),
    );
    const names = plannedGateTraceNames(plan);
    expect([...names.values()]).toEqual([
      'starter_1 › execution › run-a › natural › program gate (starter_1)',
      'starter_1 › execution › run-a › natural › online gate (online-gate: starter_1)',
      'starter_1 › execution › run-a › checkpoint › program gate (starter_1)',
      'starter_1 › execution › run-a › checkpoint › online gate (online-gate: starter_1)',
    ]);
    const key = gateTraceKey({
      gate: 'program',
      program: { id: 'starter_1', set: 'default' },
      task: 'starter_1',
      run: 'run-a',
      start: 'natural',
    });
    expect(names.has(key)).toBe(true);
    const input = executionInputOf(plan, []);
    expect(input?.chains).toHaveLength(2);
    expect(input?.problems).toEqual([]);
  });

  it('plans nothing for a pack without recorded executions', async () => {
    const plan = await planRun(
      resolveOptions(
        { pack: 'starter', verifier: 'fixtures/verifiers/starter/correct/{task}.ts' },
        root,
      ),
    );
    expect(plannedGateTraceNames(plan).size).toBe(0);
    expect(executionInputOf(plan, [])).toBeUndefined();
  });
});
