// Stale variant of linear_8: the set was computed once, on the source state, and kept as two
// lists of identifiers (the open issues to hand over, the closed ones to leave) instead of
// reading Marco Diaz's issues in each run. Everything else is the correct verifier's (../linear_8.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_8.js';

const span = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, index) => `PLAT-${from + index}`);
// Remembered from the source run.
const HANDED = ['PLAT-1', 'PLAT-23', 'PLAT-24', ...span(42, 94)];
const KEPT = ['PLAT-25', ...span(95, 98)];

export const verify = verifierOf({ ...plan, required: () => ({ handed: HANDED, kept: KEPT }) });
