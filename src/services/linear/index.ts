export { LinearDocs } from './docs.js';
export { createLinearReplica } from './replica.js';
export { LinearTableKeys } from './tables.js';
