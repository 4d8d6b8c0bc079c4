export * from './json.js';
export * from './manifest.js';
export * from './patch.js';
export * from './reference.js';
export * from './seed.js';
export * from './service.js';
export * from './task.js';
