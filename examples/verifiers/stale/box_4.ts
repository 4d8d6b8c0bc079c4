// Stale variant of box_4: the hub description is compared with the folder description
// the verifier's author saw once, written in as a literal. Everything else is the correct
// verifier's (../box_4.ts).
import { plan } from '../box_4.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the project folder's description there.
const DESCRIPTION =
  'Pocket park on the harbour steps for the Port of Westhaven Authority. Handover pack due April 2026.';

export const verify = verifierOf({ ...plan, required: () => DESCRIPTION });
