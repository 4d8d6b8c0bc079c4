// Type tests of the matchers as a user's test file sees them: the augmentation of `expect`,
// what each matcher accepts, and which ones must be awaited. Checked by `npm run typecheck`
// (tsc over test/, the first step of `npm test`): a wrong type, or an expected error
// that does not occur, is a type error there. `vitest --typecheck` runs them as tests too.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AgentProofBenchMatchers, VerifierUnderTest } from '../../matchers/index.js';
import '../../matchers/index.js';
import type { EvaluationRecord } from '../../src/contract/record.js';
import type { GateTrace } from '../../src/execution/gate.js';
import type { ExecutionHandle } from '../../src/execution/handle.js';
import type { CaseHandle, PanelHandle, WitnessHandle } from '../../src/pack/pack-handle.js';

declare const outcome: CaseHandle;
declare const panel: PanelHandle;
declare const witness: WitnessHandle | undefined;
declare const start: ExecutionHandle;
declare const trace: GateTrace;

describe('the matchers on expect', () => {
  it('take case, panel and witness handles, and return promises to await', () => {
    const verifier = expect('verifiers/linear_1.ts');
    expectTypeOf(verifier.toAcceptValid(outcome)).toExtend<Promise<unknown>>();
    expectTypeOf(verifier.toRejectFault(outcome)).toExtend<Promise<unknown>>();
    expectTypeOf(verifier.toClassifyOutcome(outcome)).toExtend<Promise<unknown>>();
    expectTypeOf(verifier.toClassifyPanel(panel)).toExtend<Promise<unknown>>();
    expectTypeOf(verifier.toAcceptWitness(witness)).toExtend<Promise<unknown>>();
    expectTypeOf(verifier.toRejectReplay(outcome)).toExtend<Promise<unknown>>();
  });

  it('gates synchronously on a gate trace', () => {
    expectTypeOf(expect(trace).toGateLikeReference(start)).not.toExtend<Promise<unknown>>();
  });

  it('refuse a value that is not a handle', () => {
    // @ts-expect-error a panel is not an outcome
    void expect('verifiers/linear_1.ts').toAcceptValid(panel);
    // @ts-expect-error an outcome is not a panel
    void expect('verifiers/linear_1.ts').toClassifyPanel(outcome);
    // @ts-expect-error the outcome's id alone is not a handle
    void expect('verifiers/linear_1.ts').toRejectFault('complete');
    // @ts-expect-error toGateLikeReference needs an execution handle
    expect(trace).toGateLikeReference(outcome);
  });

  it('name every matcher in AgentProofBenchMatchers', () => {
    expectTypeOf<keyof AgentProofBenchMatchers>().toEqualTypeOf<
      | 'toAcceptValid'
      | 'toRejectFault'
      | 'toAcceptWitness'
      | 'toRejectReplay'
      | 'toClassifyOutcome'
      | 'toClassifyPanel'
      | 'toGateLikeReference'
    >();
  });
});

describe('VerifierUnderTest', () => {
  it('is a path, a path with a runtime and limits, or a record', () => {
    expectTypeOf<'verifiers/linear_1.ts'>().toExtend<VerifierUnderTest>();
    expectTypeOf<{
      module: string;
      runtime: 'process';
      limits: { timeoutMs: number };
    }>().toExtend<VerifierUnderTest>();
    expectTypeOf<EvaluationRecord>().toExtend<VerifierUnderTest>();
    expectTypeOf<{ module: string; runtime: 'docker' }>().not.toExtend<VerifierUnderTest>();
  });
});
