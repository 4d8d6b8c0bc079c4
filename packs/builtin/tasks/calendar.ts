// Generates the built-in Calendar tasks (fixtures/packs/builtin/tasks/calendar_*.json) from the
// built-in seed. One module per family under ./calendar/; every outcome is written as the
// actor's Google Calendar API calls (the `calendar` call builders of agentproofbench/authoring),
// and its patch is what the Calendar write model derives from them on that condition's
// before-state. Ids of existing rows come from the seed (found by name, never typed in).
// Conditions (other people's activity before the run) stay row patches. One file per task
// family under calendar/ (calendar/context.ts holds what they share); packs/generate.ts runs it.

import { type GeneratedFile, taskFile } from 'agentproofbench/authoring';
import { BUILTIN_PACK } from '../../lib/generator.js';
import { acceptedSet } from './calendar/accepted-set.js';
import { allDayCopy } from './calendar/all-day-copy.js';
import { cancelBookings } from './calendar/cancel-bookings.js';
import { cancelOneOccurrence } from './calendar/cancel-occurrence.js';
import { calendarPack } from './calendar/context.js';
import { extendAllDay } from './calendar/extend-all-day.js';
import { guestZone } from './calendar/guest-zone.js';
import { inviteByName } from './calendar/invite-by-name.js';
import { keepPrivacy } from './calendar/keep-privacy.js';
import { removeGuest } from './calendar/remove-guest.js';
import { sameRoom } from './calendar/same-room.js';
import { seriesLocation } from './calendar/series-location.js';
import { shareSameRole } from './calendar/share-same-role.js';

/** The built-in Calendar task files. */
export function generate(): GeneratedFile[] {
  const pack = calendarPack();
  const tasks = [
    inviteByName(pack),
    sameRoom(pack),
    acceptedSet(pack),
    keepPrivacy(pack),
    cancelOneOccurrence(pack, 5, {
      id: 'calendar_5',
      instruction:
        'Bruno is away that day: please cancel the Critique hour on Friday, April 17 on the Design Team calendar. Only that one meeting; the rest of the series stays as it is.',
      calendar: 'Design Team',
      title: 'Critique hour',
      date: '2026-04-17',
      time: '15:00',
      minutes: 60,
      otherDate: '2026-05-01',
      splitUntil: '2026-04-10',
      oldSeriesName: 'Critique hour (spring format)',
      newSeriesFrom: '2026-04-17',
      background: {
        id: 'bgportfoliowalk00001',
        title: 'Portfolio walk-through',
        date: '2026-04-16',
        time: '11:00',
      },
    }),
    cancelOneOccurrence(pack, 6, {
      id: 'calendar_6',
      instruction:
        'Kofi and Lena are both out on Thursday, April 23, so drop that week’s Ops sync from the Operations calendar. Just that one meeting: keep the series going otherwise.',
      calendar: 'Operations',
      title: 'Ops sync',
      date: '2026-04-23',
      time: '11:00',
      minutes: 30,
      otherDate: '2026-04-30',
      splitUntil: '2026-04-15',
      oldSeriesName: 'Ops sync (until mid-April)',
      newSeriesFrom: '2026-04-16',
      background: {
        id: 'bgcleaningcall00001',
        title: 'Cleaning contract call',
        date: '2026-04-22',
        time: '10:00',
      },
    }),
    allDayCopy(pack, 7, {
      id: 'calendar_7',
      instruction:
        'The 4th floor moves on Monday, May 11. Please add an all-day event "Studio move (4th floor)" to the Operations calendar that day, with the same description and location as the Studio move (3rd floor) event of April 6, and show it as free.',
      calendar: 'Operations',
      original: { title: 'Studio move (3rd floor)', date: '2026-04-06' },
      copied: ['description', 'location'],
      title: 'Studio move (4th floor)',
      date: '2026-05-11',
      newId: 'studiomove4thfloor0001',
      relatedValues: {
        description:
          'Movers from 7:00 to 15:00; crates are collected on Thursday, so pack by then.',
        location: 'New York office, 3rd floor (freight elevator)',
      },
      background: { id: 'bgelevatorcheck00001', title: 'Elevator inspection', date: '2026-05-13' },
    }),
    allDayCopy(pack, 8, {
      id: 'calendar_8',
      instruction:
        'Add the teardown of our fair booth as an all-day event on Saturday, April 18 on the Marketing Events calendar: call it "Spring Textile Fair: teardown", put it at the same location as the Spring Textile Fair (booth) event, and show it as free.',
      calendar: 'Marketing Events',
      original: { title: 'Spring Textile Fair (booth)', date: '2026-04-15' },
      copied: ['location'],
      title: 'Spring Textile Fair: teardown',
      date: '2026-04-18',
      newId: 'fairclearout0000000001',
      relatedValues: { location: 'Javits Center, Hall 3E' },
      background: {
        id: 'bgpressday0000000001',
        title: 'Press day (tentative)',
        date: '2026-05-20',
      },
    }),
    cancelBookings(pack, 9, {
      id: 'calendar_9',
      instruction:
        'Wren Calloway is leaving the studio: please cancel all of her desk bookings on the Studio desks calendar from Monday, April 20 on. Leave everyone else’s bookings alone.',
      person: 'Wren Calloway',
      from: '2026-04-20',
      extraBookings: [
        { id: 'wrenlatebooking000001', date: '2026-05-26', desk: '3F-17' },
        { id: 'wrenlatebooking000002', date: '2026-05-28', desk: '3F-17' },
      ],
      handedOver: { date: '2026-05-22', to: 'Hana Sato' },
    }),
    cancelBookings(pack, 10, {
      id: 'calendar_10',
      instruction:
        'Omar Haddad moves to the Berlin studio. Free up every desk he has booked in New York (Studio desks calendar) from Thursday, April 16 onwards; nobody else’s bookings should change.',
      person: 'Omar Haddad',
      from: '2026-04-16',
      extraBookings: [
        { id: 'omarlatebooking000001', date: '2026-05-04', desk: '3F-15' },
        { id: 'omarlatebooking000002', date: '2026-05-20', desk: '3F-15' },
      ],
      handedOver: { date: '2026-05-26', to: 'Tara Singh' },
    }),
    shareSameRole(pack, 11, {
      id: 'calendar_11',
      instruction:
        'Grace Liu (grace.liu@meridianloom.example) is joining the offsite planning. Share the Offsite 2026 calendar with her, with the same access Kofi Mensah (kofi.mensah@meridianloom.example) has on it. Don’t change anyone else’s access.',
      calendar: 'Offsite 2026',
      model: 'Kofi Mensah',
      grantee: 'Grace Liu',
      relatedRole: 'reader',
      otherCalendar: 'Operations',
    }),
    shareSameRole(pack, 12, {
      id: 'calendar_12',
      instruction:
        'Give Ruth Adeyemi (ruth.adeyemi@meridianloom.example) access to the Operations calendar: exactly the access Elise Fontaine (elise.fontaine@meridianloom.example) has there, no more and no less. Everyone else’s sharing stays as it is.',
      calendar: 'Operations',
      model: 'Elise Fontaine',
      grantee: 'Ruth Adeyemi',
      relatedRole: 'writer',
      otherCalendar: 'Offsite 2026',
    }),
    seriesLocation(pack),
    extendAllDay(pack),
    guestZone(pack),
    removeGuest(pack),
  ];
  return tasks.map((task) => taskFile(BUILTIN_PACK, task));
}
