// Stale variant of linear_1: the mistake the paper documents (its linear_44). The program
// was built on the source state and kept the user id it found there for "Priya Raman"
// instead of resolving the name in each run's before-state. Everything else is the correct
// verifier's (../linear_1.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_1.js';

const PRIYA_RAMAN_ID = '72faf2cb-902f-4998-a836-d99a6cd616ae'; // remembered from the source run

export const verify = verifierOf({ ...plan, required: () => ({ id: PRIYA_RAMAN_ID }) });
