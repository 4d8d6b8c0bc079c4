// Stale variant of linear_7: like stale/linear_4, the assignee that must survive was read once,
// on the source state, and kept as a literal user id. Everything else is the correct
// verifier's (../linear_7.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_7.js';

const KEEP_ASSIGNEE_ID = '085485b9-4710-4efb-a8a9-467c460176b9'; // Tomasz Wrona, who held the issue in the source run

export const verify = verifierOf({ ...plan, required: () => KEEP_ASSIGNEE_ID });
