/**
 * Service ids of the member navigation list (spec: contacts 1, notes 4, SMS 8, drive 14; the
 * calendar's 2 is the product's own: the spec's portal has no calendar screen).
 */
export const ServiceId = { CONTACTS: 1, CALENDAR: 2, NOTES: 4, SMS: 8, DRIVE: 14 } as const;
export type ServiceIdValue = (typeof ServiceId)[keyof typeof ServiceId];
export const ALL_SERVICE_IDS: readonly ServiceIdValue[] = [
  ServiceId.CONTACTS,
  ServiceId.CALENDAR,
  ServiceId.NOTES,
  ServiceId.SMS,
  ServiceId.DRIVE,
];
/** Names the header's navigation list and the home tiles show. */
export const ServiceName: Readonly<Record<ServiceIdValue, string>> = {
  [ServiceId.CONTACTS]: '通讯录',
  [ServiceId.CALENDAR]: '日历',
  [ServiceId.NOTES]: '便签',
  [ServiceId.SMS]: '短信',
  [ServiceId.DRIVE]: '云盘',
};

/** Skins 01-05, default 05; each carries the classes the portal applies. */
export const SKIN_IDS = ['01', '02', '03', '04', '05'] as const;
export type SkinId = (typeof SKIN_IDS)[number];
export const DEFAULT_SKIN: SkinId = '05';
export function skinContent(skin: SkinId): { skin: SkinId; btn_class: string; body_class: string } {
  return { skin, btn_class: `btn-skin-${skin}`, body_class: `body-skin-${skin}` };
}
export function isSkinId(value: unknown): value is SkinId {
  return typeof value === 'string' && (SKIN_IDS as readonly string[]).includes(value);
}

/**
 * Gated areas: each has a check screen `/{area}.check` and a verification scope. The calendar's
 * (`/calendar.check`, the product's own) is the contacts' gate: the main scope.
 */
export const GATED_AREAS = ['contact', 'calendar', 'sms', 'note', 'find', 'alipan', 'pan'] as const;
export type GatedArea = (typeof GATED_AREAS)[number];
/** What each gate names in its prompt. */
export const GatedAreaName: Readonly<Record<GatedArea, string>> = {
  contact: '通讯录',
  calendar: '日历',
  sms: '短信',
  note: '便签',
  find: '查找手机',
  alipan: '云盘',
  pan: '云盘',
};
export type VerifyScope = 'main' | 'finder';
export function scopeOfArea(area: GatedArea): VerifyScope {
  return area === 'find' ? 'finder' : 'main';
}
