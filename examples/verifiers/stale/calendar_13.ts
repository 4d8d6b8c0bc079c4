// STALE calendar_13 (a literal initial value): checks the series' rule against the one it had
// when this verifier was written (one skipped week), instead of the rule it has before this
// run. Everything else is the correct verifier's (../calendar_13.ts).
import { plan } from '../calendar_13.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the Hiring sync's rule there.
const RULE = [
  'RRULE:FREQ=WEEKLY;BYDAY=TH;UNTIL=20260528T235959Z',
  'EXDATE;TZID=America/New_York:20260409T090000',
];

export const verify = verifierOf({ ...plan, required: () => RULE });
