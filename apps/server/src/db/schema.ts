import type { Generated } from 'kysely';

/** Times are epoch milliseconds; booleans are 0/1 so both dialects agree. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  phone: string | null;
  email: string | null;
  paid_gb: number;
  /** JSON array of service ids the account has enabled; null means every served one. */
  member: string | null;
  skin: string;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value: a leaked table does not hand out sessions. */
  id: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  verified_main_at: number | null;
  verified_finder_at: number | null;
  ip: string;
  user_agent: string;
}

export interface CaptchasTable {
  /** 'sid:<session hash>' or 'aid:<anonymous id hash>'. */
  owner: string;
  scope: string;
  answer_hash: string;
  expires_at: number;
  passed_at: number | null;
}

export interface VerifyCodesTable {
  /** What the code proves, e.g. 'verify:main:u:12:1' or 'register:email:a@b.c'. */
  purpose: string;
  code_hash: string;
  target: string;
  created_at: number;
  expires_at: number;
  attempts: number;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_start: number;
}

/** One drive per user (created on first use). */
export interface DrivesTable {
  user_id: number;
  next_id: number;
  used_bytes: number;
  reserved_bytes: number;
  created_at: number;
}

/** Folders and files of both drive faces: v2 `file_id` is the decimal id, v1 uses it as a number. */
export interface DriveItemsTable {
  user_id: number;
  id: number;
  parent_id: number | null;
  name: string;
  /** 0 folder, 1 file. */
  kind: number;
  size: number;
  blob_key: string | null;
  created_at: number;
  updated_at: number;
  trashed_at: number | null;
}

export interface DriveUploadsTable {
  user_id: number;
  id: string;
  face: string;
  item_id: number;
  parent_id: number;
  name: string;
  size: number;
  reserved: number;
  part_size: number;
  part_count: number;
  name_mode: string;
  blob_key: string | null;
  proof_offset: number | null;
  proof_len: number | null;
  created_at: number;
  expires_at: number;
}

export interface DriveUploadPartsTable {
  user_id: number;
  upload_id: string;
  part_number: number;
  size: number;
  blob_key: string;
  created_at: number;
}

/** Thumbnails of drive images: per user, source content and size, each row holding its JPEG blob's reference. */
export interface DriveThumbsTable {
  user_id: number;
  source_key: string;
  /** Longer side limit, px (256 or 1024). */
  size: number;
  thumb_key: string;
  width: number;
  height: number;
  created_at: number;
}

export interface DriveBlobsTable {
  key: string;
  size: number;
  md5: string;
  sha1: string;
  ref_count: number;
  touched_at: number;
  /** When the store check last re-read the bytes against the key; 0: never (migration 039). */
  checked_at: Generated<number>;
  /** Since when the bytes no longer hash to the key; null: they do, or were never checked. */
  damaged_at: number | null;
}

/** Per-user state of the contacts book. */
export interface ContactBooksTable {
  user_id: number;
  sync_version: number;
  next_id: number;
  log_floor: number;
  updated_at: number;
  /** When the book's unused avatars were last looked for (housekeeping, once a day). */
  files_swept_at: Generated<number>;
}

export interface ContactsTable {
  user_id: number;
  id: number;
  version_code: number;
  /** JSON of the contact as list.do answers it. */
  doc: string;
  name_spell: string;
  letter: string;
  /** JSON array of group titles. */
  groups: string;
  content_hash: string;
  size: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** The book's change log: refresh.do reads it forward, the time machine reads it back. */
export interface ContactRevisionsTable {
  user_id: number;
  sync_version: number;
  contact_id: number;
  at: number;
  /** JSON {content, attachment}; null when the contact left the book. */
  body: string | null;
}

export interface ContactGroupsTable {
  user_id: number;
  name: string;
  position: number;
  created_at: number;
}

/** The UID an imported card carried (migration 011); contacts without one export a derived UID. */
export interface ContactUidsTable {
  user_id: number;
  contact_id: number;
  uid: string;
  /** The name a CardDAV client created the contact under, when not `<uid>.vcf` (migration 026). */
  dav_name: string | null;
}

/** The card a CardDAV client last wrote for a contact (migration 026). */
export interface ContactCardsTable {
  user_id: number;
  contact_id: number;
  card: string;
  photo: string | null;
}

/** Avatars (kind 1) and export files (kind 2) a user may fetch. */
export interface ContactFilesTable {
  user_id: number;
  id: string;
  kind: number;
  blob_key: string;
  name: string;
  size: number;
  created_at: number;
  expires_at: number | null;
}

/** An account's authenticator (TOTP); confirmed_at is null while the enrolment waits for a code. */
export interface TotpFactorsTable {
  user_id: number;
  /** The secret, encrypted (see modules/totp/secret-box.ts). */
  secret_box: string;
  created_at: number;
  confirmed_at: number | null;
  /** Time step of the last accepted code: a code is refused once its step is not newer. */
  last_step: number;
}

/** Single-use recovery codes of the authenticator, stored as keyed hashes. */
export interface TotpRecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: number | null;
}

