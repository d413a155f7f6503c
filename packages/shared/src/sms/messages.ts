/** Texts of the SMS area: the spec's to the letter, the product's own marked as such. */
export const SmsMsg = {
  // spec 001 §8
  NET_LIST: '获取短信列表失败，请重试!',
  NET_REFRESH: '刷新短信失败，请重试!',
  NOT_FOUND: '短信不存在',
  FAVOURITE_ON: '已收藏',
  FAVOURITE_OFF: '已取消收藏',
  EXPORT_EMPTY: '暂无短信信息,无导出数据！',
  DOWNLOAD_FAILED: '下载失败，请重试或者刷新！',
  NET_SERVER: '请求服务器失败,请重试！',

  // product texts (the spec leaves these "not shown")
  STALE_SYNC: '短信已在别处更新，请刷新后重试',
  BAD_REQUEST: '请求参数不正确',
  FULL_RELOAD: '短信已更新，请重新加载',
  DELETE_CONFIRM: '确定删除该会话的全部短信吗？删除后无法恢复。',
  DELETED: '会话已删除',
  MESSAGE_DELETE_CONFIRM: '确定删除这条短信吗？删除后无法恢复。',
  MESSAGE_DELETED: '短信已删除',
  PICK_CONVERSATION: '请点击左侧会话查看短信',
  EMPTY_BOX: '暂无短信',
  EMPTY_FAVOURITES: '暂无收藏的短信',
  // Spec 001 §5: contacts without a nickname get a prompt to set one in the phone account centre.
  NO_NICKNAME: '您还没有设置昵称，请在手机帐号中心设置昵称',
  EXPORT_TITLE: '导出短信',
  EXPORT_HINT: '导出为 SMS Backup & Restore 格式（XML），可在安卓手机上恢复',
  /** A picture's stored bytes were found changed by the store check (HTTP 409, product text). */
  PICTURE_DAMAGED: '彩信图片已损坏，无法打开，请联系管理员从备份恢复',
} as const;

/** Search result counts (product wording). */
export function foundSmsNames(n: number): string {
  return `联系人（${n}）`;
}
export function foundSmsBodies(n: number): string {
  return `短信内容（${n}）`;
}
/** The export file's name (product text). */
export function smsExportFileName(stamp: string): string {
  return `短信_${stamp}.xml`;
}
