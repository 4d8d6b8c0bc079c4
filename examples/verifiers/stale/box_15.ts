// Stale variant of box_15: "its description must stay" was turned into the literal text
// the description had when the verifier was built. Everything else is the correct
// verifier's (../box_15.ts).
import { plan } from '../box_15.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the old brief's description there.
const DESCRIPTION = 'First-meeting version, superseded.';

export const verify = verifierOf({
  ...plan,
  required: ({ file, comments }) => ({ description: DESCRIPTION, tags: file.tags, comments }),
});
