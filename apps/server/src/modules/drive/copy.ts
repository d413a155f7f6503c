import type { Db } from '../../db/index.js';
import { nameExists } from './errors.js';
import { FILE, FOLDER, type ItemRow, isUniqueViolation } from './items-repo.js';
import { cleanName } from './names.js';
import type { DriveService } from './service.js';

/**
 * A copy would make more items than the caller allows: nothing was copied.
 * @package
 */
export class TooManyToCopy extends Error {
  constructor() {
    super('too many items');
  }
}

/** @package */
export interface CopyOptions {
  /** A folder alone, without what it holds. */
  shallow: boolean;
  /** At most this many new items (the copy and everything in it). */
  maxItems: number;
  /**
   * Runs inside the copy's transaction with each original's id and its copy's, so that what the
   * caller keeps beside an item comes along all or nothing.
   */
  alongside?: (trx: Db, ids: ReadonlyMap<number, number>) => Promise<void>;
}

/** The rows of the copy: new ids, the top one under its new name in `parentId`. */
function copyRows(
  userId: number,
  sources: ItemRow[],
  ids: Map<number, number>,
  parentId: number,
  name: string,
  now: number,
): ItemRow[] {
  return sources.map((s, i) => ({
    user_id: userId,
    id: ids.get(s.id) as number,
    parent_id: i === 0 ? parentId : (ids.get(s.parent_id as number) as number),
    name: i === 0 ? name : s.name,
    kind: s.kind,
    size: s.kind === FILE ? s.size : 0,
    blob_key: s.kind === FILE ? s.blob_key : null,
    created_at: now,
    updated_at: s.kind === FILE ? s.updated_at : now,
    trashed_at: null,
  }));
}

/**
 * Copies an item (a folder with everything in it unless `shallow`) into a live folder under a
 * name: files share their stored bytes (content addressing, one more reference each), the space
 * is taken from the quota. One transaction: all or nothing. A name taken meanwhile is -2003.
 * @package
 */
export async function copyItem(
  drive: DriveService,
  userId: number,
  source: ItemRow,
  parentId: number,
  rawName: unknown,
  opts: CopyOptions,
): Promise<ItemRow> {
  const db = drive.deps.db;
  const name = cleanName(rawName, source.kind === FOLDER ? 'folder' : 'file');
  const tree =
    source.kind === FOLDER && !opts.shallow ? await drive.items.subtree(db, userId, source.id) : [];
  if (tree.length + 1 > opts.maxItems) throw new TooManyToCopy();
  // Read before the transaction: on SQLite the transaction holds the only connection.
  const total = await drive.quota.total(userId);
  try {
    const copy = await db.transaction().execute(async (trx) => {
      await drive.lockDrive(trx, userId);
      await drive.liveFolder(userId, parentId, trx);
      const first = await drive.items.allocIds(trx, userId, tree.length + 1);
      const ids = new Map<number, number>([[source.id, first]]);
      tree.forEach((t, i) => {
        ids.set(t.id, first + 1 + i);
      });
      const now = drive.now();
      const rows = copyRows(userId, [source, ...tree], ids, parentId, name, now);
      const bytes = rows.reduce((sum, r) => sum + (r.kind === FILE ? r.size : 0), 0);
      await drive.quota.addUsed(trx, userId, bytes, total);
      for (const r of rows) {
        if (r.kind !== FILE || !r.blob_key) continue;
        if (!(await drive.blobIndex.refExisting(trx, r.blob_key, now))) {
          throw new Error(`blob ${r.blob_key} is gone`);
        }
      }
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('drive_items')
          .values(rows.slice(i, i + 200))
          .execute();
      }
      await opts.alongside?.(trx, ids);
      return rows[0] as ItemRow;
    });
    drive.landed(userId, [copy.id]);
    return copy;
  } catch (err) {
    if (isUniqueViolation(err)) throw nameExists();
    throw err;
  }
}
