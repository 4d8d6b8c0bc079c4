import type { CaseRef } from '../contract/case.js';

/** The last segment of a generated test name: what the verifier must do with this case. */
export function expectationOf(entry: CaseRef): 'accepts' | 'rejects' {
  return entry.label === 'valid' ? 'accepts' : 'rejects';
}
