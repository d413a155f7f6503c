/**
 * The routes' schemas: what a call takes, with the spec's messages, checked by the server's
 * routes and typed for its callers (docs/route-schemas.md). A separate entry point
 * (`@phonecloud/shared/api`) so that a page importing the contract's codes and texts does not
 * bundle zod; the inferred types are exported from the main entry as well.
 */
export * from './account-centre.js';
export * from './calendar.js';
export * from './contacts.js';
export * from './device.js';
export * from './drive.js';
export * from './find.js';
export * from './notes.js';
export * from './photos.js';
export * from './sms.js';
export * from './sync.js';
export * from './sync-change.js';
export * from './takeout.js';
