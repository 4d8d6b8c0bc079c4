import type { Reference } from '../schema/task.js';
import type { State } from '../state/state.js';
import type { ReferenceResult } from './outcome.js';

/** An engine for a reference kind defined in code (e.g. the Agent-Diff assertion DSL). */
export interface ReferenceKind {
  kind: string;
  /**
   * Validate the kind's `spec`; return problems as `{path, message}` (path relative to `spec`),
   * with `kind: 'invalid_pattern'` for a pattern that cannot be compiled.
   */
  validate(
    spec: unknown,
  ): Array<{ path: Array<string | number>; message: string; kind?: 'invalid_pattern' }>;
  evaluate(reference: Reference, before: State, after: State): ReferenceResult;
}
