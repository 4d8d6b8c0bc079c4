export { SlackDocs } from './docs.js';
export { createSlackReplica } from './replica.js';
export { SlackTableKeys } from './tables.js';
