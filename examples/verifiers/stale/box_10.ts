// Stale variant of box_10: "whoever owns it" was resolved once, when the verifier was
// built, and the owner's user id written in. Everything else is the correct verifier's
// (../box_10.ts).
import { plan } from '../box_10.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the schedule's owner there (Priya Desai).
const OWNER_ID = '20417350341';

export const verify = verifierOf({ ...plan, required: () => OWNER_ID });
