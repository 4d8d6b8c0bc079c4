// box_5: a review task for Priya Raman on the Kestrel Road drainage strategy, found by name
// and folder in this run's before-state; the due date is free. The family's verifier (box_1).
import { reviewTaskPlan } from './box_1.js';
import { verifierOf } from './lib/common.js';

export const plan = reviewTaskPlan({
  file: 'Drainage strategy.md',
  folder: ['Projects', 'Kestrel Road Rain Garden', 'Drainage'],
  assignee: 'Priya Raman',
  message: 'freeboard figure',
});
export const verify = verifierOf(plan);
