// STALE calendar_2 (a remembered literal value): books the room the board session used
// when this verifier was written instead of reading where it is now. Everything else is the
// correct verifier's (../calendar_2.ts).
import { plan } from '../calendar_2.js';
import { calendarList } from '../lib/calendar.js';
import { AmbiguousNameError, verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the board session's room there.
const ROOM = 'NYC-3 Cedar (12)';

export const verify = verifierOf({
  ...plan,
  required: async (_seen, { before }) => {
    const roomId = (await calendarList(before)).find((entry) => entry.summary === ROOM)?.id;
    if (!roomId) throw new AmbiguousNameError(`no room calendar named ${ROOM}`);
    return { name: ROOM, email: roomId };
  },
});