/** App passwords of DAV clients (modules/app-passwords): only a keyed hash of each secret. */
export interface AppPasswordsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** HMAC-SHA256 of the secret under the server secret (see docs/app-passwords.md). */
  secret_hash: string;
  created_at: number;
  last_used_at: number | null;
  last_ip: string | null;
  last_client: string | null;
}

/** Dead properties a WebDAV client stored on a drive item (modules/webdav/props.ts). */
export interface WebdavPropsTable {
  user_id: number;
  item_id: number;
  ns: string;
  name: string;
  /** JSON of the property element as parsed. */
  value: string;
}

/** WebDAV locks on paths of a drive (modules/webdav/locks.ts); deep: depth infinity. */
export interface WebdavLocksTable {
  user_id: number;
  token: string;
  path: string;
  deep: number;
  shared: number;
  owner: string | null;
  timeout_s: number;
  expires_at: number;
  created_at: number;
}

/** Per-user state of the text-message box. */
export interface SmsBoxesTable {
  user_id: number;
  sync_version: number;
  next_id: number;
  log_floor: number;
  updated_at: number;
}

export interface SmsMessagesTable {
  user_id: number;
  id: number;
  /** The conversation key (formatSmsAddress). */
  address: string;
  body: string;
  date: number;
  /** 1 received; anything else sent. */
  type: number;
  /** 1 favourite. */
  locked: number;
  read: number;
  optime: number;
  import_key: string;
  /** JSON array of MMS picture blob keys, or null. */
  attachments: string | null;
  size: number;
}

/** One row per conversation, kept with its messages: list.do reads these. */
export interface SmsConversationsTable {
  user_id: number;
  address: string;
  count: number;
  locked_count: number;
  last_date: number;
  last_id: number;
}

/** The box's change log: which conversations each sync_version touched. */
export interface SmsChangesTable {
  user_id: number;
  sync_version: number;
  address: string;
}

/** A single message deleted in the portal at a box version (the phone's pull tells it). */
export interface SmsMessageDeletesTable {
  user_id: number;
  sync_version: number;
  id: number;
  address: string;
}

/** MMS pictures (kind 1) and export files (kind 2) a user may fetch. */
export interface SmsFilesTable {
  user_id: number;
  id: string;
  kind: number;
  blob_key: string;
  name: string;
  mime: string;
  size: number;
  created_at: number;
  expires_at: number | null;
}

/** Per-user state of the notes area. */
export interface NoteBooksTable {
  user_id: number;
  sync_version: number;
  next_id: number;
  log_floor: number;
  updated_at: number;
}

