// box_7: the Harbour Steps brief is renamed and keeps the tags, description, folder and
// content it had in this run's before-state. The family's verifier (box_3).
import { renameKeepPlan } from './box_3.js';
import { verifierOf } from './lib/common.js';

export const plan = renameKeepPlan({
  folder: ['Projects', 'Harbour Steps Pocket Park', 'Briefs'],
  oldName: 'Harbour Steps Pocket Park - client brief.md',
  newName: 'Harbour Steps Pocket Park - client brief (issued).md',
});
export const verify = verifierOf(plan);
