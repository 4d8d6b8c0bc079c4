// STALE calendar_12 (a literal initial value): checks the new rule against "reader", the role
// Elise Fontaine had when this verifier was written, instead of reading the role in this run.
// Everything else is the correct verifier's (../calendar_12.ts).
import { plan } from '../calendar_12.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: Elise Fontaine's role there.
const ROLE = 'reader';

export const verify = verifierOf({ ...plan, required: () => ROLE });
