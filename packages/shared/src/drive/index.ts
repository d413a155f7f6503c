export * from './codes.js';
export * from './find.js';
export * from './format.js';
export * from './limits.js';
export * from './messages.js';
export * from './paths.js';
export * from './preview.js';
export type * from './types.js';
export * from './validate.js';
