export * from './diff.js';
export * from './key.js';
export * from './patch-error.js';
export * from './state.js';
