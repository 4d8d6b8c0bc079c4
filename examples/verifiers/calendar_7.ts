// calendar_7: add an all-day "Studio move (4th floor)" on Monday 11 May to the Operations
// calendar, shown as free, with the description and location of the 6 April Studio move.
import { allDayCopyPlan } from './lib/calendar-all-day-copy.js';
import { verifierOf } from './lib/common.js';

export const plan = allDayCopyPlan({
  calendar: 'Operations',
  original: {
    title: 'Studio move (3rd floor)',
    dayStart: '2026-04-06T00:00:00-04:00',
    dayEnd: '2026-04-07T00:00:00-04:00',
  },
  copied: ['description', 'location'],
  title: 'Studio move (4th floor)',
  date: '2026-05-11',
  endDate: '2026-05-12',
});
export const verify = verifierOf(plan);
