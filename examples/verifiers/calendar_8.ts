// calendar_8: add an all-day "Spring Textile Fair: teardown" on Saturday 18 April to the
// Marketing Events calendar, shown as free, at the location of the fair booth event.
import { allDayCopyPlan } from './lib/calendar-all-day-copy.js';
import { verifierOf } from './lib/common.js';

export const plan = allDayCopyPlan({
  calendar: 'Marketing Events',
  original: {
    title: 'Spring Textile Fair (booth)',
    dayStart: '2026-04-15T00:00:00-04:00',
    dayEnd: '2026-04-16T00:00:00-04:00',
  },
  copied: ['location'],
  title: 'Spring Textile Fair: teardown',
  date: '2026-04-18',
  endDate: '2026-04-19',
});
export const verify = verifierOf(plan);
