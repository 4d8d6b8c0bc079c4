// Stale variant of box_6: the set of exports was written down from the run the verifier
// was built on, instead of being read from the intake folder each time. Everything else is
// the correct verifier's (../box_6.ts).
import { plan } from '../box_6.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the "KR-" exports in the intake folder there.
const EXPORTS = ['KR-infiltration-test-2.csv', 'KR-kerb-levels.csv'];

export const verify = verifierOf({ ...plan, required: () => EXPORTS });
