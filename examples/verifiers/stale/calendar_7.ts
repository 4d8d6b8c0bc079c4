// STALE calendar_7 (a literal initial value): checks the new event against the description and
// location the 3rd-floor Studio move had when this verifier was written, instead of what it
// says before this run. Everything else is the correct verifier's (../calendar_7.ts).
import { plan } from '../calendar_7.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the original's text there.
const COPIED = {
  description: 'Movers from 8:00 to 16:00; pack your desk into the labelled crates on Friday.',
  location: 'New York office, 3rd floor',
};

export const verify = verifierOf({ ...plan, required: () => COPIED });
