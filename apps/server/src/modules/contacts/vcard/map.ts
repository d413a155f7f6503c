import {
  AddressType,
  EmailType,
  EventType,
  ImProtocol,
  ImType,
  NicknameType,
  OrganizationType,
  PhoneType,
  WebsiteType,
} from '@phonecloud/shared';

/**
 * Type codes to vCard TYPE values and back. Exports carry the exact code in X-CLOUD-TYPE as
 * well, so a round trip through this portal keeps custom and Android-only codes; other files
 * are read from their TYPE values.
 */
export const X_CODE = 'x-cloud-type';
export const X_CALENDAR = 'x-calendar';

// TYPE values that say nothing about the kind of entry.
const NEUTRAL = new Set([
  'pref',
  'voice',
  'internet',
  'x-internet',
  'postal',
  'parcel',
  'dom',
  'intl',
  'x400',
]);

/**
 * A reader of TYPE values into a type code: the code of the first row naming one of them, else
 * `none` when they say nothing about the kind, else `custom`. Its table is built once: imports
 * read thousands of entries.
 */
function typeCode(table: ReadonlyArray<readonly [readonly string[], number]>, none: number, custom: number) {
  return (types: readonly string[]): number => {
    if (types.length === 0) return none;
    for (const [names, code] of table) {
      for (const t of types) if (names.includes(t)) return code;
    }
    for (const t of types) if (!NEUTRAL.has(t)) return custom;
    return none;
  };
}

export const phoneCode = typeCode(
  [
    [['fax'], PhoneType.FAX],
    [['cell', 'mobile', 'iphone'], PhoneType.MOBILE],
    [['work'], PhoneType.WORK],
    [['home'], PhoneType.HOME],
    [
      ['other', 'x-other', 'pager', 'main', 'car', 'isdn', 'video', 'bbs', 'modem', 'msg', 'text'],
      PhoneType.OTHER,
    ],
  ],
  PhoneType.MOBILE,
  PhoneType.CUSTOM,
);
export const PHONE_TYPES: Record<number, string[]> = {
  [PhoneType.HOME]: ['HOME'],
  [PhoneType.MOBILE]: ['CELL'],
  [PhoneType.WORK]: ['WORK'],
  [PhoneType.FAX]: ['FAX'],
  [PhoneType.OTHER]: ['OTHER'],
  [PhoneType.CUSTOM]: ['VOICE'],
};

export const emailCode = typeCode(
  [
    [['work'], EmailType.WORK],
    [['home', 'personal'], EmailType.PERSONAL],
  ],
  EmailType.PERSONAL,
  EmailType.CUSTOM,
);
export const EMAIL_TYPES: Record<number, string[]> = {
  [EmailType.PERSONAL]: ['INTERNET', 'HOME'],
  [EmailType.WORK]: ['INTERNET', 'WORK'],
  [EmailType.CUSTOM]: ['INTERNET'],
};

export const addressCode = typeCode(
  [
    [['home'], AddressType.HOME],
    [['work'], AddressType.WORK],
    [['other', 'x-other'], AddressType.OTHER],
  ],
  AddressType.HOME,
  AddressType.CUSTOM,
);
export const ADDRESS_TYPES: Record<number, string[]> = {
  [AddressType.HOME]: ['HOME'],
  [AddressType.WORK]: ['WORK'],
  [AddressType.OTHER]: ['OTHER'],
  [AddressType.CUSTOM]: [],
};

export const organizationCode = typeCode(
  [[['other'], OrganizationType.OTHER]],
  OrganizationType.WORK,
  OrganizationType.WORK,
);
export const imTypeCode = typeCode(
  [
    [['home'], ImType.HOME],
    [['work'], ImType.WORK],
    [['other'], ImType.OTHER],
  ],
  ImType.OTHER,
  ImType.CUSTOM,
);
export const IM_TYPES: Record<number, string[]> = {
  [ImType.HOME]: ['HOME'],
  [ImType.WORK]: ['WORK'],
  [ImType.OTHER]: ['OTHER'],
  [ImType.CUSTOM]: [],
};

export const websiteCode = typeCode(
  [
    [['home'], WebsiteType.HOME],
    [['work'], WebsiteType.WORK],
    [['blog'], WebsiteType.BLOG],
    [['profile'], WebsiteType.PROFILE],
    [['ftp'], WebsiteType.FTP],
    [['other'], WebsiteType.OTHER],
  ],
  WebsiteType.HOMEPAGE,
  WebsiteType.HOMEPAGE,
);
export const DEFAULT_NICKNAME = NicknameType.DEFAULT;
export const DEFAULT_EVENT = EventType.BIRTHDAY;

/** Instant messaging: the X- property each protocol has in vCard 3.0, and IMPP schemes. */
export const IM_PROPERTIES: Record<string, number> = {
  'x-aim': ImProtocol.AIM,
  'x-msn': ImProtocol.WINDOWS_LIVE,
  'x-yahoo': ImProtocol.YAHOO,
  'x-skype': ImProtocol.SKYPE,
  'x-skype-username': ImProtocol.SKYPE,
  'x-qq': ImProtocol.QQ,
  'x-google-talk': ImProtocol.HANGOUTS,
  'x-gtalk': ImProtocol.HANGOUTS,
  'x-hangouts': ImProtocol.HANGOUTS,
  'x-icq': ImProtocol.ICQ,
  'x-jabber': ImProtocol.JABBER,
};
export const IM_PROPERTY_OF: Record<number, string> = {
  [ImProtocol.AIM]: 'x-aim',
  [ImProtocol.WINDOWS_LIVE]: 'x-msn',
  [ImProtocol.YAHOO]: 'x-yahoo',
  [ImProtocol.SKYPE]: 'x-skype-username',
  [ImProtocol.QQ]: 'x-qq',
  [ImProtocol.HANGOUTS]: 'x-google-talk',
  [ImProtocol.ICQ]: 'x-icq',
  [ImProtocol.JABBER]: 'x-jabber',
};
export const IMPP_SCHEMES: Record<string, number> = {
  aim: ImProtocol.AIM,
  msnim: ImProtocol.WINDOWS_LIVE,
  msn: ImProtocol.WINDOWS_LIVE,
  ymsgr: ImProtocol.YAHOO,
  skype: ImProtocol.SKYPE,
  callto: ImProtocol.SKYPE,
  qq: ImProtocol.QQ,
  tencent: ImProtocol.QQ,
  gtalk: ImProtocol.HANGOUTS,
  icq: ImProtocol.ICQ,
  xmpp: ImProtocol.JABBER,
  jabber: ImProtocol.JABBER,
};
/** X-SERVICE-TYPE values (Apple, Google) by protocol name. */
export const SERVICE_TYPES: Record<string, number> = {
  aim: ImProtocol.AIM,
  msn: ImProtocol.WINDOWS_LIVE,
  'windows live': ImProtocol.WINDOWS_LIVE,
  yahoo: ImProtocol.YAHOO,
  skype: ImProtocol.SKYPE,
  qq: ImProtocol.QQ,
  googletalk: ImProtocol.HANGOUTS,
  'google talk': ImProtocol.HANGOUTS,
  hangouts: ImProtocol.HANGOUTS,
  icq: ImProtocol.ICQ,
  jabber: ImProtocol.JABBER,
  xmpp: ImProtocol.JABBER,
};
