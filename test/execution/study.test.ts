import { describe, expect, it } from 'vitest';
import type { ProgramRef } from '../../src/contract/case.js';
import { executionStudy } from '../../src/execution/study.js';
import { chain, trace } from './chains.js';

// Two families, one run each, two start points per run: four chains.
const chains = ['fa', 'fb'].flatMap((task) => [
  chain({ start: 'valid', 'rejected.1': 'invalid' }, { task, start: 'natural' }),
  chain({ 'neutral.2': 'valid', 'rejected.1': 'valid' }, { task, start: 'checkpoint' }),
]);
const [faNatural, faCheckpoint, fbNatural, fbCheckpoint] = chains as [
  (typeof chains)[0],
  (typeof chains)[0],
  (typeof chains)[0],
  (typeof chains)[0],
];
// `good` decides like the reference; `stale` rejects the valid natural ends and accepts what follows.
const traces = [
  trace(faNatural, { start: 'pass' }, 'good'),
  trace(faCheckpoint, { start: 'fail', 'rejected.1': 'pass' }, 'good'),
  trace(fbNatural, { start: 'pass' }, 'good'),
  trace(fbCheckpoint, { start: 'fail', 'rejected.1': 'pass' }, 'good'),
  trace(faNatural, { start: 'fail', 'rejected.1': 'pass' }, 'stale'),
  trace(faCheckpoint, { start: 'fail', 'rejected.1': 'pass' }, 'stale'),
  trace(fbNatural, { start: 'fail', 'rejected.1': 'pass' }, 'stale'),
  trace(fbCheckpoint, { start: 'unknown', 'rejected.1': 'pass' }, 'stale'),
];
const panelCorrect = (program: ProgramRef) => program.id === 'good';
const input = {
  chains,
  programTraces: traces,
  onlineTraces: [],
  relatedPanelCorrect: panelCorrect,
  bootstrap: { seed: 7, resamples: 500 },
};

describe('executionStudy', () => {
  const study = executionStudy(input);
  const row = (policy: string, cohort: string) =>
    study.policies.find((entry) => entry.policy === policy && entry.cohort === cohort)!;

  it('counts start points, runs and assignments (programs × runs)', () => {
    expect(study.counts).toEqual({
      tasks: 2,
      families: 2,
      runs: 2,
      startPoints: 4,
      programs: 2,
      assignments: 4,
    });
  });

  it('gives correct delivery per policy and cohort', () => {
    expect(row('actor-stop', 'natural').correct).toMatchObject({ count: 2, total: 2, rate: 1 });
    expect(row('actor-stop', 'checkpoint').kinds.withheld).toBe(2);
    expect(row('fixed-continuation', 'all').correct).toMatchObject({ count: 2, total: 4 });
    expect(row('reference-gate', 'all').correct).toMatchObject({ count: 4, total: 4 });
    expect(row('program-gate', 'all').correct).toMatchObject({ count: 6, total: 8 });
    expect(row('program-gate', 'natural').regressions).toBe(2);
    expect(study.policies.some((entry) => entry.policy === 'online-gate')).toBe(false);
  });

  it('groups assignments by related-panel correctness and takes the difference with an interval', () => {
    const { panelCorrect: good, panelErrors: stale, difference } = study.diagnostic;
    expect(good).toMatchObject({
      assignments: 2,
      bothCorrect: 2,
      rate: 1,
      gateErrors: 0,
      regressions: 0,
    });
    expect(stale).toMatchObject({
      assignments: 2,
      bothCorrect: 0,
      rate: 0,
      regressions: 2,
      incorrect: 2,
    });
    // stale: the rejected valid start (natural) and the Unknown at the checkpoint, plus the false accepts.
    expect(stale.gateErrors).toBe(5);
    expect(difference.estimate).toBe(1);
    expect(difference.lower).toBe(1);
    expect(difference.upper).toBe(1);
  });

  it('pairs policy contrasts over start points, program gates averaged per start point', () => {
    const fixedMinusGate = study.contrasts.find(
      (entry) =>
        entry.a === 'fixed-continuation' && entry.b === 'program-gate' && entry.cohort === 'all',
    )!;
    // natural: fixed 0 vs gate (1 + 0) / 2; checkpoint: fixed 1 vs gate 1.
    expect(fixedMinusGate.delta).toBeCloseTo((-0.5 - 0.5 + 0 + 0) / 4, 10);
    expect(fixedMinusGate.pairs).toBe(4);
  });

  it('is a pure function of its input: same numbers in any trace order, same intervals per seed', () => {
    const shuffled = executionStudy({
      ...input,
      programTraces: [...traces].reverse(),
      chains: [...chains].reverse(),
    });
    expect(shuffled).toEqual(study);
    const other = executionStudy({ ...input, bootstrap: { seed: 8, resamples: 500 } });
    expect(other.policies.map((entry) => entry.correct.rate)).toEqual(
      study.policies.map((entry) => entry.correct.rate),
    );
  });

  it('splits program-gate rows per set and contrasts the first set', () => {
    const sets = executionStudy({
      ...input,
      programTraces: traces.map((entry) => ({
        ...entry,
        program: { ...entry.program, set: entry.program.id },
      })),
      programSets: ['stale', 'good'],
    });
    const programRows = sets.policies.filter(
      (entry) => entry.policy === 'program-gate' && entry.cohort === 'all',
    );
    expect(programRows.map((entry) => [entry.set, entry.correct.count])).toEqual([
      ['stale', 2],
      ['good', 4],
    ]);
    const gateMinusStop = sets.contrasts.find(
      (entry) => entry.a === 'program-gate' && entry.cohort === 'natural',
    )!;
    expect(gateMinusStop.delta).toBe(-1);
  });

  it('reports the online gate as its own policy and its own gate behaviour', () => {
    const online = executionStudy({
      ...input,
      onlineTraces: chains.map((entry) =>
        trace(entry, { start: 'error', 'rejected.1': 'pass' }, 'judge', 'online-gate', 'online'),
      ),
    });
    const all = online.policies.find(
      (entry) => entry.policy === 'online-gate' && entry.cohort === 'all',
    )!;
    expect(all.correct.count).toBe(2);
    expect(online.gates.online).toMatchObject({ checks: 8, errors: 4, unknown: 0 });
  });

  it('amortises a construction cost over the start points a program gated', () => {
    const costed = executionStudy({ ...input, constructionCost: () => 0.4 });
    // Each program gates 2 start points per task: C/k = 0.2; stage costs 0.01 per stage run.
    const stagesRun = costed.replays
      .filter((entry) => entry.outcome.policy === 'program-gate')
      .reduce((sum, entry) => sum + entry.outcome.stagesRun, 0);
    expect(costed.amortisedCost).toBeCloseTo((stagesRun * 0.01 + 8 * 0.2) / 8, 10);
    expect(study.amortisedCost).toBeNull();
  });
});
