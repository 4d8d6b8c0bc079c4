// slack_8: the deactivated accounts leave #seasonal-crew-east and nobody else does; members
// span two default pages, and one active guest shares a deactivated guest's name.
import { verifierOf } from './lib/common.js';
import { deactivatedPlan } from './lib/slack-plans.js';

export const plan = deactivatedPlan('seasonal-crew-east');
export const verify = verifierOf(plan);
