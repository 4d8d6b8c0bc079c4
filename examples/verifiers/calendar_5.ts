// calendar_5: cancel the Critique hour of Friday 17 April on the Design Team calendar, only
// that meeting of the series.
import { cancelOccurrencePlan } from './lib/calendar-cancel-occurrence.js';
import { verifierOf } from './lib/common.js';

export const plan = cancelOccurrencePlan({
  calendar: 'Design Team',
  title: 'Critique hour',
  dayStart: '2026-04-17T00:00:00-04:00',
  dayEnd: '2026-04-18T00:00:00-04:00',
});
export const verify = verifierOf(plan);
