import {
  DRIVE_ROOT_NUMERIC_ID,
  DriveCode,
  DriveMsg,
  type NameConflictMode,
  RECYCLE_EMPTY_MAX,
} from '@phonecloud/shared';
import { sql } from 'kysely';
import type { AppDeps } from '../../http/context.js';
import { AppError, invalid } from '../../http/errors.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { type Face, folderMissing, nameExists, notFound } from './errors.js';
import { type Exec, FILE, FOLDER, type ItemRow, ItemsRepo, isUniqueViolation } from './items-repo.js';
import { cleanName, freeName, namePrefix } from './names.js';
import { Quota } from './quota.js';

/** @package */
export type NameMode = 'refuse' | 'auto_rename';

const isLiveChain = (chain: ItemRow[]) =>
  chain.length > 0 && chain.every((i) => i.trashed_at === null) && chain.at(-1)?.id === DRIVE_ROOT_NUMERIC_ID;

/**
 * The rules of the drive tree shared by both faces: folders, rename, move, recycle bin. Its parts
 * (items, quota, blob index) are the module's own: other modules use `Drive` (index.ts).
 * @package
 */
export class DriveService {
  readonly items: ItemsRepo;
  readonly quota: Quota;
  readonly blobIndex: BlobIndex;

  constructor(readonly deps: AppDeps) {
    this.items = new ItemsRepo(deps.db);
    this.quota = new Quota(deps);
    this.blobIndex = new BlobIndex(deps.db);
  }

  now() {
    return this.deps.clock.now();
  }

  /**
   * Tells the areas that listen (the photos' folder watch) that items came to be where they are;
   * only after the change is committed, and without waiting for them.
   */
  landed(userId: number, ids: readonly number[]): void {
    this.deps.events.emit('driveItemsLanded', { userId, ids });
  }

  /** Every drive call starts here: the drive and its root folder exist from then on (-2006 never for the root). */
  open(userId: number): Promise<void> {
    return this.items.ensureDrive(userId, this.now());
  }

  /**
   * A live item and the folders above it up to the root, nearest first; null when it is missing,
   * in the bin, or inside a folder that is.
   */
  async liveChain(userId: number, id: number, db: Exec = this.deps.db): Promise<ItemRow[] | null> {
    const chain = await this.items.chain(db, userId, id);
    return isLiveChain(chain) ? chain : null;
  }

  /** A live item (not in the bin, nor inside a folder that is), or "not found". */
  async liveItem(userId: number, id: number, db: Exec = this.deps.db): Promise<ItemRow> {
    const item = (await this.liveChain(userId, id, db))?.[0];
    if (!item) throw notFound();
    return item;
  }

  /** A live folder, or -2006. */
  async liveFolder(userId: number, id: number, db: Exec = this.deps.db): Promise<ItemRow> {
    const chain = await this.items.chain(db, userId, id);
    const item = chain[0];
    if (!item || item.kind !== FOLDER || !isLiveChain(chain)) throw folderMissing();
    return item;
  }

  /** Path of a live item from the root, e.g. "/照片/2024" ("/" for the root). */
  async pathOf(userId: number, id: number): Promise<string> {
    const chain = await this.items.chain(this.deps.db, userId, id);
    if (!isLiveChain(chain)) throw notFound();
    return `/${chain
      .slice(0, -1)
      .reverse()
      .map((i) => i.name)
      .join('/')}`;
  }

  /** The live item at a path such as "/照片/2024" (the older variant's infoByPath). */
  async byPath(userId: number, path: string): Promise<ItemRow> {
    let current = await this.liveItem(userId, DRIVE_ROOT_NUMERIC_ID);
    for (const part of path.split('/').filter((p) => p.length > 0)) {
      const next = await this.items.childByName(this.deps.db, userId, current.id, part.normalize('NFC'));
      if (!next) throw notFound();
      current = next;
    }
    return current;
  }

  /** The live item of that name in a folder, if any. */
  child(userId: number, parentId: number, name: string): Promise<ItemRow | undefined> {
    return this.items.childByName(this.deps.db, userId, parentId, name);
  }

  /**
   * Follows names from the root, one folder at a time (live items only): the item at the end, and
   * the live folder the last name is looked up in (null when a folder on the way is missing).
   */
  async walk(
    userId: number,
    names: readonly string[],
  ): Promise<{ item: ItemRow | null; parent: ItemRow | null }> {
    await this.open(userId);
    let current = (await this.items.get(this.deps.db, userId, DRIVE_ROOT_NUMERIC_ID)) ?? null;
    let parent: ItemRow | null = null;
    for (let i = 0; i < names.length; i++) {
      if (!current || current.kind !== FOLDER) return { item: null, parent: null };
      parent = current;
      current = (await this.child(userId, current.id, names[i] as string)) ?? null;
      if (!current) return { item: null, parent: i === names.length - 1 ? parent : null };
    }
    return { item: current, parent };
  }

