// calendar_11: share the Offsite 2026 calendar with Grace Liu, with the access Kofi Mensah has
// on it in this run; nobody else's access changes.
import { shareSameRolePlan } from './lib/calendar-share-same-role.js';
import { verifierOf } from './lib/common.js';

export const plan = shareSameRolePlan({
  calendar: 'Offsite 2026',
  model: 'kofi.mensah@meridianloom.example',
  grantee: 'grace.liu@meridianloom.example',
});
export const verify = verifierOf(plan);
