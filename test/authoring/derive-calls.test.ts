import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveCalls } from '../../src/authoring/derive-calls.js';
import { seedState } from '../../src/authoring/seed-state.js';
import { loadPack } from '../../src/pack/load.js';
import {
  assign,
  CLOCK,
  callsPack,
  comment,
  removeAll,
  withFakeModel,
} from '../support/calls-pack.js';
import { fakeLinearWriteModel } from '../support/fake-write-model.js';

const starter = path.resolve(import.meta.dirname, '../../fixtures/packs/starter');
const lena = { id: 'usr-lena', name: 'Lena Okafor' };

describe('deriveCalls', () => {
  it('gives the patch the loader derives for the same state name', async () => {
    const calls = [
      assign('iss-fac-1', 'usr-mateo'),
      comment('iss-fac-1', 'note {{0.issue.number}}'),
    ];
    const state = seedState(starter, 'starter-linear');
    const derived = deriveCalls(state, lena, calls, CLOCK, 'starter_1/source/with-note', {
      writeModel: () => fakeLinearWriteModel,
    });
    expect(derived.responses).toHaveLength(2);
    expect(derived.after.rows('comments').at(-1)).toMatchObject({
      body: 'note 1',
      userId: 'usr-lena',
    });

    const made: string[] = [];
    try {
      const dir = callsPack(
        'starter',
        ({ manifest, task }) => {
          manifest.calls = CLOCK;
          const outcome = task('starter_1').outcomes.source[1];
          outcome.calls = calls;
          outcome.patch = derived.patch;
        },
        made,
      );
      // Loading checks the written patch against the calls: the authoring result agrees.
      const result = await loadPack(dir, withFakeModel);
      expect(
        result.ok &&
          result.pack.outcome(result.pack.task('starter_1'), 'source', 'with-note').patch,
      ).toEqual(derived.patch);
    } finally {
      removeAll(made);
    }
  });

  it('throws APB_AUTHORING naming the refused call and the service error', () => {
    const state = seedState(starter, 'starter-linear');
    expect(() =>
      deriveCalls(state, lena, [assign('iss-none', 'usr-mateo')], CLOCK, 't/source/x', {
        writeModel: () => fakeLinearWriteModel,
      }),
    ).toThrow(
      /APB_AUTHORING: t\/source\/x: call 0 \(POST \/test\/assign\) refused: issue_not_found \(HTTP 404\)/,
    );
  });

  it('throws for a service without a write model', () => {
    const state = seedState(starter, 'starter-linear');
    expect(() =>
      deriveCalls(state, lena, [assign('iss-fac-1', 'usr-mateo')], CLOCK, 's', {
        writeModel: () => undefined,
      }),
    ).toThrow(/linear has no write model/);
  });
});
