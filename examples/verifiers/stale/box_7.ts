// Stale variant of box_7: "don't touch its tags" was turned into the literal tag list the
// brief had when the verifier was built. Everything else is the correct verifier's
// (../box_7.ts).
import { plan } from '../box_7.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the brief's tags there.
const TAGS = ['brief', 'hs'];

export const verify = verifierOf({
  ...plan,
  required: ({ was }) => ({ description: was.description, tags: TAGS }),
});
