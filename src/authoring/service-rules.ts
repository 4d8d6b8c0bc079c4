import type { Service } from '../schema/service.js';
import type { InvariantViolation } from '../services/invariant.js';
import { serviceInvariants } from '../services/registry.js';
import type { State } from '../state/state.js';

/**
 * Every service invariant `state` breaks (docs/pack-format.md, Service invariants): a
 * generator checks each state it builds, so it stops at the line that made the state instead
 * of `validate` refusing the written pack later.
 */
export function brokenServiceRules(service: Service, state: State): InvariantViolation[] {
  return serviceInvariants(service).flatMap((rule) => rule.check(state));
}
