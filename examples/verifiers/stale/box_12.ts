// Stale variant of box_12: the due date to copy was written down from the planter task as
// it was when the verifier was built (a literal initial value). Everything else is the
// correct verifier's (../box_12.ts).
import { plan } from '../box_12.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the planter task's due date there.
const DUE_AT = '2026-01-19T08:00:00+00:00';

export const verify = verifierOf({ ...plan, required: () => DUE_AT });
