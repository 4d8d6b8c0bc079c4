// Stale variant of box_1: the file id was remembered from the run the verifier was built
// on (the paper's stale binding). It still looks the file up by that id after the name
// moved on. Everything else is the correct verifier's (../box_1.ts).
import { plan } from '../box_1.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the cost plan's file id there.
const PLAN_ID = '3236654288';

export const verify = verifierOf({ ...plan, required: () => PLAN_ID });
