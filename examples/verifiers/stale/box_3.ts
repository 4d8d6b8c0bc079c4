// Stale variant of box_3: "keep the description" was turned into the literal text the
// description had when the verifier was built (the paper's literal initial value).
// Everything else is the correct verifier's (../box_3.ts).
import { plan } from '../box_3.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the brief's description there.
const DESCRIPTION = 'Draft 3 - waiting for comments from the head teacher.';

export const verify = verifierOf({
  ...plan,
  required: ({ was }) => ({ description: DESCRIPTION, tags: was.tags }),
});
