// Stale variant of box_8: the hub description is compared with the folder description the
// verifier's author saw once, written in as a literal. Everything else is the correct
// verifier's (../box_8.ts).
import { plan } from '../box_8.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the Kestrel Road folder's description there.
const DESCRIPTION = 'Street rain gardens on Kestrel Road with the borough highways team. Stage E.';

export const verify = verifierOf({ ...plan, required: () => DESCRIPTION });
