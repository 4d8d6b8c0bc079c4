// Stale variant of linear_10: the field-test label was looked up once, on the source state, and
// its id kept; when the label is renamed and a new one takes the name, it checks the old one.
// Everything else is the correct verifier's (../linear_10.ts).

import { verifierOf } from '../lib/common.js';
import { plan } from '../linear_10.js';

const FIELD_TEST_LABEL_ID = '1c0edb6b-e4c1-4d7b-ab81-40a56744af30'; // field-test in the source run

export const verify = verifierOf({ ...plan, required: () => FIELD_TEST_LABEL_ID });
