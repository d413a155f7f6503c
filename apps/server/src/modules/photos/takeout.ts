import { stringify } from 'csv-stringify/sync';
import { madeEntry, type TakeoutPart } from '../../platform/takeout-part.js';
import { AlbumsRepo } from './albums-repo.js';
import { safeName, uniqueIn } from './names.js';
import { type PhotoRow, PhotosRepo } from './repo.js';

/** The camera's wall clock (kept as UTC): `2024-05-01 08:30:00`. */
const wallClock = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Each kept photo's path in the folder: by the year and month it was taken. */
function pathsOf(rows: readonly PhotoRow[]): Map<number, string> {
  const taken = new Set<string>();
  const paths = new Map<number, string>();
  for (const r of rows) {
    const d = new Date(r.taken_at);
    const folder = `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    paths.set(r.id, uniqueIn(taken, folder, safeName(r.name)));
  }
  return paths;
}

const HEADER = [
  '文件',
  '拍摄时间',
  '地点',
  '纬度',
  '经度',
  '相机',
  '镜头',
  '宽',
  '高',
  '时长（秒）',
  '收藏',
  '相册',
  '实况照片的另一半',
];

function listRows(rows: readonly PhotoRow[], paths: Map<number, string>, albums: Map<number, string[]>) {
  return rows.map((r) => [
    paths.get(r.id) ?? '',
    wallClock(r.taken_at),
    r.place ?? '',
    r.latitude ?? '',
    r.longitude ?? '',
    [r.make, r.model].filter(Boolean).join(' '),
    r.lens ?? '',
    r.width ?? '',
    r.height ?? '',
    r.duration_ms === null ? '' : (r.duration_ms / 1000).toFixed(1),
    r.favourite ? '是' : '',
    (albums.get(r.id) ?? []).join('；'),
    r.live_pair_id === null ? '' : (paths.get(r.live_pair_id) ?? ''),
  ]);
}

/** The photos' folder of 导出全部数据: every original not in the bin, and a list of what it is. */
export const photosTakeout: TakeoutPart = {
  folder: '相册',
  readme: [
    {
      path: '',
      text: '相册中的全部照片和视频（回收站中的除外），原件，按拍摄的年/月分文件夹存放',
    },
    {
      path: 'photos.csv',
      text: '每个文件的拍摄时间、地点与坐标、相机与镜头、尺寸、时长、收藏、所在相册与实况照片的配对，CSV（UTF-8）格式：可用 Excel、WPS 或 LibreOffice 打开',
    },
  ],
  async estimate(deps, userId) {
    return (await new PhotosRepo(deps.db).keptAll(userId)).reduce((sum, r) => sum + r.size, 0);
  },
  async *entries(deps, userId, now) {
    const rows = await new PhotosRepo(deps.db).keptAll(userId);
    if (rows.length === 0) return;
    const paths = pathsOf(rows);
    const albums = new Map<number, string[]>();
    for (const m of await new AlbumsRepo(deps.db).memberships(userId))
      albums.set(m.photo_id, [...(albums.get(m.photo_id) ?? []), m.name]);
    // UTF-8 with a BOM: Excel reads Chinese right only with it.
    const list = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(stringify([HEADER, ...listRows(rows, paths, albums)], { record_delimiter: 'windows' })),
    ]);
    yield madeEntry('photos.csv', new Date(now), () => [list]);
    for (const r of rows) {
      const key = r.sha256;
      // Stored as they are: pictures and videos are compressed already.
      yield {
        name: paths.get(r.id) ?? safeName(r.name),
        size: r.size,
        mtime: new Date(r.taken_at),
        compress: false,
        open: () => deps.blobs.get(key),
      };
    }
  },
};
