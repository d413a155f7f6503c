/** Type codes of spec 001 §3, and the shapes of the contacts calls (§7). */

export const PhoneType = { CUSTOM: 0, HOME: 1, MOBILE: 2, WORK: 3, FAX: 4, OTHER: 7 } as const;
export const EmailType = { CUSTOM: 0, PERSONAL: 1, WORK: 2 } as const;
export const AddressType = { CUSTOM: 0, HOME: 1, WORK: 2, OTHER: 3 } as const;
export const EventType = { CUSTOM: 0, ANNIVERSARY: 1, OTHER: 2, BIRTHDAY: 3 } as const;
/** `lunar_or_solar` of an event. */
export const CalendarKind = { SOLAR: 0, LUNAR: 1 } as const;
export const ImProtocol = {
  CUSTOM: -1,
  AIM: 0,
  WINDOWS_LIVE: 1,
  YAHOO: 2,
  SKYPE: 3,
  QQ: 4,
  HANGOUTS: 5,
  ICQ: 6,
  JABBER: 7,
} as const;
// The spec lists no codes for these four kinds; they follow Android's ContactsContract, which is
// what the phones that sync here write.
export const OrganizationType = { CUSTOM: 0, WORK: 1, OTHER: 2 } as const;
export const ImType = { CUSTOM: 0, HOME: 1, WORK: 2, OTHER: 3 } as const;
export const NicknameType = {
  CUSTOM: 0,
  DEFAULT: 1,
  OTHER_NAME: 2,
  MAIDEN: 3,
  SHORT: 4,
  INITIALS: 5,
} as const;
export const WebsiteType = {
  CUSTOM: 0,
  HOMEPAGE: 1,
  BLOG: 2,
  PROFILE: 3,
  HOME: 4,
  WORK: 5,
  FTP: 6,
  OTHER: 7,
} as const;

/** The codes each kind accepts; anything else is stored as that kind's custom code. */
export const TYPE_CODES = {
  phone: Object.values(PhoneType) as number[],
  email: Object.values(EmailType) as number[],
  address: Object.values(AddressType) as number[],
  event: Object.values(EventType) as number[],
  imProtocol: Object.values(ImProtocol) as number[],
  organization: Object.values(OrganizationType) as number[],
  im: Object.values(ImType) as number[],
  nickname: Object.values(NicknameType) as number[],
  website: Object.values(WebsiteType) as number[],
} as const;

export interface NameEntry {
  is_primary: number;
  display_name: string;
  given_name: string;
  phonetic_family_name: string;
  /**
   * The structured name's other parts (vCard N: family;given;middle;prefix;suffix), present only
   * where a card or an edit gave them: the spec's four fields stay the name for everything else.
   */
  family_name?: string;
  middle_name?: string;
  prefix?: string;
  suffix?: string;
}

/** The optional structured-name parts of a NameEntry, in the order N writes them after given. */
export const NAME_PARTS = ['family_name', 'middle_name', 'prefix', 'suffix'] as const;
export type NamePart = (typeof NAME_PARTS)[number];
export interface OrganizationEntry {
  is_primary: number;
  company: string;
  type: number;
  title: string;
}
export interface PhoneEntry {
  is_primary: number;
  number: string;
  type: number;
}
export interface EmailEntry {
  is_primary: number;
  address: string;
  type: number;
}
export interface ImEntry {
  protocol: number;
  custom_protocol: string;
  address: string;
  type: number;
}
/**
 * A postal address: the spec's `formatted_address` and `street`, and the other ADR parts kept
 * apart (address.ts says how the text follows from them). Each part is at most 40 characters.
 */
export interface AddressEntry {
  is_primary: number;
  /** The address as one text: the parts joined in Chinese order when it has more than a street. */
  formatted_address: string;
  street: string;
  po_box: string;
  /** ADR's extended address (a flat, a building). */
  extended: string;
  /** ADR's locality. */
  city: string;
  region: string;
  postcode: string;
  country: string;
  type: number;
}
export interface EventEntry {
  is_primary: number;
  /** 'YYYY-MM-DD' for solar dates, 'YYYY-M-D' for lunar ones (the spec's two examples); '--MM-DD' a solar date without a year. */
  start_date: string;
  lunar_or_solar: number;
  type: number;
}
export interface NoteEntry {
  note: string;
}
export interface NicknameEntry {
  name: string;
  type: number;
}
export interface WebsiteEntry {
  url: string;
  type: number;
}
export interface GroupEntry {
  groupTitle: string;
}

