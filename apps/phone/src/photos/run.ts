import path from 'node:path';
import type { DeviceApiClient } from '../api.js';
import { type BackupReport, backupOnce } from './backup.js';
import { freeable, freeUp } from './free.js';
import { PhotosStateFile } from './state.js';

export interface PhotosCommand {
  api: DeviceApiClient;
  /** The phone's folder (state.json and photos-state.json). */
  dir: string;
  /** The camera roll backed up. */
  folder: string;
  log: (line: string) => void;
  /** 0: one round; else a round every this many ms (new files as they appear) until stopped. */
  everyMs: number;
  parallel?: number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function summary(r: BackupReport): string {
  const parts = [`新上传 ${r.uploaded} 个`, `已在云端 ${r.present} 个`];
  if (r.failed) parts.push(`失败 ${r.failed} 个`);
  if (r.deletedHere) parts.push(`随手机删除 ${r.deletedHere} 个`);
  return `照片备份：${parts.join('，')}`;
}

/** `phone photos backup`: exit 0 done, 1 a file failed, 3 signed out. */
export async function photosBackup(c: PhotosCommand): Promise<number> {
  const folder = path.resolve(c.folder);
  const stateFile = new PhotosStateFile(c.dir);
  const stopper = new AbortController();
  const stop = () => stopper.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  c.log(`开始备份照片：${folder}`);
  let code = 0;
  for (;;) {
    const r = await backupOnce({ api: c.api, folder, stateFile, log: c.log, parallel: c.parallel });
    if (r.signedOut) {
      c.log('设备已退出登录，请重新登录');
      return 3;
    }
    if (r.uploaded || r.failed || r.deletedHere || !c.everyMs) c.log(summary(r));
    code = r.failed ? 1 : 0;
    if (!c.everyMs || stopper.signal.aborted) break;
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, c.everyMs);
      const wake = () => {
        clearTimeout(t);
        resolve();
      };
      stopper.signal.addEventListener('abort', wake, { once: true });
    });
    if (stopper.signal.aborted) break;
  }
  return code;
}

/** `phone photos free [--remove]`: lists what is safely in the cloud, removes it when asked. */
export async function photosFree(c: PhotosCommand & { remove: boolean }): Promise<number> {
  const folder = path.resolve(c.folder);
  const stateFile = new PhotosStateFile(c.dir);
  const files = await freeable(c.api, folder, stateFile);
  for (const f of files) c.log(`已在云端 ${f.rel}（${mb(f.size)}）`);
  const total = files.reduce((s, f) => s + f.size, 0);
  if (!c.remove) {
    c.log(`可释放 ${files.length} 个文件，共 ${mb(total)}；加 --remove 从手机删除（云端保留）`);
    return 0;
  }
  const freed = await freeUp(stateFile, folder, files);
  c.log(`已从手机删除 ${files.length} 个文件，释放 ${mb(freed)}（云端保留）`);
  return 0;
}
