/**
 * Share links of the drive (分享): the owner's calls in each face's style, the one public call set
 * the share page uses for links of both faces, their numbers and Chinese texts.
 */
export const ShareApi = {
  // newer variant (`/alipan`): POST JSON with the drive token, as the rest of /v2
  v2Create: '/v2/share_link/create',
  v2List: '/v2/share_link/list',
  v2Cancel: '/v2/share_link/cancel',
  // older variant (`/pan`): cookie session plus the drive session of refreshYun.do
  v1Create: '/v1/share/set.json',
  v1List: '/v1/share/record.json',
  v1Cancel: '/v1/share/cancel.json',
  // public, no account: the page at `/s/<share_id>` and its calls (POST JSON, `X-Share-Token`)
  page: '/s/',
  info: '/share/info',
  token: '/share/token',
  list: '/share/list',
  downloadUrl: '/share/download_url',
  zipUrl: '/share/zip_url',
  /** Signed file download of a share (the `url` of download_url). */
  file: '/share/file',
  /** Signed zip of a share (the `url` of zip_url). */
  zip: '/share/zip',
  /** A file shown in the page (the drive's preview rules: inline, sandboxed, text as UTF-8). */
  previewUrl: '/share/preview_url',
  preview: '/share/preview',
} as const;

/** The header that carries the visit token of `/share/token` on the other public calls. */
export const SHARE_TOKEN_HEADER = 'x-share-token';

/** The extraction code (提取码): 4 letters or digits; case does not count (stored lower-case). */
export const SHARE_CODE_LENGTH = 4;
export const SHARE_CODE_PATTERN = /^[0-9A-Za-z]{4}$/;
/** Random codes avoid the characters people misread (0/o, 1/l). */
export const SHARE_CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Expiry choices in days; 0 is "never". */
export const SHARE_EXPIRY_DAYS = [1, 7, 30, 0] as const;
export type ShareExpiryDays = (typeof SHARE_EXPIRY_DAYS)[number];
export const SHARE_DEFAULT_EXPIRY_DAYS: ShareExpiryDays = 7;

/** Items one share may name (each with everything inside it). */
export const SHARE_ITEMS_MAX = 100;
/** Shares per page of the owner's list. */
export const SHARE_LIST_PAGE_SIZE = 100;
/** Items per page of a shared folder on the public page. */
export const SHARE_FOLDER_PAGE_SIZE = 100;

/** Wrong codes per link within the window before the link stops taking codes for a while. */
export const SHARE_CODE_FAILURES_PER_LINK = 10;
export const SHARE_CODE_LINK_WINDOW_MINUTES = 10;
/** Wrong codes per address (any link) within the window. */
export const SHARE_CODE_FAILURES_PER_ADDRESS = 30;
export const SHARE_CODE_ADDRESS_WINDOW_MINUTES = 60;
/** Minutes the visit token of a right code lasts (the page asks again after). */
export const SHARE_TOKEN_TTL_MINUTES = 120;
/** Cancelled or expired shares stay listed this many days, then go (their link then reads "not found"). */
export const SHARE_RECORD_RETENTION_DAYS = 30;

/** Codes of the share calls (the drive's range, the spec names none). */
export const ShareCode = {
  NOT_FOUND: -2101,
  CANCELLED: -2102,
  EXPIRED: -2103,
  CODE_WRONG: -2104,
  CODE_LOCKED: -2105,
  /** The visit token is missing, forged or expired: ask for the code again. */
  VISIT_EXPIRED: -2106,
  /** The item is not (or no longer) inside the share: moved out, deleted, or never in it. */
  ITEM_GONE: -2107,
  CODE_FORMAT: -2108,
  TOO_MANY_ITEMS: -2109,
} as const;

export const ShareMsg = {
  NOT_FOUND: '啊哦，你所访问的页面不存在了',
  CANCELLED: '啊哦，你来晚了，分享的文件已经被取消了',
  EXPIRED: '啊哦，来晚了，该分享文件已过期',
  CODE_WRONG: '提取码错误',
  CODE_REQUIRED: '请输入提取码',
  CODE_FORMAT: '提取码为4位数字或字母',
  CODE_LOCKED: '提取码错误次数过多，请稍后再试',
  VISIT_EXPIRED: '访问已过期，请重新输入提取码',
  ITEM_GONE: '文件不存在或已被删除',
  ALL_GONE: '分享的文件已被删除或移走',
  TOO_MANY_ITEMS: `单次分享限制${SHARE_ITEMS_MAX}个文件,请重新选择文件！`,
  NOTHING_SELECTED: '请选择要分享的文件',
  ROOT: '不能分享全部文件',
  NET_CREATE: '创建分享失败，请重试!',
  NET_LIST: '分享列表加载失败，请重试!',
  NET_CANCEL: '取消分享失败，请重试!',
  NET_OPEN: '打开分享失败，请重试!',
  /** A shared file whose stored bytes the store check found changed (HTTP 409, product text). */
  FILE_DAMAGED: '该文件内容已损坏，暂时无法预览或下载，请联系分享者重新上传',
} as const;

export type ShareStatus = 'valid' | 'expired' | 'cancelled';

/** A share as the newer variant's calls answer it. */
export interface V2Share {
  share_id: string;
  share_url: string;
  /** '' when the share takes no code. */
  share_pwd: string;
  share_name: string;
  file_id_list: string[];
  /** ISO 8601, '' for never. */
  expiration: string;
  expire_days: ShareExpiryDays;
  created_at: string;
  status: ShareStatus;
  view_count: number;
  download_count: number;
}

