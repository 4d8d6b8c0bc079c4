// STALE on purpose (slack_3): "Priya Raman" was resolved once, on the source state, and
// her user id kept as a literal. When the name belongs to someone else in a later run,
// this verifier checks the wrong person. Everything else is the correct verifier's
// (../slack_3.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_3.js';

const PRIYA_RAMAN = 'U07A64G786R';

export const verify = verifierOf({ ...plan, required: () => PRIYA_RAMAN });
