// Stale variant of linear_2: the blocker set was computed once, on the source state, and
// kept as a list of identifiers instead of reading the launch's relations in each run.
// Everything else is the correct verifier's (../linear_2.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_2.js';

const BLOCKERS = ['WEB-3', 'WEB-4', 'WEB-5', 'WEB-6']; // the launch's blockers in the source run

export const verify = verifierOf({ ...plan, required: () => BLOCKERS });
