// STALE on purpose (slack_10): the person who set #customs-desk's topic was resolved once, on
// the source state (Lucas Moreau), and kept as a literal id. Everything else is the correct
// verifier's (../slack_10.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_10.js';

const TOPIC_SETTER = 'U0FDZ2M9GKS';

export const verify = verifierOf({ ...plan, required: () => TOPIC_SETTER });
