import { describe, expect, it } from 'vitest';
import { isAgentProofBenchError } from '../../src/contract/error.js';
import { nextGateCheck } from '../../src/execution/gate.js';
import {
  replayActorStop,
  replayFixedContinuation,
  replayReferenceGate,
  replayVerifierGate,
} from '../../src/execution/replay.js';
import type { ChainStateId } from '../../src/pack/execution-states.js';
import { chain, checks } from './chains.js';

describe('actor stop', () => {
  it('delivers the natural end as it is', () => {
    expect(replayActorStop(chain({ start: 'valid' }))).toMatchObject({
      kind: 'correct',
      delivered: 'start',
      stagesRun: 0,
      checks: 0,
      cost: 0,
    });
    expect(replayActorStop(chain({ start: 'invalid' })).kind).toBe('incorrect');
  });

  it('withholds at a checkpoint, recording whether the written state is valid anyway', () => {
    const valid = replayActorStop(chain({ start: 'valid' }, { start: 'checkpoint' }));
    expect(valid).toMatchObject({
      kind: 'withheld',
      delivered: null,
      final: 'start',
      finalValid: true,
    });
    expect(valid.regression).toBe(false);
    expect(replayActorStop(chain({}, { start: 'checkpoint' })).finalValid).toBe(false);
  });
});

describe('fixed continuation', () => {
  it('runs both neutral stages and delivers the second; a repair when the start was invalid', () => {
    const outcome = replayFixedContinuation(
      chain({ 'neutral.1': 'invalid', 'neutral.2': 'valid' }),
    );
    expect(outcome).toMatchObject({
      kind: 'correct',
      delivered: 'neutral.2',
      stagesRun: 2,
      repair: true,
    });
    expect(outcome).toMatchObject({
      turns: 4,
      operations: 10,
      writesIssued: 4,
      writesSucceeded: 2,
    });
    expect(outcome.cost).toBeCloseTo(0.02, 10);
  });

  it('is an incorrect delivery and a regression when a valid start ends invalid', () => {
    const outcome = replayFixedContinuation(chain({ start: 'valid', 'neutral.1': 'valid' }));
    expect(outcome).toMatchObject({ kind: 'incorrect', regression: true, repair: false });
  });

  it('is unresolved when a neutral stage did not finish, and stops there', () => {
    expect(
      replayFixedContinuation(chain({ 'neutral.1': 'valid?', 'neutral.2': 'valid?' })),
    ).toMatchObject({
      kind: 'unresolved',
      delivered: null,
      final: 'neutral.1',
      finalValid: true,
      stagesRun: 1,
    });
    expect(
      replayFixedContinuation(chain({ start: 'valid', 'neutral.2': 'invalid?' })),
    ).toMatchObject({
      kind: 'unresolved',
      final: 'neutral.2',
      stagesRun: 2,
      regression: true,
    });
  });

  it('has no cost when a stage it ran has none recorded', () => {
    expect(replayFixedContinuation(chain({}, { cost: false })).cost).toBeNull();
  });
});

