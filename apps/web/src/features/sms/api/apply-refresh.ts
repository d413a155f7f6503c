import type { SmsConversation, SmsData, SmsItem } from '@phonecloud/shared';

/**
 * refresh.do's answer: the box's data for the conversations that changed, and the addresses of
 * those gone since the anchor (`removed`, the shared contract's SmsData field for refresh.do).
 */
export type SmsRefresh = SmsData & { removed?: string[] };

const newestFirst = (a: SmsConversation, b: SmsConversation) =>
  b.format_date - a.format_date || Number(b.server_id) - Number(a.server_id);

/** The addresses a refresh.do answer speaks for: the conversations it carries and those gone. */
export function changedAddresses(delta: SmsRefresh): Set<string> {
  return new Set([
    ...delta.collection_list.map((c) => c.format_address),
    ...delta.favourite_list.map((c) => c.format_address),
    ...(delta.removed ?? []),
  ]);
}

/**
 * The box after a refresh.do answer: each conversation it speaks for is replaced by what it
 * carries (in the favourites only while it still has a favourite; gone when `removed`), the rest
 * are kept, and both lists are newest first again.
 */
export function applyRefresh(box: SmsData, delta: SmsRefresh): SmsData {
  const changed = changedAddresses(delta);
  const keep = (c: SmsConversation) => !changed.has(c.format_address);
  const sms_list: Record<string, SmsItem> = {};
  for (const [id, sms] of Object.entries(box.sms_list)) {
    if (!changed.has(sms.content.format_address)) sms_list[id] = sms;
  }
  Object.assign(sms_list, delta.sms_list);
  return {
    sync_version: delta.sync_version,
    sms_list,
    collection_list: [...box.collection_list.filter(keep), ...delta.collection_list].sort(newestFirst),
    favourite_list: [...box.favourite_list.filter(keep), ...delta.favourite_list].sort(newestFirst),
    contactIcon_list: { ...box.contactIcon_list, ...delta.contactIcon_list },
  };
}
