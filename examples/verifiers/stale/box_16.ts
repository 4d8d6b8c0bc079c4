// Stale variant of box_16: the rota's lines were written down from the run the verifier
// was built on, so "keep every line" means those lines and no others. Everything else is
// the correct verifier's (../box_16.ts).
import { plan } from '../box_16.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the rota's lines there.
const LINES = [
  'name,from,to,days',
  'Marta Kowalczyk,2026-04-06,2026-04-10,5',
  'Priya Raman,2026-05-26,2026-05-29,4',
  'Priya Desai,2026-02-16,2026-02-20,5',
  'Owen Achterberg,2026-08-03,2026-08-14,10',
];

export const verify = verifierOf({ ...plan, required: () => LINES });
