// Stale variant of linear_5: like stale/linear_1, the program kept the user id it found for
// "Sam Okonkwo" on the source state instead of resolving the name in each run's before-state.
// Everything else is the correct verifier's (../linear_5.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_5.js';

const SAM_OKONKWO_ID = 'a5cab43d-c103-48e9-bfd5-593efe418677'; // remembered from the source run

export const verify = verifierOf({ ...plan, required: () => ({ id: SAM_OKONKWO_ID }) });
