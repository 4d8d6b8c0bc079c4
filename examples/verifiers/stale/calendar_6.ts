// STALE calendar_6 (a remembered id): checks the meeting under the series and instance ids the
// Ops sync had when this verifier was written, instead of the series that holds that day's
// meeting in this run. Everything else is the correct verifier's (../calendar_6.ts).
import { plan } from '../calendar_6.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the series and the instance id there.
const SERIES_ID = 'edrm8t8vogl27bcqcoqqa2kkvo';
const INSTANCE_ID = 'edrm8t8vogl27bcqcoqqa2kkvo_20260423T150000Z';

export const verify = verifierOf({
  ...plan,
  required: () => ({ seriesId: SERIES_ID, instanceId: INSTANCE_ID }),
});
