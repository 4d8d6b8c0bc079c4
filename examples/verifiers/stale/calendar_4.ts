// STALE calendar_4 (a literal initial value): checks the privacy setting against "private",
// the value the call had when this verifier was written, instead of the value it had before
// this run. Everything else is the correct verifier's (../calendar_4.ts).
import { plan } from '../calendar_4.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the call's privacy setting there.
const VISIBILITY = 'private';

export const verify = verifierOf({ ...plan, required: () => VISIBILITY });
