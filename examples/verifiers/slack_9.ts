// slack_9: one new message in #peak-planning (in the channel or a thread) @-mentions whoever
// set the channel's topic in this run's before-state and asks for the carrier capacity figures.
import { verifierOf } from './lib/common.js';
import { setterPlan } from './lib/slack-plans.js';

export const plan = setterPlan({ channel: 'peak-planning', ask: /capacity/i });
export const verify = verifierOf(plan);
