// linear_9: move all of Yuki Tanabe's open Mobile issues to Beatriz Lopes or John Park; closed
// ones stay with Yuki. The same behaviour as linear_8 (family linear-hand-over-open-issues):
// every page of Yuki's issues in this run's before-state.
import { verifierOf } from './lib/common.js';
import { handOverPlan } from './linear_8.js';

export const plan = handOverPlan({
  team: 'Mobile',
  from: 'Yuki Tanabe',
  targets: ['Beatriz Lopes', 'John Park'],
});
export const verify = verifierOf(plan);
