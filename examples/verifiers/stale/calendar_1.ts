// STALE calendar_1 (the paper's stale binding): identifies Priya Raman by the address she had
// when this verifier was written, not by the address her name stands beside on the prep now. Everything else is the
// correct verifier's (../calendar_1.ts).
import { plan } from '../calendar_1.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: Priya Raman's address there.
const PRIYA_EMAIL = 'priya.raman@meridianloom.example';

export const verify = verifierOf({
  ...plan,
  required: () => ({ field: 'email', value: PRIYA_EMAIL }),
});
