// box_8: one new hub "Kestrel Road - highways review" whose description is the Kestrel Road
// folder's as read in this run's before-state, holding that folder only. The family's
// verifier (box_4).
import { hubFromFolderPlan } from './box_4.js';
import { verifierOf } from './lib/common.js';

export const plan = hubFromFolderPlan({
  title: 'Kestrel Road - highways review',
  folder: ['Projects', 'Kestrel Road Rain Garden'],
});
export const verify = verifierOf(plan);
