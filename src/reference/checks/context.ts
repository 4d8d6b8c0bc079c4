import type { DeclarativeReference } from '../../schema/reference.js';
import type { State } from '../../state/state.js';
import type { Binding, Bindings } from '../bindings.js';
import type { CheckEvidence } from '../outcome.js';

export interface CheckContext {
  reference: DeclarativeReference;
  before: State;
  after: State;
  bindings: Bindings;
}

/** What a check function returns; the evaluator adds name, category and reason. */
export interface CheckVerdict {
  ok: boolean;
  message: string;
  evidence: CheckEvidence;
}

/** The binding a check targets, or a failing verdict explaining why it is unusable. */
export function targetBinding(context: CheckContext, name: string): Binding | CheckVerdict {
  const binding = context.bindings.get(name);
  if (!binding)
    return { ok: false, message: `no selector or created binding named "${name}"`, evidence: {} };
  if (!binding.ok)
    return { ok: false, message: binding.message ?? `"${name}" did not resolve`, evidence: {} };
  return binding;
}

export function isVerdict(value: Binding | CheckVerdict): value is CheckVerdict {
  return 'evidence' in value;
}