export interface NotesTable {
  user_id: number;
  id: number;
  version_code: number;
  /** JSON {title, content, remindtime, remind}. */
  doc: string;
  title: string;
  classify: number;
  mode: number;
  top: number;
  /** JSON array of the blob keys of the note's images and recordings. */
  files: string;
  size: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** The notes' change log: which notes each sync_version touched (1 written, 2 recycled, 3 removed). */
export interface NoteChangesTable {
  user_id: number;
  sync_version: number;
  note_id: number;
  kind: number;
  at: number;
}

export interface NoteBoardsTable {
  user_id: number;
  id: number;
  sort: number;
  created_at: number;
}

/** A note placed on a board (one board per note at most). */
export interface NoteBoardMembersTable {
  user_id: number;
  id: number;
  board_id: number;
  note_id: number;
  x: number;
  y: number;
  z: number;
}

/** Images (kind 1) and recordings (kind 2); `id` is the blob key, each row one blob reference. */
export interface NoteFilesTable {
  user_id: number;
  id: string;
  kind: number;
  name: string;
  content_type: string;
  size: number;
  created_at: number;
}

/** Export links; the zip is written while it downloads. */
export interface NoteExportsTable {
  user_id: number;
  id: string;
  name: string;
  created_at: number;
  expires_at: number;
}

/** Per-user state of the calendar. */
export interface CalendarBooksTable {
  user_id: number;
  sync_version: number;
  next_id: number;
  log_floor: number;
  updated_at: number;
}

/** One calendar object (a UID: the event and its moved instances) as received, and its index. */
export interface CalendarEventsTable {
  user_id: number;
  id: number;
  uid: string;
  version_code: number;
  /** The VCALENDAR text as the phone sent it. */
  ical: string;
  summary: string;
  /** UTC ms; all-day and floating times are their wall clock read as UTC. */
  start_at: number;
  end_at: number;
  all_day: number;
  tzid: string | null;
  /** JSON array of the TZIDs the object names. */
  tzids: string;
  recurring: number;
  /** End of the last instance; null when it recurs without end. */
  last_end_at: number | null;
  /** Chinese-calendar date of a lunar event ('1958-8-15', 'L' before a leap month). */
  lunar: string | null;
  /** The name a CalDAV client PUT it under when that is not `<uid>.ics`; null: `<uid>.ics`. */
  dav_name: string | null;
  /** The master's LOCATION and DESCRIPTION (migration 030); null until read out of `ical`. */
  location: string | null;
  description: string | null;
  size: number;
  created_at: number;
  updated_at: number;
}

/** An event in the calendar's recycle bin: the row it had, and when it was deleted. */
export interface CalendarBinTable extends CalendarEventsTable {
  deleted_at: number;
}

/** The owner's setting of one calendar of the portal (migration 030). */
export interface CalendarSettingsTable {
  user_id: number;
  /** 'default' or 'birthdays'. */
  calendar_id: string;
  /** '#RRGGBB', or null for the calendar's default colour. */
  color: string | null;
  hidden: Generated<number>;
  updated_at: number;
}

/** The calendar's change log: which events each sync_version touched. */
export interface CalendarChangesTable {
  user_id: number;
  sync_version: number;
  event_id: number;
  uid: string;
  /** The event's CalDAV name when not `<uid>.ics` (a deletion's `gone` names it by it). */
  dav_name: string | null;
  at: number;
}

/** Export files a user may fetch until they expire. */
export interface CalendarFilesTable {
  user_id: number;
  id: string;
  blob_key: string;
  name: string;
  size: number;
  created_at: number;
  expires_at: number;
}

/** A phone of find-my-phone; token_hash is the SHA-256 of its device token (null: revoked). */
export interface FindDevicesTable {
  user_id: number;
  device_id: string;
  brand: string;
  model: string;
  /** JSON array of functions (1 ring, 2 lock, 3 wipe). */
  functions: string;
  token_hash: string | null;
  signed_in_at: number;
  last_seen_at: number;
  locked: number;
  lock_info: string | null;
  wiped_at: number | null;
  longitude: number | null;
  latitude: number | null;
  accuracy: number | null;
  locate_time: number | null;
  place: string | null;
  located_at: number | null;
  locate_asked_at: number | null;
  locate_error: string | null;
  created_at: number;
}

/** A command to a phone: the queue its poll reads and the history the portal shows. */
export interface FindCommandsTable {
  user_id: number;
  id: string;
  device_id: string;
  kind: string;
  payload: string;
  /** 1 pending, 2 success, 3 failed, 4 not received. */
  status: number;
  error: string | null;
  ip: string;
  user_agent: string;
  created_at: number;
  received_at: number | null;
  finished_at: number | null;
}

/** Phone sync (migration 013): the anchor a phone last confirmed, per area. */
export interface SyncAnchorsTable {
  user_id: number;
  device_id: string;
  area: string;
  anchor: string;
  pulled_at: number | null;
  pushed_at: number | null;
}

/** Batches a phone pushed: applied (with the answer), held or refused. */
export interface SyncBatchesTable {
  user_id: number;
  device_id: string;
  batch_id: string;
  area: string;
  /** HeldStatus: 1 applied, 0 held, 2 refused. */
  status: number;
  held_id: string | null;
  deletes: number;
  /** JSON of the SyncPushResult answered. */
  result: string | null;
  created_at: number;
  applied_at: number | null;
}

/** Pushes the mass-deletion guard held for the owner to apply or refuse. */
export interface SyncHeldTable {
  user_id: number;
  id: string;
  device_id: string;
  area: string;
  batch_id: string;
  /** JSON of the changes as sent. */
  changes: string;
  /** What the guard counted: the batch's deletes, the phone's announced ones and `earlier`. */
  deletes: number;
  batch_deletes: number;
  /** The book's size with `earlier` (the guard's measure). */
  total: number;
  /** The phone's deletes applied in the guard's window before this batch (migration 027). */
  earlier: Generated<number>;
  status: number;
  created_at: number;
  decided_at: number | null;
}

/** Request keys of the portal's creates (migration 028). */
export interface CreateKeysTable {
  user_id: number;
  area: string;
  key: string;
  item_id: number;
  created_at: number;
}

/** 导出全部数据's jobs (migration 029). */
export interface TakeoutJobsTable {
  user_id: number;
  id: string;
  state: string;
  done: number;
  total: number;
  size: number | null;
  blob_key: string | null;
  name: string;
  error: string | null;
  worker: string;
  heartbeat_at: number;
  created_at: number;
  finished_at: number | null;
  expires_at: number | null;
}

/** The photo area (migration 033, docs/photos.md). */
export interface PhotosTable {
  id: Generated<number>;
  user_id: number;
  /** The original's blob key. */
  sha256: string;
  size: number;
  name: string;
  /** 1 image, 2 video. */
  kind: number;
  mime: string;
  /** The camera's wall clock read as UTC, ms. */
  taken_at: number;
  /** YYYYMM of `taken_at`. */
  month: number;
  /** Minutes east of UTC when the file says it. */
  tz_offset: number | null;
  /** 0 the phone's file time, 1 the file's metadata. */
  time_source: Generated<number>;
  width: number | null;
  height: number | null;
  orientation: number | null;
  duration_ms: number | null;
  latitude: number | null;
  longitude: number | null;
  place: string | null;
  make: string | null;
  model: string | null;
  lens: string | null;
  /** Base name (lower case) a Live Photo's halves share. */
  live_key: string | null;
  /** 0 alone, 1 a Live Photo's still, 2 its video (not listed on its own). */
  live_role: Generated<number>;
  live_pair_id: number | null;
  thumb_key: string | null;
  thumb_large_key: string | null;
  /** 0 waiting to be read, 1 read, 2 unreadable (kept, shown without a thumbnail). */
  meta_state: Generated<number>;
  favourite: Generated<number>;
  /** The phone's device id that sent it first. */
  source: string;
  created_at: number;
  trashed_at: number | null;
  /**
   * 1 when a drive file of the same content counts these bytes (the photo came from the watched
   * folder, or was found there), so the photo itself is not counted; 0 when the photo is (migration 037).
   */
  drive_carried: Generated<number>;
}

export interface PhotoAlbumsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  cover_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface PhotoAlbumItemsTable {
  user_id: number;
  album_id: number;
  photo_id: number;
  added_at: number;
}

export interface PhotoSettingsTable {
  user_id: number;
  delete_follows_phone: Generated<number>;
  /** The drive folder the watch takes pictures from (`/相册备份`), null when off (migration 037). */
  watch_folder: string | null;
}

/** Drive items the folder watch has considered, so none is taken in twice (migration 037). */
export interface PhotoWatchItemsTable {
  user_id: number;
  item_id: number;
}

/** A zip download's link and the selection it was made for (migration 036). */
export interface PhotoZipLinksTable {
  user_id: number;
  id: string;
  /** JSON array of photo ids. */
  ids: string;
  created_at: number;
  expires_at: number;
}

/** The scheduled backup's lease and times (migration 032); one row, 'scheduled'. */
export interface BackupScheduleTable {
  name: string;
  holder: string | null;
  lease_until: number;
  started_at: number;
  finished_at: number;
  last_success_at: number | null;
}

export interface Database {
  backup_schedule: BackupScheduleTable;
  photo_watch_items: PhotoWatchItemsTable;
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  verify_codes: VerifyCodesTable;
  rate_limits: RateLimitsTable;
  drives: DrivesTable;
  drive_items: DriveItemsTable;
  drive_uploads: DriveUploadsTable;
  drive_upload_parts: DriveUploadPartsTable;
  drive_blobs: DriveBlobsTable;
  drive_thumbs: DriveThumbsTable;
  contact_books: ContactBooksTable;
  contacts: ContactsTable;
  contact_revisions: ContactRevisionsTable;
  contact_groups: ContactGroupsTable;
  contact_files: ContactFilesTable;
  contact_uids: ContactUidsTable;
  contact_cards: ContactCardsTable;
  create_keys: CreateKeysTable;
  takeout_jobs: TakeoutJobsTable;
  photos: PhotosTable;
  photo_albums: PhotoAlbumsTable;
  photo_album_items: PhotoAlbumItemsTable;
  photo_settings: PhotoSettingsTable;
  photo_zip_links: PhotoZipLinksTable;
  sms_boxes: SmsBoxesTable;
  sms_messages: SmsMessagesTable;
  sms_conversations: SmsConversationsTable;
  sms_changes: SmsChangesTable;
  sms_message_deletes: SmsMessageDeletesTable;
  sms_files: SmsFilesTable;
  totp_factors: TotpFactorsTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  note_books: NoteBooksTable;
  notes: NotesTable;
  note_changes: NoteChangesTable;
  note_boards: NoteBoardsTable;
  note_board_members: NoteBoardMembersTable;
  note_files: NoteFilesTable;
  note_exports: NoteExportsTable;
  calendar_books: CalendarBooksTable;
  calendar_events: CalendarEventsTable;
  calendar_bin: CalendarBinTable;
  calendar_changes: CalendarChangesTable;
  calendar_files: CalendarFilesTable;
  calendar_settings: CalendarSettingsTable;
  find_devices: FindDevicesTable;
  find_commands: FindCommandsTable;
  webdav_props: WebdavPropsTable;
  webdav_locks: WebdavLocksTable;
  app_passwords: AppPasswordsTable;
  sync_anchors: SyncAnchorsTable;
  sync_batches: SyncBatchesTable;
  sync_held: SyncHeldTable;
}
