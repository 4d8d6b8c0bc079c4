// Stale variant of box_2: the set of exports was written down from the run the verifier
// was built on, instead of being read from the intake folder each time. Everything else is
// the correct verifier's (../box_2.ts).
import { plan } from '../box_2.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the "OL-" exports in the intake folder there.
const EXPORTS = ['OL-plot-07-levels.csv', 'OL-plot-14-levels.csv', 'OL-soil-sample-3.csv'];

export const verify = verifierOf({ ...plan, required: () => EXPORTS });
