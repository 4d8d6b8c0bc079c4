// STALE on purpose (slack_13): the topic to keep was read once, on the source state, and frozen
// as a literal. When the topic changed before a run, this verifier checks that the old one
// was kept. Everything else is the correct verifier's (../slack_13.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_13.js';

const SITE_OPS_TOPIC = 'Docks 1–16 · inspections · forklift fleet';

export const verify = verifierOf({ ...plan, required: () => SITE_OPS_TOPIC });
