// Stale variant of linear_16: the description that must survive was read once, on the source
// state, and kept as a literal instead of reading this run's description. Everything else is
// the correct verifier's (../linear_16.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_16.js';

// The description in the source run.
const DESCRIPTION = 'Tab moves focus behind the invite modal; screen readers lose their place.';

export const verify = verifierOf({ ...plan, required: () => DESCRIPTION });
