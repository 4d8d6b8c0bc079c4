// STALE on purpose (slack_12): the floor rule's text was copied once, from the source state,
// into a literal. When Lena edits the rule before a run, this verifier still wants the old
// text as the topic. Everything else is the correct verifier's (../slack_12.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_12.js';

const RULE =
  'FLOOR RULE: pedestrians use the green walkway only; forklifts give way at every crossing.';

export const verify = verifierOf({ ...plan, required: () => RULE });
