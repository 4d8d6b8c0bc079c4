// STALE calendar_5 (a remembered id): checks the meeting under the series and instance ids the
// Critique hour had when this verifier was written, instead of the series that holds that day's
// meeting in this run. Everything else is the correct verifier's (../calendar_5.ts).
import { plan } from '../calendar_5.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the series and the instance id there.
const SERIES_ID = 'p9m5k2gro4dj3uikrvgepg5dtv';
const INSTANCE_ID = 'p9m5k2gro4dj3uikrvgepg5dtv_20260417T190000Z';

export const verify = verifierOf({
  ...plan,
  required: () => ({ seriesId: SERIES_ID, instanceId: INSTANCE_ID }),
});
