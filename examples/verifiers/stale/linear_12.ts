// Stale variant of linear_12: the assignee that must survive was read once, on the source
// state, and kept as a literal user id. Everything else is the correct verifier's (../linear_12.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_12.js';

const KEEP_ASSIGNEE_ID = 'e69ab9c7-1ac5-4543-8c6a-29f08c6fdb4d'; // Elif Demir, who held the issue in the source run

export const verify = verifierOf({ ...plan, required: () => KEEP_ASSIGNEE_ID });
