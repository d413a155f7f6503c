export * from './codes.js';
export * from './dates.js';
export * from './limits.js';
export * from './messages.js';
export * from './paths.js';
export * from './pinyin.js';
export * from './types.js';
export * from './validate.js';
