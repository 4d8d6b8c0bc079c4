// STALE on purpose (slack_11): the reply's text was read once, on the source state, and frozen
// as a literal. When the reply had been corrected before a run, this verifier wants the old
// wording back. Everything else is the correct verifier's (../slack_11.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_11.js';

const REPLY_TS = '1793517600.773937';
const ORIGINAL = 'Recount for aisle 12 is scheduled for Friday 07:00, Bram will lead it.';

export const verify = verifierOf({ ...plan, required: () => ({ ts: REPLY_TS, text: ORIGINAL }) });
