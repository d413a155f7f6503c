/** Numbers of the SMS area (spec 001 §5, §9); the ones the spec leaves open say so. */

export const SMS_SEARCH_MAX = 40;
/** The list polls refresh.do every 8 s, starting 5 s after it opens (same as contacts). */
export const SMS_POLL_DELAY_MS = 5000;
export const SMS_POLL_EVERY_MS = 8000;
/** Spec 001 §9: the detail scrolls its target message into a box of this height. */
export const SMS_DETAIL_SCROLL_PX = 545;
/** `type` of a message: 1 received (left bubble); every other value is sent (right bubble). */
export const SMS_TYPE_RECEIVED = 1;
// Not shown in the spec: pages of a long conversation and of search results.
export const SMS_DETAIL_PAGE = 200;
export const SMS_SEARCH_PAGE = 50;
/** The refresh log reaches back this many changes; older anchors answer 1009. */
export const SMS_LOG_KEEP = 5000;
/** An export file can be downloaded for this long. */
export const SMS_EXPORT_KEEP_HOURS = 24;
