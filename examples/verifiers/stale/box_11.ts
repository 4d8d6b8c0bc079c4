// Stale variant of box_11: the tags to copy were written down from v2 as it was when the
// verifier was built (a literal initial value). Everything else is the correct verifier's
// (../box_11.ts).
import { plan } from '../box_11.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: v2's tags there.
const TAGS = ['budget', 'current'];

export const verify = verifierOf({ ...plan, required: () => TAGS });
