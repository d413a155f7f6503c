/** Spec 001 §9: the portal polls a command's result this often. */
export const FIND_COMMAND_POLL_MS = 3_000;
/** Spec 001 §9: the portal polls the location this often after locate.do. */
export const FIND_LOCATE_POLL_MS = 5_000;
/** Spec 001 §9: a locate that brings no fresh location in this time shows the phone offline. */
export const FIND_LOCATE_TIMEOUT_MS = 900_000;
/** Spec 001 §9: the lock screen's text, at most this long (longer is truncated). */
export const LOCK_INFO_MAX = 200;
/** Spec 001 §5: the lock text's counter appears from this many characters. */
export const LOCK_INFO_COUNTER_FROM = 150;
/** Spec 001 §9: the ring code is exactly this many digits. */
export const RING_CODE_LENGTH = 6;
/** Spec 001 §9: the wipe dialog's account and password, each at most this long. */
export const WIPE_FIELD_MAX = 22;
/** Spec 001 §8 (8001): after a phone did not answer, the user is told to try again after this. */
export const NO_ANSWER_RETRY_MINUTES = 15;

// The product's own (the spec leaves them open).
/** Wrong wipe passwords allowed in the window before 1014 (as for deleting the account). */
export const WIPE_FAILURES_MAX = 5;
export const WIPE_FAILURE_WINDOW_MS = 15 * 60_000;
/** Wrong passwords of a phone's sign-in for one account from one address in the window before 1014. */
export const DEVICE_SIGNIN_FAILURES_MAX = 5;
/** Wrong passwords of phones' sign-ins from one address, whatever the accounts, before 1014. */
export const DEVICE_SIGNIN_FAILURES_PER_ADDRESS_MAX = 20;
export const DEVICE_SIGNIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** A phone counts online while its last contact (poll, heartbeat, report) is this recent. */
export const DEVICE_ONLINE_WINDOW_MS = 90_000;
/** How long the server holds a command poll open when nothing arrives (the phone then polls again). */
export const DEVICE_POLL_HOLD_MS = 25_000;
/** A phone that sends no heartbeat between polls still counts online: polls come more often than this. */
export const DEVICE_HEARTBEAT_MS = 30_000;
/** A command the phone has not acknowledged in this time is answered as not received. */
export const COMMAND_RECEIPT_TIMEOUT_MS = 60_000;
/** A command the phone acknowledged but never reported on in this time is answered as failed (3). */
export const COMMAND_RESULT_TIMEOUT_MS = 5 * 60_000;
/** Commands older than this leave the history (housekeeping). */
export const FIND_HISTORY_KEEP_DAYS = 90;
/** History answers at most this many commands. */
export const FIND_HISTORY_MAX = 200;
/** Brand, model and device id as the phone sends them, at most this long. */
export const DEVICE_FIELD_MAX = 64;
/** The place text a phone resolved, at most this long. */
export const DEVICE_PLACE_MAX = 200;
/** Spec 001 §9: the map opens at this zoom. */
export const FIND_MAP_ZOOM = 15;
/** The map's centre before a phone has a location (the spec's coordinates are not shown): Beijing, WGS-84. */
export const FIND_MAP_CENTRE = { longitude: 116.397428, latitude: 39.90923 } as const;
