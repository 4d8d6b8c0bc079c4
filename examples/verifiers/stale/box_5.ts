// Stale variant of box_5: the strategy's file id was remembered from the run the verifier
// was built on; after the old strategy is renamed and a new one takes its name, it still
// checks the old file. Everything else is the correct verifier's (../box_5.ts).
import { plan } from '../box_5.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: "Drainage strategy.md"'s file id there.
const STRATEGY_ID = '4417610543';

export const verify = verifierOf({ ...plan, required: () => STRATEGY_ID });
