// STALE calendar_10 (a remembered set): checks the bookings Omar Haddad had when this verifier was
// written, instead of reading which bookings are live in this run's before-state. Everything
// else is the correct verifier's (../calendar_10.ts).
import { plan } from '../calendar_10.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the ids of the bookings to cancel there.
const TO_CANCEL = [
  '21da155859aae631f3a4ac349b',
  '9fe6397fe1dee05ece11774ea8',
  '01f0042ee20246c94d17711b79',
  '3ff561de59bb1e4d304488224f',
  '325031ba49aef220aa3dbf5242',
  '1c18bc49ae407b8b45baf21f07',
  'a4759ede05ee023e1fd17fa892',
  '46a8584d54001fa61ede00cb99',
  'c2c6bfc4134a2f634c716e40f9',
  '8fb0c18d0fa38ec97d21baf758',
  '5d88f8edebb0d26500b6ed9ed3',
  '9a6d8e2b8c77b4168cb671a0dc',
];

export const verify = verifierOf({ ...plan, required: () => TO_CANCEL });
