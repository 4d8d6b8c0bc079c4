// STALE calendar_11 (a literal initial value): checks the new rule against "writer", the role
// Kofi Mensah had when this verifier was written, instead of reading the role in this run.
// Everything else is the correct verifier's (../calendar_11.ts).
import { plan } from '../calendar_11.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: Kofi Mensah's role there.
const ROLE = 'writer';

export const verify = verifierOf({ ...plan, required: () => ROLE });
