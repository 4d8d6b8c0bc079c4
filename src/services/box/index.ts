export { BoxDocs } from './docs.js';
export { createBoxReplica } from './replica.js';
export { BoxTableKeys } from './tables.js';
