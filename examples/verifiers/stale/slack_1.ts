// STALE on purpose (slack_1): the set of people to invite was computed once, on the
// source state, and frozen as literal user ids. When the commander rota changes, this
// verifier still demands last week's roster. Everything else is the correct verifier's
// (../slack_1.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../slack_1.js';

/** Priya Raman, Ines Carvalho, Kwame Mensah: the commanders missing from #payments-cutover in the source state. */
const TO_INVITE = ['U07A64G786R', 'U0ZVK21Y2YX', 'U0FKQ5UXSH0'];

export const verify = verifierOf({ ...plan, required: () => TO_INVITE });