describe('program gate', () => {
  it('delivers the start state when the gate passes it, without running a stage', () => {
    const started = chain({ start: 'valid' });
    expect(replayVerifierGate(started, 'program-gate', checks({ start: 'pass' }))).toMatchObject({
      kind: 'correct',
      delivered: 'start',
      stagesRun: 0,
      checks: 1,
      gateOperations: 3,
      cost: 0,
    });
  });

  it('takes rejected stage 1 after a Fail and delivers it when the gate then passes', () => {
    const outcome = replayVerifierGate(
      chain({ 'rejected.1': 'valid' }),
      'program-gate',
      checks({ start: 'fail', 'rejected.1': 'pass' }),
    );
    expect(outcome).toMatchObject({
      kind: 'correct',
      delivered: 'rejected.1',
      stagesRun: 1,
      checks: 2,
      repair: true,
    });
    expect(outcome.steps.map((step) => step.agrees)).toEqual([true, true]);
  });

  it('withholds after three checks that do not open; the writes of both stages stay', () => {
    const outcome = replayVerifierGate(
      chain({ 'rejected.2': 'valid' }),
      'program-gate',
      checks({ start: 'fail', 'rejected.1': 'fail', 'rejected.2': 'fail' }),
    );
    expect(outcome).toMatchObject({
      kind: 'withheld',
      delivered: null,
      final: 'rejected.2',
      finalValid: true,
      stagesRun: 2,
      checks: 3,
      repair: false,
      regression: false,
    });
    expect(outcome.steps.map((step) => step.agrees)).toEqual([true, true, false]);
  });

  it('is a regression when it rejects a valid start and the actor then breaks it', () => {
    const outcome = replayVerifierGate(
      chain({ start: 'valid', 'rejected.1': 'invalid' }),
      'program-gate',
      checks({ start: 'fail', 'rejected.1': 'pass' }),
    );
    expect(outcome).toMatchObject({ kind: 'incorrect', delivered: 'rejected.1', regression: true });
    expect(outcome.steps.map((step) => step.agrees)).toEqual([false, false]);
  });

  it('counts a withheld delivery whose final state broke a valid start as a regression', () => {
    const outcome = replayVerifierGate(
      chain({ start: 'valid' }),
      'program-gate',
      checks({ start: 'fail', 'rejected.1': 'fail', 'rejected.2': 'fail' }),
    );
    expect(outcome).toMatchObject({ kind: 'withheld', finalValid: false, regression: true });
  });

  const stages: ChainStateId[] = ['start', 'rejected.1', 'rejected.2'];
  for (const verdict of ['unknown', 'error'] as const) {
    stages.forEach((stage, index) => {
      it(`treats ${verdict} at ${stage} as not Pass: the actor is sent back (or delivery withheld)`, () => {
        const verdicts = Object.fromEntries(
          stages.map((id, i) => [id, i < index ? 'fail' : i === index ? verdict : 'pass']),
        );
        const allValid = chain({ start: 'valid', 'rejected.1': 'valid', 'rejected.2': 'valid' });
        const outcome = replayVerifierGate(
          allValid,
          'program-gate',
          checks(verdicts).slice(0, index + 2),
        );
        expect(outcome.steps[index]).toMatchObject({ state: stage, verdict, agrees: false });
        if (index < 2) {
          expect(outcome).toMatchObject({
            kind: 'correct',
            delivered: stages[index + 1],
            stagesRun: index + 1,
          });
        } else {
          expect(outcome).toMatchObject({
            kind: 'withheld',
            final: 'rejected.2',
            finalValid: true,
            checks: 3,
          });
        }
      });
    });
  }

  it('is unresolved when a rejected stage did not finish, with the checks made before it', () => {
    expect(
      replayVerifierGate(
        chain({ 'rejected.1': 'invalid?' }),
        'program-gate',
        checks({ start: 'fail' }),
      ),
    ).toMatchObject({ kind: 'unresolved', final: 'rejected.1', stagesRun: 1, checks: 1 });
    expect(
      replayVerifierGate(
        chain({ start: 'valid', 'rejected.2': 'invalid?' }),
        'program-gate',
        checks({ start: 'unknown', 'rejected.1': 'fail' }),
      ),
    ).toMatchObject({
      kind: 'unresolved',
      final: 'rejected.2',
      stagesRun: 2,
      checks: 2,
      regression: true,
    });
  });

  it('refuses to replay without the record of a check its walk needs', () => {
    let thrown: unknown;
    try {
      replayVerifierGate(chain({}), 'program-gate', checks({ start: 'fail' }));
    } catch (error) {
      thrown = error;
    }
    expect(isAgentProofBenchError(thrown, 'APB_EXECUTION_REPLAY')).toBe(true);
    expect((thrown as Error).message).toMatch(
      /^APB_EXECUTION_REPLAY: program-gate at .*: no record of the check at rejected\.1\nFix: run the gate's checks first/,
    );
  });
});

describe('online gate and reference gate', () => {
  it('replays a second verifier exactly like the program gate, under its own name', () => {
    const started = chain({ 'rejected.1': 'valid' });
    const verdicts = checks({ start: 'error', 'rejected.1': 'pass' });
    const online = replayVerifierGate(started, 'online-gate', verdicts);
    const program = replayVerifierGate(started, 'program-gate', verdicts);
    expect(online.policy).toBe('online-gate');
    expect({ ...online, policy: 'program-gate' }).toEqual(program);
  });

  it('the reference gate opens exactly on valid states: the ideal delivery', () => {
    expect(replayReferenceGate(chain({ start: 'valid' }))).toMatchObject({
      kind: 'correct',
      checks: 1,
      stagesRun: 0,
    });
    expect(replayReferenceGate(chain({ 'rejected.2': 'valid' }))).toMatchObject({
      kind: 'correct',
      delivered: 'rejected.2',
      checks: 3,
      gateOperations: 0,
    });
    expect(replayReferenceGate(chain({}))).toMatchObject({ kind: 'withheld', finalValid: false });
    expect(replayReferenceGate(chain({ 'rejected.1': 'valid?' })).kind).toBe('unresolved');
    expect(replayReferenceGate(chain({ start: 'valid' })).steps.every((step) => step.agrees)).toBe(
      true,
    );
  });
});

describe('nextGateCheck', () => {
  it('walks start, rejected.1, rejected.2 until the gate opens', () => {
    const started = chain({});
    expect(nextGateCheck(started, new Map())).toBe('start');
    expect(nextGateCheck(started, new Map([['start', 'fail']]))).toBe('rejected.1');
    expect(nextGateCheck(started, new Map([['start', 'pass']]))).toBeUndefined();
    expect(
      nextGateCheck(
        started,
        new Map([
          ['start', 'unknown'],
          ['rejected.1', 'error'],
        ]),
      ),
    ).toBe('rejected.2');
    expect(
      nextGateCheck(
        started,
        new Map([
          ['start', 'fail'],
          ['rejected.1', 'fail'],
          ['rejected.2', 'fail'],
        ]),
      ),
    ).toBeUndefined();
  });

  it('stops before an unresolved stage: there is no state to check', () => {
    expect(
      nextGateCheck(chain({ 'rejected.1': 'valid?' }), new Map([['start', 'fail']])),
    ).toBeUndefined();
  });
});
