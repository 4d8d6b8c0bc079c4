// STALE on purpose (slack_7): the deactivated accounts of #seasonal-crew-west were listed once,
// on the source state, and frozen. When the agency deactivates or reactivates accounts before
// a run, this verifier checks the old list. Everything else is the correct verifier's
// (../slack_7.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_7.js';

/** The six members of #seasonal-crew-west that were deactivated in the source state. */
const DEACTIVATED = [
  'U0UMWAU4TGH',
  'U01K9C9MKAS',
  'U0E6WACRLF7',
  'U0J298T570L',
  'U0YYFA1MUVJ',
  'U01N5SW2E3D',
];

export const verify = verifierOf({ ...plan, required: () => DEACTIVATED });
