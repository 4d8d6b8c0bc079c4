// STALE calendar_15 (a literal initial value): expects the call in Europe/Berlin, the zone of
// Felix's calendar when this verifier was written, instead of reading it in this run.
// Everything else is the correct verifier's (../calendar_15.ts).
import { plan } from '../calendar_15.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: Felix's time zone there.
const ZONE = 'Europe/Berlin';

export const verify = verifierOf({ ...plan, required: () => ZONE });
