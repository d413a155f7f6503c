/**
 * Texts of the text-messages screens that the spec does not give to the letter. The spec's own
 * texts (and the product's shared ones) live in @phonecloud/shared (SmsMsg).
 */
export const T = {
  tabMessages: '短信',
  tabFavourites: '收藏',
  searchPlaceholder: '搜索联系人、号码或短信内容',
  back: '返回',
  backToList: '返回列表',
  results: '搜索结果',
  noResults: '没有找到相关短信',
  moreResults: '加载更多',
  export: '导出短信',
  startExport: '开始导出',
  exportStarted: '导出文件已开始下载',
  delete: '删除会话',
  deleteMessage: '删除短信',
  deleteMessageItem: '删除',
  cancel: '取消',
  favourite: '收藏',
  unfavourite: '取消收藏',
  messageActions: '短信操作',
  count: (n: number) => `${n} 条`,
  loadingOlder: '正在加载更早的短信…',
  start: '已是最早的短信',
  openContact: '查看联系人',
  picture: '[图片]',
  retry: '重新加载',
} as const;

/** Tabs of the list (spec 001 §2: messages 1, favourites 2); also refresh.do's `flag`. */
export const SmsTab = { messages: 1, favourites: 2 } as const;
export type SmsTabValue = (typeof SmsTab)[keyof typeof SmsTab];