  async createFolder(
    userId: number,
    parentId: number,
    rawName: unknown,
    face: Face,
    mode: NameMode = 'refuse',
  ): Promise<ItemRow> {
    let name = cleanName(rawName, 'folder');
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        return await this.deps.db.transaction().execute(async (trx) => {
          await this.liveFolder(userId, parentId, trx);
          const clash = await this.items.childByName(trx, userId, parentId, name);
          if (clash) {
            if (mode === 'refuse') throw folderExists(face);
            name = freeName(name, await this.items.namesLike(trx, userId, parentId, name), false);
          }
          const id = await this.items.allocIds(trx, userId, 1);
          const now = this.now();
          const row: ItemRow = {
            user_id: userId,
            id,
            parent_id: parentId,
            name,
            kind: FOLDER,
            size: 0,
            blob_key: null,
            created_at: now,
            updated_at: now,
            trashed_at: null,
          };
          await trx.insertInto('drive_items').values(row).execute();
          return row;
        });
      } catch (err) {
        // Another request took the name between the check and the insert: the index decided.
        if (!isUniqueViolation(err)) throw err;
        if (mode === 'refuse') throw folderExists(face);
      }
    }
    throw folderExists(face);
  }

  async rename(userId: number, id: number, rawName: unknown, face: Face): Promise<ItemRow> {
    const item = await this.liveItem(userId, id);
    if (item.parent_id === null) throw invalid(DriveMsg.ROOT_READONLY);
    const name = cleanName(rawName, item.kind === FOLDER ? 'folder' : 'file');
    if (name === item.name) return item;
    try {
      await this.deps.db
        .updateTable('drive_items')
        .set({ name, updated_at: this.now() })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err))
        throw nameExists(face === 'v2' ? DriveMsg.RENAME_EXISTS_V2 : DriveMsg.NAME_EXISTS);
      throw err;
    }
    // A client that uploads under a temporary name and renames at the end lands the file here.
    this.landed(userId, [id]);
    return { ...item, name, updated_at: this.now() };
  }

  /**
   * Moves an item into a folder. Checked inside one transaction that first takes the drive's row
   * lock, so two crossing moves (A into B, B into A) cannot both pass and make a cycle. A name
   * taken there is refused (-2003) unless `mode` keeps both or replaces (`NameConflictMode`).
   */
  async move(
    userId: number,
    id: number,
    targetId: number,
    newName?: unknown,
    mode: NameConflictMode = 'refuse',
  ): Promise<ItemRow> {
    try {
      const moved = await this.deps.db.transaction().execute(async (trx) => {
        await this.lockDrive(trx, userId);
        const item = await this.liveItem(userId, id, trx);
        if (item.parent_id === null) throw invalid(DriveMsg.ROOT_READONLY);
        if (targetId === item.id || targetId === item.parent_id) throw invalid(DriveMsg.MOVE_INTO_SELF);
        const target = await this.liveFolder(userId, targetId, trx);
        const chain = await this.items.chain(trx, userId, target.id);
        if (chain.some((c) => c.id === item.id)) {
          throw new AppError(DriveCode.SUBFOLDER_OR_TOO_LARGE, DriveMsg.MOVE_INTO_SUBFOLDER);
        }
        const wanted =
          newName === undefined ? item.name : cleanName(newName, item.kind === FOLDER ? 'folder' : 'file');
        const now = this.now();
        const name =
          mode === 'refuse'
            ? wanted
            : await this.settleClash(trx, userId, item, target.id, wanted, mode, now);
        await trx
          .updateTable('drive_items')
          .set({ parent_id: target.id, name, updated_at: now })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .execute();
        return { ...item, parent_id: target.id, name, updated_at: now };
      });
      this.landed(userId, [id]);
      return moved;
    } catch (err) {
      if (isUniqueViolation(err)) throw nameExists(DriveMsg.SAME_NAME_409);
      throw err;
    }
  }

  /**
   * Makes room for `name` in the folder: the item of that name goes to the bin when it is
   * replaced (same kind only), otherwise the moved item takes the first free "name(n)". Answers the
   * name to use.
   */
  private async settleClash(
    trx: Exec,
    userId: number,
    item: ItemRow,
    parentId: number,
    name: string,
    mode: 'auto_rename' | 'overwrite',
    now: number,
  ): Promise<string> {
    const clash = await this.items.childByName(trx, userId, parentId, name);
    if (!clash) return name;
    if (mode === 'overwrite' && clash.kind === item.kind) {
      await trx
        .updateTable('drive_items')
        .set({ trashed_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', clash.id)
        .execute();
      return name;
    }
    const isFile = item.kind === FILE;
    const taken = await this.items.namesLike(trx, userId, parentId, namePrefix(name, isFile));
    return freeName(name, taken, isFile);
  }

  /** Sets an item's modification time (a file as its client had it, so a later sync compares equal). */
  async setModified(userId: number, id: number, ms: number): Promise<void> {
    await this.deps.db
      .updateTable('drive_items')
      .set({ updated_at: ms })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /** To the recycle bin: only the item itself is marked; what it holds goes with it. */
  async trash(userId: number, id: number): Promise<void> {
    const item = await this.liveItem(userId, id);
    if (item.parent_id === null) throw invalid(DriveMsg.ROOT_READONLY);
    await this.deps.db
      .updateTable('drive_items')
      .set({ trashed_at: this.now() })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('trashed_at', 'is', null)
      .execute();
  }

  private async trashed(userId: number, id: number, db: Exec = this.deps.db): Promise<ItemRow> {
    const item = await this.items.get(db, userId, id);
    if (!item || item.trashed_at === null) throw notFound();
    return item;
  }

  /** Back to its former folder (the root when that folder is gone); -2003 when the name is taken there. */
  async restore(userId: number, id: number): Promise<ItemRow> {
    const item = await this.trashed(userId, id);
    const formerChain =
      item.parent_id === null ? [] : await this.items.chain(this.deps.db, userId, item.parent_id);
    const parentId = isLiveChain(formerChain) ? (item.parent_id as number) : DRIVE_ROOT_NUMERIC_ID;
    try {
      await this.deps.db
        .updateTable('drive_items')
        .set({ trashed_at: null, parent_id: parentId })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw nameExists(DriveMsg.RESTORE_EXISTS);
      throw err;
    }
    this.landed(userId, [id]);
    return { ...item, trashed_at: null, parent_id: parentId };
  }

  /** Deletes an item of the recycle bin for good, with everything inside it. */
  async purge(userId: number, id: number): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const item = await this.trashed(userId, id, trx);
      await this.deleteRows(trx, userId, [item, ...(await this.items.subtree(trx, userId, item.id))]);
    });
    // A photo whose bytes these files counted counts them itself from now on (the photos' watch).
    this.deps.events.emit('driveFilesPurged', { userId });
  }

  /** Empties the bin; refused above the spec's limit (the client deletes in batches then). */
  async emptyTrash(userId: number): Promise<number> {
    const count = await this.items.trashCount(userId);
    if (count > RECYCLE_EMPTY_MAX) throw new AppError(DriveCode.BATCH_TOO_LARGE, DriveMsg.EMPTY_LIMIT);
    const page = await this.items.trashPage(userId, RECYCLE_EMPTY_MAX, 0);
    for (const item of page) await this.purge(userId, item.id);
    return page.length;
  }

  /** Removes rows, gives their bytes back to the quota and drops their blob references. */
  async deleteRows(trx: Exec, userId: number, rows: ItemRow[]): Promise<void> {
    const now = this.now();
    let bytes = 0;
    const refs = new Map<string, number>();
    for (const r of rows) {
      if (r.kind !== FILE) continue;
      bytes += r.size;
      if (r.blob_key) refs.set(r.blob_key, (refs.get(r.blob_key) ?? 0) + 1);
    }
    const ids = rows.map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500) {
      await trx
        .deleteFrom('drive_items')
        .where('user_id', '=', userId)
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
    }
    for (const [key, times] of refs) await this.blobIndex.unref(trx, key, now, times);
    await this.quota.free(trx, userId, bytes);
  }

  /** Serialises structure changes of one drive (a row lock on PostgreSQL; SQLite has one writer). */
  async lockDrive(trx: Exec, userId: number): Promise<void> {
    await trx.updateTable('drives').set({ next_id: sql`next_id` }).where('user_id', '=', userId).execute();
  }
}

function folderExists(face: Face): AppError {
  return nameExists(face === 'v2' ? DriveMsg.FOLDER_EXISTS_V2 : DriveMsg.FOLDER_EXISTS_V1);
}
