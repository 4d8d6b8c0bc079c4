// STALE calendar_8 (a literal initial value): checks the teardown's location against the hall
// the fair booth had when this verifier was written, instead of where it is before this run.
// Everything else is the correct verifier's (../calendar_8.ts).
import { plan } from '../calendar_8.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the booth's location there.
const COPIED = { location: 'Javits Center, Hall 1B' };

export const verify = verifierOf({ ...plan, required: () => COPIED });
