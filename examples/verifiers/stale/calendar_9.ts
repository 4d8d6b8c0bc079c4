// STALE calendar_9 (a remembered set): checks the bookings Wren Calloway had when this verifier was
// written, instead of reading which bookings are live in this run's before-state. Everything
// else is the correct verifier's (../calendar_9.ts).
import { plan } from '../calendar_9.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the ids of the bookings to cancel there.
const TO_CANCEL = [
  'b65efde941da33ef5f21d0ecdb',
  '72fb05a63922b4b1876b122d08',
  '8ca570a3db9e5c377efc1cce1e',
  '76a6cf25a6319242e3960679f8',
  '1329046264193da3263cc0bfaf',
  '7b4c253cecd6176dad5bf37bd5',
  'f03f535cf25dc76815624f9e4e',
  '6ffd67684fea08bbe5ced24f6d',
  '8361b7266ee4708c413599d8c4',
  '4594c97f10ca87651c27bd267f',
  'c24f33f08c87f076b235ef29fd',
  '14cabe34ede892140734ac5a45',
  'b1dac056c89701346264f73cfa',
  'a7ed24cad6f600c5c5bc0c01bf',
  'c464846d6065c1f70f84ff6114',
  '2ff2045eaa1eb67b61df8a26c4',
  '9c68e9d7a8e09e5c837f18c11c',
];

export const verify = verifierOf({ ...plan, required: () => TO_CANCEL });
