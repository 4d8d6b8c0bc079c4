// STALE on purpose (slack_15): the actor's temp- channels were listed once, on the source state,
// and frozen as literal ids (#temp-dock7-rebuild, #temp-peak-hiring). When a channel is
// renamed or a new temp- channel opens, this verifier checks the old set. Everything else is
// the correct verifier's (../slack_15.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_15.js';

const TEMP_CHANNELS = ['C09ZLSYSE93', 'C0Z9F2LZ33N'];

export const verify = verifierOf({ ...plan, required: () => TEMP_CHANNELS });
