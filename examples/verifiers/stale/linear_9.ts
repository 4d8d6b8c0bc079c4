// Stale variant of linear_9: like stale/linear_8, Yuki Tanabe's open and closed issues were
// listed once, on the source state, and kept as identifiers. Everything else is the correct
// verifier's (../linear_9.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_9.js';

const span = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, index) => `MOB-${from + index}`);
// Remembered from the source run.
const HANDED = ['MOB-4', 'MOB-16', ...span(35, 86)];
const KEPT = span(87, 89);

export const verify = verifierOf({ ...plan, required: () => ({ handed: HANDED, kept: KEPT }) });
