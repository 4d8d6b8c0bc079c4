// Stale variant of box_14: the photos to tag were written down from the run the verifier
// was built on (KR-kerb-001.png to KR-kerb-108.png), instead of being read from the folder
// each time. Everything else is the correct verifier's (../box_14.ts).
import { plan } from '../box_14.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the folder's 108 photos there.
const PHOTOS = Array.from(
  { length: 108 },
  (_, index) => `KR-kerb-${String(index + 1).padStart(3, '0')}.png`,
);

export const verify = verifierOf({ ...plan, required: () => PHOTOS });
