import type { Patch } from '../schema/patch.js';
import type { Seed } from '../schema/seed.js';
import type { InvariantRule, InvariantViolation, ViolationRow } from '../services/invariant.js';
import { serviceInvariants } from '../services/registry.js';
import { keyString } from '../state/key.js';
import type { State } from '../state/state.js';
import type { PackError } from './pack-error.js';

// A state is immutable, so a rule's violations are computed once per state and kept with it.
const violationsOf = (state: State, rule: InvariantRule): readonly InvariantViolation[] =>
  state.derived(rule, (of) => rule.check(of));

/** Same rule and same rows: the violation a parent state already had. */
const identity = (violation: InvariantViolation): string =>
  JSON.stringify(violation.rows.map((row) => `${row.table}:${JSON.stringify(row.key)}`).sort());

function packError(
  file: string,
  path: Array<string | number>,
  rule: InvariantRule,
  violation: InvariantViolation,
  what: string,
): PackError {
  return {
    file,
    path,
    code: 'invariant',
    rule: rule.name,
    message: `${what} breaks ${rule.name}: ${violation.message}`,
    fix: rule.fix,
  };
}

/** Every violation of every rule of the seed's service, at the first offending seed row. */
export function checkSeedInvariants(
  seed: Seed,
  state: State,
  file: string,
  errors: PackError[],
): void {
  for (const rule of serviceInvariants(seed.service)) {
    for (const violation of violationsOf(state, rule)) {
      errors.push(
        packError(
          file,
          seedRowPath(seed, state, violation.rows),
          rule,
          violation,
          `seed "${seed.name}"`,
        ),
      );
    }
  }
}

/** The last seed row the violation names (the row that repeats, or the one that refers). */
function seedRowPath(
  seed: Seed,
  state: State,
  rows: readonly ViolationRow[],
): Array<string | number> {
  let last: { table: string; index: number } | undefined;
  for (const { table, key } of rows) {
    const content = Object.hasOwn(seed.tables, table) ? seed.tables[table] : undefined;
    if (!content) continue;
    const wanted = keyString(state.keyColumns(table), key);
    const index = content.rows.findIndex((row) => keyString(content.key, row) === wanted);
    if (index >= 0 && (!last || (last.table === table && index > last.index)))
      last = { table, index };
  }
  return last ? ['tables', last.table, 'rows', last.index] : ['tables'];
}

/**
 * The violations `patch` brings into `child` (= `parent` + `patch`) that `parent` did not have,
 * each at the last patch op that touches one of its rows. Only rules reading a table the patch
 * touches are checked (the others' violations cannot have changed), and those that can, only
 * around the rows the patch wrote.
 */
export function checkPatchInvariants(
  parent: State,
  child: State,
  patch: Patch,
  file: string,
  at: Array<string | number>,
  what: string,
  errors: PackError[],
): void {
  if (patch.length === 0) return;
  const touched = new Set(patch.map((op) => op.table));
  for (const rule of serviceInvariants(child.seed.service)) {
    if (!rule.tables.some((table) => touched.has(table))) continue;
    const introduced = rule.introduced
      ? rule.introduced(parent, child, patch)
      : violationsOf(child, rule);
    if (introduced.length === 0) continue;
    // Rare (a broken pack): only then is the parent read in full, to leave out what it had already.
    const inherited = new Set(violationsOf(parent, rule).map(identity));
    for (const violation of introduced) {
      if (inherited.has(identity(violation))) continue;
      const opIndex = lastOpTouching(child, patch, violation.rows);
      errors.push(
        packError(file, opIndex === undefined ? at : [...at, opIndex], rule, violation, what),
      );
    }
  }
}

function lastOpTouching(
  state: State,
  patch: Patch,
  rows: readonly ViolationRow[],
): number | undefined {
  const wanted = new Set(
    rows
      .filter((row) => state.hasTable(row.table))
      .map((row) => `${row.table}:${keyString(state.keyColumns(row.table), row.key)}`),
  );
  for (let index = patch.length - 1; index >= 0; index--) {
    const op = patch[index]!;
    if (!state.hasTable(op.table)) continue;
    const key = keyString(state.keyColumns(op.table), op.op === 'insert' ? op.row : op.key);
    if (wanted.has(`${op.table}:${key}`)) return index;
  }
  return undefined;
}
