// Stale variant of box_9: the soil tests file id was remembered from the run the verifier
// was built on; after that file is renamed and a re-test takes its name, it still looks at
// the old id. Everything else is the correct verifier's (../box_9.ts).
import { plan } from '../box_9.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the Kestrel Road "Soil tests.csv" file id there.
const SOIL_TESTS_ID = '4515815624';

export const verify = verifierOf({ ...plan, required: () => SOIL_TESTS_ID });
