// Stale variant of linear_15: the priority to copy was read once, on the source state, and kept
// as a literal (High) instead of reading the blocked issue's priority in each run. Everything
// else is the correct verifier's (../linear_15.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_15.js';

const BLOCKED_PRIORITY = 2; // "Bulk import API for enterprise" was High in the source run

export const verify = verifierOf({ ...plan, required: () => BLOCKED_PRIORITY });
