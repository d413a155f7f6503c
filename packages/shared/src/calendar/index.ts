export * from './codes.js';
export * from './limits.js';
export * from './messages.js';
export * from './paths.js';
export type * from './types.js';
export type * from './view-types.js';
