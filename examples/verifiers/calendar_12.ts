// calendar_12: give Ruth Adeyemi exactly the access Elise Fontaine has on the Operations
// calendar in this run; everyone else's sharing stays.
import { shareSameRolePlan } from './lib/calendar-share-same-role.js';
import { verifierOf } from './lib/common.js';

export const plan = shareSameRolePlan({
  calendar: 'Operations',
  model: 'elise.fontaine@meridianloom.example',
  grantee: 'ruth.adeyemi@meridianloom.example',
});
export const verify = verifierOf(plan);