/** A share as the older variant's calls answer it. */
export interface V1Share {
  shareId: string;
  link: string;
  /** '' when the share takes no code. */
  pwd: string;
  typicalName: string;
  fids: number[];
  /** 1, 7, 30, or 0 for never. */
  period: ShareExpiryDays;
  /** ms; 0 for never. */
  expiredTime: number;
  ctime: number;
  status: ShareStatus;
  viewCount: number;
  downloadCount: number;
}

export interface V1ShareRecord {
  list: V1Share[];
  total: number;
  page: number;
  size: number;
}

/** `/share/info`: what the page shows before the code. */
export interface SharePublicInfo {
  share_id: string;
  has_pwd: boolean;
  /** ISO 8601, '' for never. */
  expiration: string;
  file_count: number;
}

export interface ShareVisit {
  share_token: string;
  expires_in: number;
  share_name: string;
}

/** One item on the public page: ids are the drive's, reachable only through the share. */
export interface SharePublicItem {
  file_id: string;
  name: string;
  type: 'folder' | 'file';
  size: number;
  updated_at: string;
  /**
   * Present (true) when the store check found the file's stored bytes changed: its preview and
   * download answer HTTP 409 with `ShareMsg.FILE_DAMAGED` until the owner uploads it again.
   */
  damaged?: true;
}

export interface SharePublicList {
  items: SharePublicItem[];
  next_marker: string;
  /** The folders from the share's top down to the listed one (empty at the top). */
  path: Array<{ file_id: string; name: string }>;
}

/** `?pwd=` on a copied link fills the code in (as the common drives' links do). */
export function shareLink(origin: string, shareId: string): string {
  return `${origin}${ShareApi.page}${shareId}`;
}

/** What "copy link" puts on the clipboard: the link, and the code when there is one. */
export function shareClipboardText(origin: string, shareId: string, pwd: string): string {
  const link = shareLink(origin, shareId);
  return pwd ? `链接: ${link}?pwd=${pwd} 提取码: ${pwd}` : `链接: ${link}`;
}

/** The code rule the server applies: 4 letters or digits, compared without case. */
export function normalizeShareCode(raw: string): string | null {
  const code = raw.trim();
  return SHARE_CODE_PATTERN.test(code) ? code.toLowerCase() : null;
}

/** The share screens' words (both faces and the public page); the errors are ShareMsg's. */
export const ShareText = {
  SHARE: '分享',
  MY_SHARES: '我的分享',
  /** Newer face's dialog title; the older face names what is shared. */
  TITLE_V2: '分享文件',
  titleV1: (name: string, n: number) => `分享文件(夹):${n > 1 ? `${name}等${n}个文件` : name}`,
  EXPIRY: '有效期',
  EXPIRY_NAMES: { 1: '1天', 7: '7天', 30: '30天', 0: '永久有效' } as Record<ShareExpiryDays, string>,
  CODE: '提取码',
  CODE_RANDOM: '系统随机生成提取码',
  CODE_CUSTOM: '我想自己设置提取码',
  CODE_NONE: '不设置提取码',
  CODE_PLACEHOLDER: '请输入4位数字或字母',
  CODE_HINT: '提取码不区分大小写',
  CREATE_V2: '创建分享',
  CREATE_V1: '创建链接',
  CREATED_V2: '分享链接已创建',
  CREATED_V1: '成功创建私密链接',
  CREATED_PUBLIC: '成功创建公开链接',
  LINK: '链接',
  COPY_V2: '复制链接',
  COPY_V1: '复制链接及提取码',
  COPY: '复制链接',
  COPIED: '复制成功',
  COPY_FAILED: '复制失败，请手动复制',
  CLOSE: '关闭',
  CANCEL_SHARE: '取消分享',
  CANCEL_TITLE: '取消分享',
  cancelConfirm: (n: number) => `确定取消选中的${n}个分享吗？取消后链接将失效，访问者将无法再查看。`,
  CANCELLED_OK: '已取消分享',
  COL_NAME: '分享文件',
  COL_CREATED: '分享时间',
  COL_STATUS: '有效期',
  COL_VIEWS: '浏览',
  COL_DOWNLOADS: '下载',
  STATUS_CANCELLED: '已取消',
  STATUS_EXPIRED: '已过期',
  FOREVER: '永久有效',
  daysLeft: (n: number) => `${n}天后过期`,
  hoursLeft: (n: number) => `${n}小时后过期`,
  counts: (views: number, downloads: number) => `浏览${views}次 · 下载${downloads}次`,
  EMPTY: '还没有分享过文件',
  REFRESH: '刷新',
  // the public page
  PAGE_TITLE: '分享的文件',
  ENTER_CODE: '请输入提取码',
  OPEN: '提取文件',
  ALL: '全部文件',
  DOWNLOAD: '下载',
  DOWNLOAD_SELECTED: '下载所选',
  expiresAt: (date: string) => `${date} 失效`,
  NEVER_EXPIRES: '永久有效',
  fileCount: (n: number) => `共${n}个文件/文件夹`,
  EMPTY_FOLDER: '文件夹为空',
  PREVIEW: '预览',
  CANNOT_PREVIEW: '该文件暂不支持在线预览，请下载后查看',
  PREVIEW_FAILED: '预览加载失败，请下载后查看',
  encoding: (name: string) => `编码：${name}`,
  LOADING: '加载中…',
  TO_PORTAL: '前往手机云服务',
  selected: (n: number) => `已选中${n}个文件/文件夹`,
} as const;
