import { expect, it } from 'vitest';
import type { Patch } from '../../src/schema/patch.js';
import type { Seed } from '../../src/schema/seed.js';
import type { InvariantRule, ViolationRow } from '../../src/services/invariant.js';
import { State } from '../../src/state/state.js';

/** A patch on the seed that breaks one rule, and the rows the violation must name. */
export interface BreakingCase {
  rule: string;
  what: string;
  patch: Patch;
  /** Rows of each violation, in order. */
  violations: ViolationRow[][];
}

/** A patch on the seed that one rule must accept. */
export interface AllowedCase {
  rule: string;
  what: string;
  patch: Patch;
}

function apply(seed: Seed, patch: Patch): { base: State; state: State } {
  const base = State.fromSeed(seed);
  const { state, errors } = base.apply(patch);
  expect(errors).toEqual([]);
  return { base, state };
}

/**
 * One test per case: the rule holds on the seed; a breaking patch yields exactly the
 * violations named (from the full check and from the incremental one alike); an allowed
 * patch yields none.
 */
export function ruleCases(
  rules: readonly InvariantRule[],
  seed: Seed,
  breaking: readonly BreakingCase[],
  allowed: readonly AllowedCase[],
): void {
  const rule = (name: string) => {
    const found = rules.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no rule ${name}`);
    return found;
  };
  it('every rule holds on the seed, and every rule has a breaking case', () => {
    const state = State.fromSeed(seed);
    for (const candidate of rules) expect(candidate.check(state), candidate.name).toEqual([]);
    expect(new Set(breaking.map((entry) => entry.rule))).toEqual(
      new Set(rules.map((entry) => entry.name)),
    );
  });
  it.each(breaking)('$rule breaks: $what', ({ rule: name, patch, violations }) => {
    const { base, state } = apply(seed, patch);
    const found = rule(name).check(state);
    expect(found.map((violation) => violation.rows)).toEqual(violations);
    for (const violation of found) {
      expect(violation.rule).toBe(name);
      expect(violation.message).not.toBe('');
    }
    const incremental = rule(name).introduced?.(base, state, patch) ?? found;
    expect(incremental).toEqual(found);
  });
  it.each(allowed)('$rule holds: $what', ({ rule: name, patch }) => {
    const { base, state } = apply(seed, patch);
    expect(rule(name).check(state)).toEqual([]);
    expect(rule(name).introduced?.(base, state, patch) ?? []).toEqual([]);
  });
}
