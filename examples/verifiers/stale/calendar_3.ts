// STALE calendar_3 (a remembered set): checks the walkthrough against the list of people
// who had accepted the kickoff when this verifier was written, instead of reading the
// kickoff's answers in this run. Everything else is the correct verifier's (../calendar_3.ts).
import { plan } from '../calendar_3.js';
import { verifierOf } from '../lib/common.js';

// Remembered from the run it was written on: the kickoff's acceptors there.
const TO_INVITE = ['priya.raman', 'ines.moreau', 'ruth.adeyemi', 'lena.kovac', 'marco.bellini'].map(
  (name) => `${name}@meridianloom.example`,
);

export const verify = verifierOf({ ...plan, required: () => TO_INVITE });