/** A contact's content arrays; every array is present, possibly empty. */
export interface ContactContent {
  name: NameEntry[];
  organization: OrganizationEntry[];
  phone: PhoneEntry[];
  email: EmailEntry[];
  im: ImEntry[];
  'postal-address': AddressEntry[];
  event: EventEntry[];
  note: NoteEntry[];
  nickname: NicknameEntry[];
  website: WebsiteEntry[];
  group: GroupEntry[];
}
export type ContentKind = keyof ContactContent;
export const CONTENT_KINDS: readonly ContentKind[] = [
  'name',
  'organization',
  'phone',
  'email',
  'im',
  'postal-address',
  'event',
  'note',
  'nickname',
  'website',
  'group',
];

export interface ContactAttachment {
  /** 'head_photo' for the avatar. */
  fid: string;
  /** Same-origin path of the stored image; prefix it with CONTACT_CLOUD_BASE to show it. */
  cloud_path: string;
}

export interface Contact {
  server_id: string;
  version_code: number;
  /** Lower-case pinyin (or the Latin name) the lists sort by. */
  nameSpell: string;
  /** 'A'-'Z' or '#'. */
  letter_index: string;
  content: ContactContent;
  /** The first entry's cloud_path is the avatar. */
  attachment: ContactAttachment[];
  /**
   * The contact's UID as CardDAV and exports write it, sent with a sync pull's items so the phone
   * keeps the same one (not part of the stored document).
   */
  uid?: string;
}
export interface RecycledContact extends Contact {
  delete_time: number;
}

/** Letter ('A'-'Z', '#') to server ids, sorted as the list shows them. */
export type LetterIndex = Record<string, string[]>;

/** `list.do`. */
export interface ContactBook {
  sync_version: number;
  list: Record<string, Contact>;
  /** Group name to member ids, every group (empty ones too) in creation order. */
  group: Record<string, string[]>;
  letter_index: LetterIndex;
  group_letter_index: Record<string, LetterIndex>;
}

/** `refresh.do`: what changed since the caller's sync_version (indexes only when something did). */
export interface ContactRefresh extends Partial<Omit<ContactBook, 'sync_version' | 'list'>> {
  sync_version: number;
  /** Changed or added contacts. */
  list: Record<string, Contact>;
  /** Ids that left the book (deleted, merged away, purged). */
  del: string[];
}

/** `recycle_bin/list.do`: `letter_index` is keyed by deletion date 'YYYY-MM-DD', newest first. */
export interface RecycleBin {
  sync_version: number;
  list: Record<string, RecycledContact>;
  letter_index: Record<string, string[]>;
}

export interface ContactSaveResult {
  sync_version: number;
  optime: number;
  server_id: string;
  version_code: number;
  contact: Contact;
}

/** Answer of the calls that change the book without a contact of their own to return. */
export interface ContactChangeResult {
  sync_version: number;
  /** Ids the call changed. */
  server_ids: string[];
}

export interface AvatarUploadResult {
  fid: string;
  cloud_path: string;
}

/** A version node of the time machine: the book as it was when a batch of changes settled. */
export interface TimeMachineNode {
  /** Node id, passed back as `object_id` (change.do) and `time_machine` (recover.do). */
  object_id: string;
  /** The book's sync_version at the node. */
  version_code: number;
  /** When the batch's last change happened. */
  time: number;
  /** When the batch's first change happened. */
  start_time: number;
  /** Contacts the batch changed. */
  changes: number;
}
export interface TimeMachineList {
  sync_version: number;
  /** Oldest first. */
  list: TimeMachineNode[];
}
/**
 * `time_machine/change.do`: how the current book differs from the node. `del`: at the node, no
 * longer in the book; `add`: in the book, not at the node; `upd`: in both, changed since. `list`
 * holds the node's version of del/upd contacts and the current version of add contacts.
 */
export interface TimeMachineChange {
  sync_version: number;
  object_id: string;
  letter_index: { del: string[]; add: string[]; upd: string[] };
  list: Record<string, Contact>;
}

/** `repeat_list.do`. */
export interface RepeatList {
  /** Groups of identical contacts. */
  same_ids: string[][];
  /** Groups of possible duplicates (same name, shared phone or shared e-mail). */
  repeat_ids: string[][];
  /** Per repeat_ids group: whether every member has the same name (the web preselects these). */
  repeat_same_name: boolean[];
  repeat_info: Record<string, Contact>;
}
export interface MergeResult {
  sync_version: number;
  /** Groups merged. */
  merged: number;
  /** The surviving contact of each merged group. */
  server_ids: string[];
}

export interface ImportFailure {
  file: string;
  /** 1-based position of the card in its file. */
  index: number;
  /** The card's name when it could be read. */
  name: string;
  reason: string;
}
export interface ImportResult {
  sync_version: number;
  /** Cards read. */
  total: number;
  added: number;
  /** Cards skipped because the book already holds the same contact. */
  duplicates: number;
  failed: ImportFailure[];
  /** Parts dropped from otherwise good cards (bad photo, undated birthday...). */
  warnings: string[];
}
export interface ExportResult {
  /** Same-origin download URL, valid for the session that asked. */
  filePath: string;
  count: number;
}
