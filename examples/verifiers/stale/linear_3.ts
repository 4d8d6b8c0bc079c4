// Stale variant of linear_3: the mistake the paper documents (its linear_52): the value the
// instruction is relative to was read once, on the source state, and kept as a literal.
// Everything else is the correct verifier's (../linear_3.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_3.js';

const API_DUE_DATE = '2026-03-20'; // "Inspection export API v2" was due then in the source run

export const verify = verifierOf({ ...plan, required: () => API_DUE_DATE });
