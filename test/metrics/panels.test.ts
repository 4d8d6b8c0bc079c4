import { describe, expect, it } from 'vitest';
import { MetricsInputError } from '../../src/metrics/metrics-input-error.js';
import { collectResults, panelKindOf } from '../../src/metrics/panels.js';
import { panel, witness } from '../support/case-results.js';

const r1 = { task: 'linear_52', family: 'plots', program: 'linear_52.r1' };
const r2 = { task: 'linear_52', family: 'plots', program: 'linear_52.r2' };

describe('panelKindOf', () => {
  it('keeps natural and prefix roles out of the primary panel', () => {
    expect(panelKindOf('complete')).toBe('primary');
    expect(panelKindOf('alternative')).toBe('primary');
    expect(panelKindOf('fault')).toBe('primary');
    expect(panelKindOf('natural')).toBe('natural');
    expect(panelKindOf('prefix')).toBe('prefix');
  });
});

describe('collectResults', () => {
  it('makes each replicate one program × task unit and tallies its panel by label and verdict', () => {
    const { units, panels } = collectResults([
      ...panel(r2, 'source', ['complete', 'pass'], ['fault', 'pass', 'identity']),
      ...panel(
        r1,
        'source',
        ['complete', 'unknown'],
        ['fault', 'error:timeout', 'value'],
        ['fault', 'fail', 'value'],
      ),
    ]);
    expect(units.map((u) => u.program)).toEqual(['linear_52.r1', 'linear_52.r2']);
    const first = panels[0]!;
    expect(first.program).toBe('linear_52.r1');
    expect(first.tally.valid).toEqual({ total: 1, pass: 0, fail: 0, unknown: 1, error: 0 });
    expect(first.tally.invalid).toEqual({ total: 2, pass: 0, fail: 1, unknown: 0, error: 1 });
    expect(first.tally.errorsByKind.timeout).toBe(1);
    expect(first.tally.byFault.value).toEqual({ total: 2, pass: 0, fail: 1, unknown: 0, error: 1 });
    expect(panels[1]!.tally.byFault.identity.pass).toBe(1);
  });

  it('counts a single verifier module run on two tasks as two units', () => {
    const module = { family: 'plots', program: 'all-tasks-verifier' };
    const { units } = collectResults([
      ...panel({ ...module, task: 'linear_52' }, 'source', ['complete', 'pass']),
      ...panel({ ...module, task: 'linear_53' }, 'source', ['complete', 'pass']),
    ]);
    expect(units.map((u) => [u.program, u.task])).toEqual([
      ['all-tasks-verifier', 'linear_52'],
      ['all-tasks-verifier', 'linear_53'],
    ]);
  });

  it('separates primary, natural and prefix panels of the same condition', () => {
    const { panels } = collectResults(
      panel(r1, 'source', ['complete', 'pass'], ['natural', 'fail'], ['prefix', 'fail']),
    );
    expect(panels.map((p) => [p.kind, p.tally.valid.total + p.tally.invalid.total])).toEqual([
      ['primary', 1],
      ['natural', 1],
      ['prefix', 1],
    ]);
  });

  it('pairs the two witness cases of a unit', () => {
    const { witnesses, panels } = collectResults(witness(r1, 'pass', 'unknown'));
    expect(panels).toEqual([]);
    expect(witnesses).toEqual([{ ...r1, set: 'default', source: 'pass', replay: 'unknown' }]);
  });

  it('refuses a case reported twice for the same program', () => {
    const cases = panel(r1, 'source', ['complete', 'pass']);
    const collect = () => collectResults([...cases, ...cases]);
    expect(collect).toThrow(MetricsInputError);
    expect(collect).toThrow(/reported twice for program linear_52.r1/);
  });

  it('refuses a task reported under two families', () => {
    const collect = () =>
      collectResults([
        ...panel(r1, 'source', ['complete', 'pass']),
        ...panel({ ...r2, family: 'other' }, 'source', ['complete', 'pass']),
      ]);
    expect(collect).toThrow(/task linear_52 is reported under two families \(plots and other\)/);
  });

  it('refuses a program that claims two build conditions', () => {
    const collect = () =>
      collectResults([
        ...panel({ ...r1, builtOn: 'source' }, 'source', ['complete', 'pass']),
        ...panel({ ...r1, builtOn: 'related' }, 'related', ['complete', 'pass']),
      ]);
    expect(collect).toThrow(/built on source and on related/);
  });
});

describe('collectResults name and consistency checks', () => {
  it('refuses ids containing NUL, which would make two units share a key', () => {
    const collect = () =>
      collectResults(panel({ ...r1, program: 'a\u0000b' }, 'source', ['complete', 'pass']));
    expect(collect).toThrow(/must not contain the NUL character/);
  });

  it('refuses a family change within one unit', () => {
    const collect = () =>
      collectResults([
        ...panel(r1, 'source', ['complete', 'pass']),
        ...panel({ ...r1, family: 'other' }, 'related', ['complete', 'pass']),
      ]);
    expect(collect).toThrow(/two families \(plots and other\)/);
  });
});

describe('collectResults across units', () => {
  it('refuses a module program whose build condition differs between tasks', () => {
    const collect = () =>
      collectResults([
        ...panel({ task: 't1', family: 'f', program: 'module', builtOn: 'source' }, 'source', [
          'complete',
          'pass',
        ]),
        ...panel({ task: 't2', family: 'f', program: 'module' }, 'source', ['complete', 'pass']),
      ]);
    expect(collect).toThrow(
      /program module \(set default\) is reported as built on source and on undefined/,
    );
  });

  it('keeps the same program id in two sets as two units', () => {
    const { units } = collectResults([
      ...panel({ ...r1, set: 'reuse' }, 'related', ['complete', 'pass']),
      ...panel({ ...r1, set: 'rebuild' }, 'related', ['complete', 'pass']),
    ]);
    expect(units.map((u) => u.set)).toEqual(['rebuild', 'reuse']);
  });
});

describe('collectResults duplicate detection', () => {
  it('treats outcome ids as unique per condition across primary and natural panels', () => {
    const [complete] = panel(r1, 'source', ['complete', 'pass']);
    const natural = { ...complete!, role: 'natural' as const };
    expect(() => collectResults([complete!, natural])).toThrow(
      /source › source-complete-0 \(panel\) is reported twice/,
    );
    // The same outcome id under another condition is another case.
    expect(collectResults([complete!, { ...complete!, condition: 'related' }]).panels).toHaveLength(
      2,
    );
  });

  it('allows each witness side once per unit', () => {
    const [source] = witness(r1, 'pass', 'fail');
    expect(() => collectResults([source!, { ...source!, outcome: 'other' }])).toThrow(
      /\(witness-source\) is reported twice/,
    );
  });
});
