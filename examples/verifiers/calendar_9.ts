// calendar_9: cancel all of Wren Calloway's desk bookings on the Studio desks calendar from
// Monday 20 April on, and no one else's.
import { cancelBookingsPlan } from './lib/calendar-cancel-bookings.js';
import { verifierOf } from './lib/common.js';

export const plan = cancelBookingsPlan({ person: 'Wren Calloway', from: '2026-04-20' });
export const verify = verifierOf(plan);
