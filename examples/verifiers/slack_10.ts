// slack_10: one new message in #customs-desk (channel or thread) @-mentions whoever set its
// topic in this run's before-state and asks about the cut-off times.
import { verifierOf } from './lib/common.js';
import { setterPlan } from './lib/slack-plans.js';

export const plan = setterPlan({ channel: 'customs-desk', ask: /cut.?off/i });
export const verify = verifierOf(plan);
