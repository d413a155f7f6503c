/** Numbers of the notes area (spec 001 §2, §4, §5, §9); the ones the spec leaves open say so. */

/** Autosave this long after the last edit. */
export const NOTE_AUTOSAVE_MS = 2000;
/** The saved tip stays this long (spec: success tip 1 s). */
export const NOTE_SAVED_TIP_MS = 1000;
export const BLACKBOARD_MAX = 5;
export const BLACKBOARD_NOTES_MAX = 100;
/** The next button pages through the first this many boards only. */
export const BLACKBOARD_PAGE_LIMIT = 5;
/** `classify` 0..NOTE_COLORS-1. */
export const NOTE_COLORS = 4;
export const NOTE_RECYCLE_KEEP_DAYS = 30;

/** Relative times of the note cards (spec 001 §4). */
export const NOTE_JUST_NOW_MS = 60 * 1000;
export const NOTE_MINUTES_AGO_MAX_MS = 60 * 60 * 1000;

/** Image files accepted by upload.do (spec 001 §5), by extension, lower case. */
export const NOTE_IMAGE_EXTENSIONS = ['jpg', 'png', 'jpeg'] as const;
/** Recordings a note may carry (issue: m4a, mp3, ogg, wav), stored as uploaded. */
export const NOTE_RECORD_EXTENSIONS = ['m4a', 'mp3', 'ogg', 'wav'] as const;
/** upload.do's fixed token field (spec 001 §7); it carries the CSRF token. */
export const NOTE_UPLOAD_TOKEN_FIELD = 'token';
/** upload.do's optional field saying what the file is; images when absent. */
export const NOTE_UPLOAD_TYPE_FIELD = 'type';

// Not shown in the spec: sizes a phone photo and a long voice memo fit in.
export const NOTE_IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const NOTE_RECORD_MAX_BYTES = 50 * 1024 * 1024;
/** Stored images are re-encoded to at most this many pixels a side. */
export const NOTE_IMAGE_STORED_PX = 2048;
// Not shown in the spec: a note's size.
export const NOTE_TITLE_MAX = 100;
/** Characters of all text blocks of one note together. */
export const NOTE_TEXT_MAX = 20000;
export const NOTE_BLOCKS_MAX = 500;
/** Blackboard coordinates (px) are kept within this square. */
export const BLACKBOARD_COORD_MAX = 100000;
/** An export file can be downloaded for this long. */
export const NOTE_EXPORT_KEEP_HOURS = 24;
