// STALE calendar_14 (a literal initial value): checks busy/free, location and description
// against what the fair had when this verifier was written ("free"), instead of what it has
// before this run. Everything else is the correct verifier's (../calendar_14.ts).
import { plan } from '../calendar_14.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the fair's settings there.
const KEPT = { transparency: 'transparent', location: 'Javits Center, Hall 1B', description: '' };

export const verify = verifierOf({ ...plan, required: () => KEPT });
