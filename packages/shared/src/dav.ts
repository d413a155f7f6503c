/**
 * CardDAV (RFC 6352) and CalDAV (RFC 4791) for stock phones and desktop clients: where they
 * find the server, and the limits of what they send. Authentication is an app password
 * (app-passwords.ts) over HTTP Basic.
 */

/** The server URL a DAV client is given; discovery also starts at the well-known paths. */
export const DAV_ROOT = '/dav/';
export const DAV_WELL_KNOWN_CARDDAV = '/.well-known/carddav';
export const DAV_WELL_KNOWN_CALDAV = '/.well-known/caldav';

/** The one address book and the one calendar of an account, as their URLs name them. */
export const DAV_ADDRESS_BOOK = 'contacts';
export const DAV_CALENDAR = 'calendar';

/**
 * Bytes of a DAV request body: a multiget naming every card of a 10,000-contact book (about
 * 100 bytes an href) fits; a single card or event has its own, smaller limit.
 */
export const DAV_BODY_MAX_BYTES = 4 * 1024 * 1024;
/** Bytes of one vCard a client may store (its photo included). */
export const DAV_CARD_MAX_BYTES = 1024 * 1024;

/** Names the address book and the calendar show in a client. */
export const DavText = {
  ADDRESS_BOOK: '通讯录',
  CALENDAR: '日程',
} as const;

/** What a client that sent something the store cannot keep is told (the body of its 4xx). */
export const DavMsg = {
  ONE_CARD: '一个联系人资源只能包含一张名片（vCard）',
  GROUP_CARD: '不支持分组名片：请在客户端把分组设为联系人的类别（CATEGORIES）',
  UID_TAKEN: '已有另一个联系人使用这个 UID',
  EVENT_UID_TAKEN: '已有另一个日程使用这个 UID',
  UID_CHANGED: '不能修改已有日程的 UID',
  BAD_XML: '请求内容不是有效的 XML',
  NOT_SUPPORTED: '不支持该操作',
} as const;
