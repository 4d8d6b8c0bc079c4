// box_6: every intake file whose name begins with "KR-" (exactly that case) moves to Kestrel
// Road's Surveys folder and nothing else moves. The family's verifier (box_2).
import { prefixFilingPlan } from './box_2.js';
import { verifierOf } from './lib/common.js';

export const plan = prefixFilingPlan({
  prefix: 'KR-',
  destination: ['Projects', 'Kestrel Road Rain Garden', 'Surveys'],
});
export const verify = verifierOf(plan);
