// Generates the built-in Calendar tasks (fixtures/packs/builtin/tasks/calendar_*.json) from the
// built-in seed. One module per family under ./calendar/; every patch is what a Google Calendar
// call would have written (src/authoring/calendar.ts): ids come from the seed (found by name,
// never typed in), edits bump etag and updated_at, inserted rows carry every column of their
// table.
//
//   npx tsx scripts/tasks/calendar.ts

import { type GeneratedFile, taskFile } from '../../src/authoring/index.js';
import { BUILTIN_PACK, writeWhenMain } from '../lib/generator.js';
import { acceptedSet } from './calendar/accepted-set.js';
import { calendarPack } from './calendar/context.js';
import { inviteByName } from './calendar/invite-by-name.js';
import { keepPrivacy } from './calendar/keep-privacy.js';
import { sameRoom } from './calendar/same-room.js';

/** The built-in Calendar task files. */
export function generate(): GeneratedFile[] {
  const pack = calendarPack();
  return [inviteByName, sameRoom, acceptedSet, keepPrivacy].map((build) =>
    taskFile(BUILTIN_PACK, build(pack)),
  );
}

writeWhenMain(import.meta.url, generate);
