// STALE on purpose (slack_5): the volunteers were read once, from the source state's thread,
// and frozen as literal user ids. When someone else replies before a run, this verifier
// still wants last time's list. Everything else is the correct verifier's (../slack_5.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_5.js';

/** Omar Haddad, Sam Okafor, Jonas Berg and Maren Holt: the thread's repliers in the source state. */
const REPLIERS = ['U0HABT822T3', 'U06ZH8ND6WX', 'U099GTE0AH9', 'U0ZSJ7GP1LK'];

export const verify = verifierOf({ ...plan, required: () => REPLIERS });
