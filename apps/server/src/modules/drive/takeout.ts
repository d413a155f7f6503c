import { DRIVE_ROOT_NUMERIC_ID } from '@phonecloud/shared';
import type { TakeoutPart } from '../../platform/takeout-part.js';
import { FILE, ItemsRepo } from './items-repo.js';

/** The live items under the root with their paths (the recycle bin's are not the drive's files). */
const liveTree = (deps: Parameters<TakeoutPart['estimate']>[0], userId: number) =>
  new ItemsRepo(deps.db).subtree(deps.db, userId, DRIVE_ROOT_NUMERIC_ID);

/** The drive's folder of 导出全部数据: every file in its folders, byte for byte. */
export const driveTakeout: TakeoutPart = {
  folder: '网盘',
  readme: [
    {
      path: '',
      text: '网盘中的全部文件，按原来的文件夹存放，内容与网盘中的完全相同（回收站中的文件不包含在内）',
    },
  ],
  async estimate(deps, userId) {
    return (await liveTree(deps, userId)).reduce((sum, i) => sum + (i.kind === FILE ? i.size : 0), 0);
  },
  async *entries(deps, userId) {
    // One row per item, paths and all: the tree's rows are small beside the bytes they name.
    for (const item of await liveTree(deps, userId)) {
      const mtime = new Date(item.updated_at);
      const key = item.blob_key;
      if (item.kind !== FILE) {
        yield { name: `${item.path}/`, size: 0, mtime, open: () => Promise.reject(new Error('a folder')) };
      } else if (key) {
        // Stored as they are: phone files are mostly compressed already (photos, videos, archives).
        yield { name: item.path, size: item.size, mtime, compress: false, open: () => deps.blobs.get(key) };
      }
    }
  },
};
