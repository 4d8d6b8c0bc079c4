// STALE on purpose (slack_9): "whoever last set the topic" was resolved once, on the source
// state (Greta Johansson), and kept as a literal user id. When someone else sets the topic
// before a run, this verifier wants the wrong mention. Everything else is the correct
// verifier's (../slack_9.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_9.js';

const TOPIC_SETTER = 'U0C9VPP8U06';

export const verify = verifierOf({ ...plan, required: () => TOPIC_SETTER });
