// STALE on purpose (slack_4): the message's text was read once, on the source state, and
// frozen as a literal. When the message had been corrected before a run, this verifier
// wants the old wording back. Everything else is the correct verifier's (../slack_4.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_4.js';

const NOTE_TS = '1793265240.776267';
const ORIGINAL =
  'Dock 4 inspection is booked for Thursday 09:30 with the county assessor. Forklift lanes B and C stay closed from 09:00 until it is done.';

export const verify = verifierOf({ ...plan, required: () => ({ ts: NOTE_TS, text: ORIGINAL }) });
