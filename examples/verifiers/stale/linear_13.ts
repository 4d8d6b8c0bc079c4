// Stale variant of linear_13: "whoever it is assigned to" was resolved once, on the source state,
// and the name kept; after a reassignment it still looks for that person in the comment.
// Everything else is the correct verifier's (../linear_13.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_13.js';

const ASSIGNEE = { name: 'Ingrid Solberg', displayName: 'ingrid' }; // the assignee in the source run

export const verify = verifierOf({ ...plan, required: () => ASSIGNEE });
