/** Texts of the sync calls and the portal's held-sync banner (the product's own; the spec has none). */
export const SyncMsg = {
  HELD: '本次同步将删除大量数据，已暂停，请在网页端确认后再同步',
  REFUSED: '网页端已拒绝本次同步的删除，请重新从云端恢复数据',
  NOT_FOUND: '同步的数据不存在或不属于当前账号',
  BATCH_TOO_LARGE: '单次同步的数据过多，请分批同步',
  BATCH_ID_INVALID: '同步批次编号无效',
  AREA_INVALID: '不支持的同步类型',
  ANCHOR_INVALID: '同步锚点无效，请重新同步',
  CHANGE_INVALID: '同步数据格式错误',
  HELD_NOT_FOUND: '该同步已处理或不存在，请刷新后重试',
  /** The portal banner: `{count}` deletes of `{total}` items from `{device}`. */
  BANNER: '手机“{device}”的同步将删除 {count} 条数据（共 {total} 条），已暂停。',
  BANNER_APPLY: '确认删除',
  BANNER_REFUSE: '拒绝并保留云端数据',
  APPLIED: '已按手机同步删除',
  REFUSED_DONE: '已拒绝，云端数据已保留',
  /** Appended to the summary of a calendar event's conflict copy (as notes do for their titles). */
  CONFLICT_SUFFIX: '（冲突副本）',
} as const;

/** The banner text with its numbers filled in. */
export function syncBannerText(device: string, count: number, total: number): string {
  return SyncMsg.BANNER.replace('{device}', device)
    .replace('{count}', String(count))
    .replace('{total}', String(total));
}

/** The data sets by name, as the phone client prints them and a banner names one (the calendar's on the contacts screen). */
export const SYNC_AREA_NAMES = {
  contacts: '联系人',
  sms: '短信',
  notes: '便签',
  calendar: '日程',
} as const;
