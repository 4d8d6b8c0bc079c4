// Stale variant of linear_4: the assignee that must survive was read once, on the source
// state, and kept as a literal user id instead of reading this run's initial assignee.
// Everything else is the correct verifier's (../linear_4.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_4.js';

const KEEP_ASSIGNEE_ID = '6030e3f1-d6bc-4bb0-92f0-f17c7a01783d'; // Greta Lindqvist, who held the issue in the source run

export const verify = verifierOf({ ...plan, required: () => KEEP_ASSIGNEE_ID });
