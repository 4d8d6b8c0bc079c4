// linear_7: mark Platform's "Okta users bounce back to the login page" as a duplicate of "SSO
// login loops for Okta tenants", close it and keep its assignee. The same behaviour as
// linear_4 (family linear-mark-duplicate-keep-assignee): the assignee to keep is this run's.
import { verifierOf } from './lib/common.js';
import { duplicatePlan } from './linear_4.js';

export const plan = duplicatePlan({
  team: 'Platform',
  duplicate: 'Okta users bounce back to the login page',
  original: 'SSO login loops for Okta tenants',
});
export const verify = verifierOf(plan);
