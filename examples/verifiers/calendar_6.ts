// calendar_6: drop the Ops sync of Thursday 23 April from the Operations calendar, only that
// meeting of the series.
import { cancelOccurrencePlan } from './lib/calendar-cancel-occurrence.js';
import { verifierOf } from './lib/common.js';

export const plan = cancelOccurrencePlan({
  calendar: 'Operations',
  title: 'Ops sync',
  dayStart: '2026-04-23T00:00:00-04:00',
  dayEnd: '2026-04-24T00:00:00-04:00',
});
export const verify = verifierOf(plan);
