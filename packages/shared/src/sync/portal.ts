/**
 * The portal's side of phone sync (docs/phone-sync.md). The notes screen has no refresh call of
 * its own (spec 001 polls only contacts and messages); so that a note a phone synced shows
 * without a reload, it reads its list again at the same period as the other areas' polls, and
 * every banner asks for its area's held syncs at that period too.
 */
export const SYNC_PORTAL_POLL_DELAY_MS = 5000;
export const SYNC_PORTAL_POLL_EVERY_MS = 8000;
