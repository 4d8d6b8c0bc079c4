// STALE on purpose (slack_14): Tobias's emoji was read once, on the source state, and frozen as
// a literal. When he changes his reaction before a run, this verifier wants the old emoji.
// Everything else is the correct verifier's (../slack_14.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_14.js';

export const verify = verifierOf({ ...plan, required: () => 'white_check_mark' });
