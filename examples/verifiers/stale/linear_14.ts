// Stale variant of linear_14: the sub-issues were listed once, on the source state, and kept as
// identifiers instead of reading the legacy issue's children in each run. Everything else is
// the correct verifier's (../linear_14.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_14.js';

const SUB_ISSUES = ['PLAT-105', 'PLAT-106', 'PLAT-107']; // the legacy issue's children in the source run

export const verify = verifierOf({ ...plan, required: () => SUB_ISSUES });
