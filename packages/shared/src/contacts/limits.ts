/** Numbers of the contacts area (spec 001 §2, §4, §5, §9); the ones the spec leaves open say so. */

/** Characters of name, company, title, phonetic name, phone, e-mail, IM, address, nickname, website. */
export const CONTACT_FIELD_MAX = 40;
export const CONTACT_NOTE_MAX = 500;
export const CONTACT_SEARCH_MAX = 40;
/** E-mail local part (before the @). */
export const CONTACT_EMAIL_LOCAL_MAX = 256;

export const GROUP_NAME_MAX = 12;
export const GROUP_MAX = 100;
/** Group names are cut at 15 characters in lists and 17 in detail and the group list. */
export const GROUP_TRUNCATE_LIST = 15;
export const GROUP_TRUNCATE_DETAIL = 17;

/** Display truncation of the list and detail. */
export const CONTACT_TRUNCATE = { name: 25, phone: 32, email: 32, address: 40 } as const;

export const EVENT_YEAR_MIN = 1900;
export const EVENT_YEAR_MAX = 2049;
export const LUNAR_MONTH_MAX = 12;
export const LUNAR_DAY_MAX = 30;

/** The list polls refresh.do every 8 s, starting 5 s after it opens. */
export const CONTACT_POLL_DELAY_MS = 5000;
export const CONTACT_POLL_EVERY_MS = 8000;

export const RECYCLE_KEEP_DAYS = 30;
/** Changes closer than this fold into one time machine node. */
export const TIME_MACHINE_FOLD_MINUTES = 10;
export const TIME_MACHINE_KEEP_DAYS = 30;
export const TIMELINE_WIDTH_PX = 519;

/** Merge offers a per-item choice in groups of this many or more. */
export const MERGE_PER_ITEM_MIN = 3;
/** A merge group needs at least this many selected contacts. */
export const MERGE_GROUP_MIN = 2;
export const JOIN_GROUP_CONFIRM_MS = 1000;

export const AVATAR_FID = 'head_photo';
export const AVATAR_ZOOM_MAX = 3;
// Not shown in the spec: a face needs some pixels, and a phone photo is a few MB.
export const AVATAR_MIN_PX = 40;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Stored avatars are re-encoded to at most this many pixels a side. */
export const AVATAR_STORED_PX = 480;
/** Avatars are served from the portal's own origin. */
export const CONTACT_CLOUD_BASE = '';

// Not shown in the spec: generous enough for 10,000 cards with photos in one go.
export const IMPORT_MAX_FILE_BYTES = 64 * 1024 * 1024;
export const IMPORT_MAX_FILES = 20;
export const VCARD_EXTENSION = '.vcf';
/** vCard versions an export can be written in; the first is the default (phones read it best). */
export const VCARD_VERSIONS = ['3.0', '4.0'] as const;
export type VcardVersion = (typeof VCARD_VERSIONS)[number];
/** CSV layouts an import reads and an export writes: what Google Contacts' and Outlook's export buttons write. */
export const CSV_LAYOUTS = ['google', 'outlook'] as const;
export type CsvLayout = (typeof CSV_LAYOUTS)[number];
export const CSV_EXTENSION = '.csv';
/** The import's multipart field that, set to '1', leaves the cards' CATEGORIES out (no groups made). */
export const IMPORT_SKIP_GROUPS_FIELD = 'skip_groups';
/** An export file can be downloaded for this long. */
export const EXPORT_KEEP_HOURS = 24;

/** Letters of the index bar, in order; '#' (shown as AA) holds everything not A-Z. */
export const CONTACT_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'] as const;
/** Deletion dates of the recycle bin are China Standard Time days (UTC+8, no daylight saving). */
export const RECYCLE_DAY_OFFSET_MINUTES = 8 * 60;

/** The longest UID a phone may give a contact it creates (RFC 6350 sets none; cards use ≤ 100). */
export const CONTACT_UID_MAX = 255;
