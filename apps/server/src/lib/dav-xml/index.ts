export * from './http.js';
export * from './xml.js';
