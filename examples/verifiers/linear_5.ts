// linear_5: give Web's "Report viewer loses zoom between pages" to Sam Okonkwo and set it to
// In Review. The same behaviour as linear_1 (family linear-reassign-by-name): the person is
// the before-state's one active user of that name.
import { verifierOf } from './lib/common.js';
import { reassignPlan } from './linear_1.js';

export const plan = reassignPlan({
  team: 'Web',
  title: 'Report viewer loses zoom between pages',
  person: 'Sam Okonkwo',
  state: 'In Review',
});
export const verify = verifierOf(plan);
