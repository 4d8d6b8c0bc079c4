// linear_6: give Growth's "Annual plan upsell banner" the due date of Web's "Billing portal v2"
// and add the launch-critical label, keeping its labels. The same behaviour as linear_3
// (family linear-align-due-date): the date is read from this run's before-state.
import { verifierOf } from './lib/common.js';
import { alignPlan } from './linear_3.js';

export const plan = alignPlan({
  target: { title: 'Annual plan upsell banner', team: 'Growth' },
  source: { title: 'Billing portal v2', team: 'Web' },
  label: 'launch-critical',
});
export const verify = verifierOf(plan);
