// Stale variant of linear_6: like stale/linear_3, the due date to copy was read once, on the
// source state, and kept as a literal. Everything else is the correct verifier's (../linear_6.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_6.js';

const PORTAL_DUE_DATE = '2026-03-16'; // "Billing portal v2" was due then in the source run

export const verify = verifierOf({ ...plan, required: () => PORTAL_DUE_DATE });
