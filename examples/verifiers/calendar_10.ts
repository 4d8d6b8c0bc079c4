// calendar_10: free every desk Omar Haddad booked on the Studio desks calendar from Thursday
// 16 April on, and change nobody else's bookings.
import { cancelBookingsPlan } from './lib/calendar-cancel-bookings.js';
import { verifierOf } from './lib/common.js';

export const plan = cancelBookingsPlan({ person: 'Omar Haddad', from: '2026-04-16' });
export const verify = verifierOf(plan);
