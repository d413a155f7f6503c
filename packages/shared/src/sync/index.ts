export * from './codes.js';
export * from './limits.js';
export * from './messages.js';
export * from './paths.js';
export * from './portal.js';
export type * from './types.js';
