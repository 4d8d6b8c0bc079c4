// slack_7: every deactivated account leaves #seasonal-crew-west, every active member stays.
// The channel has more members than one default page of conversations.members, and an
// active guest shares a deactivated guest's name: accounts are judged by id and `deleted`.
import { verifierOf } from './lib/common.js';
import { deactivatedPlan } from './lib/slack-plans.js';

export const plan = deactivatedPlan('seasonal-crew-west');
export const verify = verifierOf(plan);
