// STALE on purpose (slack_6): the people who answered the rota thread were read once, on the
// source state, and kept as literal ids. When someone withdraws a reply, this verifier still
// demands them. Everything else is the correct verifier's (../slack_6.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_6.js';

/** Mateus Lima, Yuki Tanaka, Dan Cho and Elif Demir: the answers in the source state. */
const ANSWERED = ['U039B5LWD82', 'U02GPTRD7MP', 'U05TSQFB4PW', 'U0Y8BZ85VZ3'];

export const verify = verifierOf({ ...plan, required: () => ANSWERED });
