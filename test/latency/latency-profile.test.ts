import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePrograms } from '../../src/evaluation/programs.js';
import { profileLatency } from '../../src/latency/latency-profile.js';
import { renderLatencyProfile } from '../../src/latency/render-latency.js';
import { loadPackOrThrow } from '../../src/pack/load.js';
import type { Pack } from '../../src/pack/pack.js';
import { createRuntime, type Runtime } from '../../src/sandbox/runtime.js';

const root = path.resolve(import.meta.dirname, '../..');
let pack: Pack;
let runtime: Runtime;

beforeAll(async () => {
  pack = await loadPackOrThrow(path.join(root, 'fixtures/packs/starter'));
  runtime = await createRuntime('inline');
});
afterAll(() => runtime.close());

describe('profileLatency', () => {
  it('times every panel state as independent evaluations and reports their verdicts and operations', async () => {
    const programs = resolvePrograms(
      'fixtures/verifiers/starter/correct/{task}.ts',
      ['starter_1', 'starter_2'],
      { cwd: root },
    );
    const profile = await profileLatency({
      pack,
      programs,
      runtime,
      iterations: 3,
      warmupIterations: 1,
    });
    expect(
      profile.states.map((state) => [state.task, state.condition, state.outcome, state.verdict]),
    ).toEqual([
      ['starter_1', 'source', 'complete', 'pass'],
      ['starter_2', 'related', 'other-priya', 'fail'],
    ]);
    for (const state of profile.states) {
      expect(state.samples).toBeGreaterThanOrEqual(3);
      expect(state.operations).toBeGreaterThan(0);
      expect(state.medianMs).toBeLessThanOrEqual(state.p75Ms);
      expect(state.p75Ms).toBeLessThanOrEqual(state.p99Ms);
    }
    expect(profile.overall.evaluations).toBe(
      profile.states.reduce((sum, state) => sum + state.samples, 0),
    );
    expect(profile.runtime).toBe('inline');
    expect(profile.isolation.level).toBe('none');
    const text = renderLatencyProfile(profile);
    expect(text).toContain('NOT ISOLATED (inline)');
    expect(text).toMatch(/starter_2 related\/other-priya\s+starter_2\s+[\d.]+/);
  });

  it("warms the whole panel up, then each state again right before timing it, so no other state's warm-up falls in between", async () => {
    const programs = resolvePrograms(
      'fixtures/verifiers/starter/correct/{task}.ts',
      ['starter_1', 'starter_2'],
      { cwd: root },
    );
    // The task of every evaluation, in the order the runtime got them.
    const order: string[] = [];
    const recording: Runtime = {
      name: runtime.name,
      isolation: runtime.isolation,
      evaluate: (input) => {
        order.push(input.task.id);
        return runtime.evaluate(input);
      },
      close: async () => undefined,
    };
    await profileLatency({
      pack,
      programs,
      runtime: recording,
      iterations: 3,
      warmupIterations: 2,
    });
    // First a warm-up round over the panel, twice...
    expect(order.slice(0, 4)).toEqual(['starter_1', 'starter_2', 'starter_1', 'starter_2']);
    // ...then per state its two warm-ups and at least three timed evaluations, together.
    const perState = order.slice(4);
    const firstOfSecond = perState.indexOf('starter_2');
    expect(firstOfSecond).toBeGreaterThanOrEqual(5);
    expect(perState.slice(0, firstOfSecond).every((task) => task === 'starter_1')).toBe(true);
    expect(perState.slice(firstOfSecond).every((task) => task === 'starter_2')).toBe(true);
  });

  it('skips, with a reason, panel states whose task has no program', async () => {
    const programs = resolvePrograms(
      'fixtures/verifiers/starter/correct/{task}.ts',
      ['starter_2'],
      { cwd: root },
    );
    const profile = await profileLatency({
      pack,
      programs,
      runtime,
      iterations: 1,
      warmupIterations: 0,
    });
    expect(profile.states.map((state) => state.task)).toEqual(['starter_2']);
    expect(profile.skipped).toEqual([
      {
        task: 'starter_1',
        condition: 'source',
        outcome: 'complete',
        reason: 'no verifier program for this task',
      },
    ]);
  });

  it('records the error kind when the timed verifier fails', async () => {
    const programs = resolvePrograms(
      'fixtures/verifiers/starter/hostile/{task}.ts',
      ['starter_1', 'starter_2'],
      { cwd: root },
    );
    const profile = await profileLatency({
      pack,
      programs,
      runtime,
      iterations: 1,
      warmupIterations: 0,
    });
    // starter_1's hostile verifier only throws off-source; starter_2's exhausts the budget.
    expect(
      profile.states.map((state) => [state.task, state.verdict, state.errorKind ?? null]),
    ).toEqual([
      ['starter_1', 'pass', null],
      ['starter_2', 'error', 'budget'],
    ]);
  });
});
