// Stale variant of linear_11: the project "Field kit rollout" and its lead were looked up once,
// on the source state, and kept as ids. Everything else is the correct verifier's (../linear_11.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_11.js';

const TARGET = {
  projectId: '08c43c22-765f-43e9-adcd-f82dbbcf8220', // "Field kit rollout" in the source run
  leadId: '532842ac-6952-4e1e-bcd2-ca0af53e6a49', // Beatriz Lopes, its lead then
};

export const verify = verifierOf({ ...plan, required: () => TARGET });
