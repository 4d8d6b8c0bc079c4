// STALE on purpose (slack_8): the deactivated members of #seasonal-crew-east were computed once,
// on the source state, and frozen as literal ids. Everything else is the correct verifier's
// (../slack_8.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_8.js';

/** The four members of #seasonal-crew-east that were deactivated in the source state. */
const DEACTIVATED = ['U07NXVLF0HJ', 'U0G97F1XYAB', 'U0XRLMXCZAB', 'U0E62BMN4CX'];

export const verify = verifierOf({ ...plan, required: () => DEACTIVATED });
