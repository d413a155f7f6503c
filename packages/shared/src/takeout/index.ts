/**
 * 导出全部数据 (the account centre's takeout): one zip of every area's data, built in the
 * background, kept TAKEOUT_KEEP_DAYS for its download. Both the start and the download need a
 * fresh second verification (the main scope, as deleting the account does).
 */
export const TakeoutApi = {
  /** Starts a takeout (POST, no body): answers the job; the running one when there is one. */
  start: '/takeout/start.do',
  /** The newest takeout of the signed-in user (GET): `{ job: TakeoutJob | null }`. */
  status: '/takeout/status.do',
  /** The zip of a ready takeout: `${file}/:id` (GET, Range). */
  file: '/takeout/file',
} as const;

/** Days a finished takeout stays downloadable. */
export const TAKEOUT_KEEP_DAYS = 7;

/** How often the web asks for a running takeout's progress. */
export const TAKEOUT_POLL_MS = 1500;

export const TakeoutState = { RUNNING: 'running', READY: 'ready', FAILED: 'failed' } as const;
export type TakeoutStateValue = (typeof TakeoutState)[keyof typeof TakeoutState];

/** A takeout as the web shows it; `done`/`total` are bytes of the data read so far and in all (an estimate until it is ready). */
export interface TakeoutJob {
  id: string;
  state: TakeoutStateValue;
  done: number;
  total: number;
  /** The zip's size once ready. */
  size: number | null;
  name: string;
  created_at: number;
  /** When the ready file goes (ms); null while running or after a failure. */
  expires_at: number | null;
  /** The download's path (`${TakeoutApi.file}/${id}`) once ready. */
  file_path: string | null;
  /** Why it failed (Chinese), for a failed one. */
  error: string | null;
}

export const TakeoutMsg = {
  TITLE: '导出全部数据',
  INTRO:
    '把联系人、短信、笔记、日程、查找手机记录和网盘文件打包成一个 zip 文件，在后台生成，完成后可下载，文件保留 7 天。开始导出和下载都需要先进行身份验证。',
  START: '开始导出',
  START_AGAIN: '重新导出',
  RUNNING: '正在生成导出文件…',
  READY: '导出文件已生成',
  DOWNLOAD: '下载',
  FAILED: '导出失败，请重新导出',
  /** A job its process left behind (the server stopped while building it). */
  INTERRUPTED: '导出被中断（服务器重启），请重新导出',
  NOT_FOUND: '导出文件不存在或已过期',
  SIZE: '文件大小',
  EXPIRES: '有效期至',
  NONE: '还没有导出过数据',
} as const;

/** The zip's name for a takeout started at `stamp` (yyyyMMdd_HHmmss, Beijing time). */
export const takeoutFileName = (stamp: string) => `全部数据_${stamp}.zip`;
