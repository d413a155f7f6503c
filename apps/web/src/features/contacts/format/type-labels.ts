import {
  AddressType,
  CalendarKind,
  EmailType,
  EventType,
  ImProtocol,
  PhoneType,
  WebsiteType,
} from '@phonecloud/shared';

/** Chinese names of the type codes of spec 001 §3, in the order the editor offers them. */
export const PHONE_TYPES: ReadonlyArray<readonly [number, string]> = [
  [PhoneType.MOBILE, '手机'],
  [PhoneType.HOME, '住宅'],
  [PhoneType.WORK, '单位'],
  [PhoneType.FAX, '传真'],
  [PhoneType.OTHER, '其他'],
  [PhoneType.CUSTOM, '自定义'],
];
export const EMAIL_TYPES: ReadonlyArray<readonly [number, string]> = [
  [EmailType.PERSONAL, '个人'],
  [EmailType.WORK, '工作'],
  [EmailType.CUSTOM, '自定义'],
];
export const ADDRESS_TYPES: ReadonlyArray<readonly [number, string]> = [
  [AddressType.HOME, '住宅'],
  [AddressType.WORK, '单位'],
  [AddressType.OTHER, '其他'],
  [AddressType.CUSTOM, '自定义'],
];
export const EVENT_TYPES: ReadonlyArray<readonly [number, string]> = [
  [EventType.BIRTHDAY, '生日'],
  [EventType.ANNIVERSARY, '纪念日'],
  [EventType.OTHER, '其他'],
  [EventType.CUSTOM, '自定义'],
];
export const CALENDAR_KINDS: ReadonlyArray<readonly [number, string]> = [
  [CalendarKind.SOLAR, '公历'],
  [CalendarKind.LUNAR, '农历'],
];
// Code 5 is read as Hangouts and, in the editor menu of the phones this portal serves, as a
// Chinese chat service (spec 001 §3 gives both): the menu says 微信.
export const IM_PROTOCOLS: ReadonlyArray<readonly [number, string]> = [
  [ImProtocol.QQ, 'QQ'],
  [ImProtocol.HANGOUTS, '微信'],
  [ImProtocol.SKYPE, 'Skype'],
  [ImProtocol.WINDOWS_LIVE, 'Windows Live'],
  [ImProtocol.YAHOO, '雅虎'],
  [ImProtocol.AIM, 'AIM'],
  [ImProtocol.ICQ, 'ICQ'],
  [ImProtocol.JABBER, 'Jabber'],
  [ImProtocol.CUSTOM, '自定义'],
];
export const WEBSITE_TYPES: ReadonlyArray<readonly [number, string]> = [
  [WebsiteType.HOMEPAGE, '主页'],
  [WebsiteType.BLOG, '博客'],
  [WebsiteType.PROFILE, '个人资料'],
  [WebsiteType.HOME, '住宅'],
  [WebsiteType.WORK, '工作'],
  [WebsiteType.FTP, 'FTP'],
  [WebsiteType.OTHER, '其他'],
  [WebsiteType.CUSTOM, '自定义'],
];

export function labelOf(types: ReadonlyArray<readonly [number, string]>, code: number): string {
  return types.find(([c]) => c === code)?.[1] ?? '其他';
}

/**
 * The type of a new row: the first of the kind's order that no row uses yet, so extra rows
 * cycle through the unused types (spec 001 §5); when all are used, the first again.
 */
export function nextType(types: ReadonlyArray<readonly [number, string]>, used: readonly number[]): number {
  const free = types.find(([c]) => !used.includes(c));
  return (free ?? types[0] ?? [0])[0];
}
