// STALE on purpose (slack_16): Kai Brandt's account was resolved once, on the source state, and
// its id kept as a literal. When the agency re-issues his account, this verifier checks the
// deactivated one. Everything else is the correct verifier's (../slack_16.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_16.js';

const KAI_BRANDT = 'U03VT69C3BT';

export const verify = verifierOf({ ...plan, required: () => KAI_BRANDT });
