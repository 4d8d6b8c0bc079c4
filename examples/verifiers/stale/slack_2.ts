// STALE on purpose (slack_2): the topic to copy was read once, on the source state, and
// frozen as a literal. When #wh-west-ops's topic changes before a run, this verifier still
// wants the old text. Everything else is the correct verifier's (../slack_2.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_2.js';

const WEST_TOPIC =
  'Shifts 06:00–14:00 / 14:00–22:00 · Safety lead: Lena Fischer · Escalations → #site-ops';

export const verify = verifierOf({ ...plan, required: () => WEST_TOPIC });
