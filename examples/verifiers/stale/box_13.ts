// Stale variant of box_13: the set of blurred photos was written down from the run the
// verifier was built on, instead of being read from the folder each time. Everything else
// is the correct verifier's (../box_13.ts).
import { plan } from '../box_13.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the photos ending in -blurred.png there.
const BLURRED = [
  'OL-photo-009-blurred.png',
  'OL-photo-037-blurred.png',
  'OL-photo-088-blurred.png',
  'OL-photo-104-blurred.png',
  'OL-photo-121-blurred.png',
];

export const verify = verifierOf({ ...plan, required: () => BLURRED });
