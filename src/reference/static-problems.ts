import type {
  Check,
  Condition,
  DeclarativeReference,
  Operand,
  Where,
} from '../schema/reference.js';
import { compilePattern } from './pattern.js';

/** A mistake visible in the reference itself, before any state is read. */
export interface ReferenceProblem {
  kind: 'unknown_binding' | 'invalid_pattern';
  /** JSON path inside the reference. */
  path: Array<string | number>;
  message: string;
}

type At = Array<string | number>;

/**
 * Find every `{ref}`, `{refs}`, `target`, `sizeOf` and `except` that names no binding where
 * it is used, and every `regex` RE2 cannot compile. Bindings come into scope as evaluation
 * creates them: selectors in declaration order (a selector sees only earlier ones), then the
 * checks in order (a `created` check binds for the checks after it).
 */
export function referenceProblems(reference: DeclarativeReference): ReferenceProblem[] {
  const problems: ReferenceProblem[] = [];
  const known = new Set<string>();
  const describeKnown = () => (known.size > 0 ? [...known].join(', ') : 'none');
  const name = (binding: string, at: At, role: string) => {
    if (!known.has(binding)) {
      problems.push({
        kind: 'unknown_binding',
        path: at,
        message: `${role} "${binding}" names no selector or created binding in scope here (in scope: ${describeKnown()})`,
      });
    }
  };
  const operand = (value: Operand, at: At) => {
    if (value !== null && typeof value === 'object') name(value.ref, [...at, 'ref'], 'ref');
  };
  const list = (value: Operand[] | { refs: string }, at: At) => {
    if (!Array.isArray(value)) name(value.refs, [...at, 'refs'], 'refs');
    else
      value.forEach((item, index) => {
        operand(item, [...at, index]);
      });
  };
  const condition = (value: Condition, at: At) => {
    if (value === null || typeof value !== 'object') return;
    if ('ref' in value) {
      operand(value as Operand, at);
      return;
    }
    for (const [operator, raw] of Object.entries(value)) {
      if (raw === undefined) continue;
      const here = [...at, operator];
      if (operator === 'in' || operator === 'nin') list(raw as Operand[], here);
      else if (operator === 'regex') {
        const compiled = compilePattern(raw as string);
        if (!compiled.ok)
          problems.push({
            kind: 'invalid_pattern',
            path: here,
            message: `regular expression ${JSON.stringify(raw)} is not valid RE2 syntax (${compiled.message}); RE2 has no lookaround or backreferences`,
          });
      } else if (operator !== 'exists' && operator !== 'sameAs') operand(raw as Operand, here);
    }
  };
  const where = (value: Where, at: At) => {
    for (const [field, cond] of Object.entries(value)) condition(cond, [...at, field]);
  };

  for (const [selector, definition] of Object.entries(reference.selectors)) {
    where(definition.where, ['selectors', selector, 'where']);
    known.add(selector);
  }
  reference.checks.forEach((check: Check, index) => {
    const at: At = ['checks', index];
    switch (check.kind) {
      case 'field':
        name(check.target, [...at, 'target'], 'target');
        condition(check.expect, [...at, 'expect']);
        break;
      case 'preserved':
      case 'deleted':
        name(check.target, [...at, 'target'], 'target');
        break;
      case 'set':
        where(check.where, [...at, 'where']);
        list(check.expect, [...at, 'expect']);
        break;
      case 'count':
        where(check.where, [...at, 'where']);
        if (typeof check.expect === 'object' && 'sizeOf' in check.expect)
          name(check.expect.sizeOf, [...at, 'expect', 'sizeOf'], 'sizeOf');
        break;
      case 'created':
        where(check.where, [...at, 'where']);
        known.add(check.bind);
        break;
      case 'unchanged':
        check.except.forEach((binding, position) => {
          name(binding, [...at, 'except', position], 'except');
        });
        break;
      case 'predicate':
        break;
    }
  });
  return problems;
}
