import { Readable } from 'node:stream';
import { DRIVE_ROOT_NUMERIC_ID, DriveCode, V2_PART_SIZE, WEBDAV_COPY_MAX_ITEMS } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import type { AppError } from '../../http/errors.js';
import { BlobTooLargeError } from '../../storage/blob-store.js';
import { FILE, FOLDER, type ItemRow, isUniqueViolation } from '../drive/items-repo.js';
import { cleanName } from '../drive/names.js';
import { DriveService } from '../drive/service.js';
import { quotaExceeded } from '../drive/upload/quota.js';
import { type Finished, type NewUpload, Uploads } from '../drive/upload/uploads.js';
import { DavError } from './errors.js';
import { type IfList, parseIfHeader, submittedTokens } from './if-header.js';
import { etagOf } from './live-props.js';
import { type LockRow, LocksRepo } from './locks.js';
import { destinationOf, hrefOf, lockPathOf, type Segments } from './paths.js';
import { PropsRepo } from './props.js';

/** A request path resolved in the drive: the item there (if any) and the folder that holds it. */
export interface Resolved {
  segments: Segments;
  item: ItemRow | null;
  /** The live folder the last segment is looked up in; null when that folder is missing. */
  parent: ItemRow | null;
}

/**
 * The drive as WebDAV sees it. Every rule of the tree (names, same-name conflicts, quota, the
 * recycle bin, moves into a subfolder) is the drive module's: this class maps paths to items and
 * WebDAV's verbs to the drive's operations, and adds what WebDAV has and the drive has not
 * (dead properties, locks, conditional requests).
 */
export class WebDavService {
  readonly drive: DriveService;
  readonly uploads: Uploads;
  readonly locks: LocksRepo;
  readonly props: PropsRepo;

  constructor(readonly deps: AppDeps) {
    this.drive = new DriveService(deps);
    this.uploads = new Uploads(this.drive);
    this.locks = new LocksRepo(deps.db);
    this.props = new PropsRepo(deps.db);
  }

  now() {
    return this.deps.clock.now();
  }

  /** Walks the path from the root folder, one name at a time (live items only). */
  async resolve(userId: number, segments: Segments): Promise<Resolved> {
    await this.drive.open(userId);
    const db = this.deps.db;
    let current = (await this.drive.items.get(db, userId, DRIVE_ROOT_NUMERIC_ID)) ?? null;
    let parent: ItemRow | null = null;
    for (let i = 0; i < segments.length; i++) {
      if (!current || current.kind !== FOLDER) return { segments, item: null, parent: null };
      parent = current;
      current = (await this.drive.items.childByName(db, userId, current.id, segments[i] as string)) ?? null;
      if (!current) return { segments, item: null, parent: i === segments.length - 1 ? parent : null };
    }
    return { segments, item: current, parent };
  }

  // ---- conditions and locks ----

  /**
   * Evaluates the If header (RFC 4918 §10.4): 412 when no list holds. Answers the lock tokens the
   * request submits (none without the header).
   */
  async checkIf(
    userId: number,
    header: string | undefined,
    target: Resolved,
    base: string,
  ): Promise<Set<string>> {
    if (!header) return new Set();
    let lists: IfList[];
    try {
      lists = parseIfHeader(header);
    } catch {
      throw new DavError(400, undefined, [], 'bad If header');
    }
    const now = this.now();
    const cache = new Map<string, { item: ItemRow | null; tokens: Set<string> }>();
    const stateOf = async (resource: string | undefined) => {
      const segments = resource === undefined ? target.segments : destinationOf(resource, base);
      if (!segments) return { item: null, tokens: new Set<string>() };
      const key = lockPathOf(segments);
      let state = cache.get(key);
      if (!state) {
        const resolved = resource === undefined ? target : await this.resolve(userId, segments);
        const locks = await this.locks.covering(userId, segments, now);
        state = { item: resolved.item, tokens: new Set(locks.map((l) => l.token)) };
        cache.set(key, state);
      }
      return state;
    };
    for (const list of lists) {
      const state = await stateOf(list.resource);
      const holds = list.conditions.every((c) => {
        const match =
          c.token !== undefined
            ? state.tokens.has(c.token)
            : state.item !== null && etagOf(state.item) === c.etag;
        return c.not ? !match : match;
      });
      if (holds) return submittedTokens(lists);
    }
    throw new DavError(412);
  }

  /**
   * 423 unless the request submitted the token of every lock in the way: every exclusive lock,
   * and one of the shared locks when there are only shared ones.
   */
  requireTokens(locks: LockRow[], submitted: Set<string>): void {
    const missing = locks.filter((l) => !submitted.has(l.token));
    if (missing.length === 0) return;
    const exclusive = missing.filter((l) => !l.shared);
    const sharedOk = locks.some((l) => l.shared && submitted.has(l.token));
    if (exclusive.length === 0 && sharedOk) return;
    const paths = [...new Set((exclusive.length ? exclusive : missing).map((l) => l.path))];
    throw new DavError(
      423,
      'lock-token-submitted',
      paths.map((p) => hrefOf(p.split('/').filter(Boolean), false)),
    );
  }

  /**
   * Checks the locks a change at `target` meets: the target's own and its ancestors' deep locks,
   * with `members` also every lock inside it, with `membership` the parent folder's locks too
   * (adding or removing a name changes the folder).
   */
  async guardWrite(
    userId: number,
    target: Segments,
    submitted: Set<string>,
    opts: { members?: boolean; membership?: boolean },
  ): Promise<void> {
    const now = this.now();
    const locks = new Map<string, LockRow>();
    for (const l of await this.locks.covering(userId, target, now)) locks.set(l.token, l);
    if (opts.members) for (const l of await this.locks.inside(userId, target, now)) locks.set(l.token, l);
    if (opts.membership && target.length > 0) {
      for (const l of await this.locks.covering(userId, target.slice(0, -1), now)) locks.set(l.token, l);
    }
    this.requireTokens([...locks.values()], submitted);
  }

  // ---- writing ----

  /**
   * Stores a file at a place whose folder exists. With a known length the drive's one-request
   * upload streams it (quota reserved first); without one (chunked transfer) it is stored first,
   * within the free space, then made an item. A file already there goes to the recycle bin, as
   * the portal's overwrite does; its dead properties carry over to the new one.
   */
  async put(
    userId: number,
    parent: ItemRow,
    name: string,
    body: Readable,
    size: number | null,
  ): Promise<Finished> {
    const previous = await this.drive.items.childByName(this.deps.db, userId, parent.id, name);
    if (previous && previous.kind !== FILE) throw new DavError(405);
    const upload = { parentId: parent.id, name, face: 'v1' as const, nameMode: 'overwrite' as const };
    let finished: Finished;
    if (size !== null && size > V2_PART_SIZE && this.deps.blobs.staging) {
      finished = await this.putStaged(userId, { ...upload, size }, body);
    } else if (size !== null) {
      finished = await this.uploads.uploadStream(userId, { ...upload, size }, body);
    } else {
      const q = await this.drive.quota.usage(userId);
      let info: Awaited<ReturnType<AppDeps['blobs']['put']>>;
      try {
        info = await this.deps.blobs.put(body, { maxBytes: Math.max(0, q.total - q.used - q.reserved) });
      } catch (err) {
        if (err instanceof BlobTooLargeError) throw quotaExceeded();
        throw err;
      }
      await this.drive.blobIndex.touch(info, this.now());
      const session = await this.uploads.create(userId, { ...upload, size: info.size });
      try {
        finished = await this.uploads.finish(userId, session, info);
      } catch (err) {
        await this.uploads.abort(userId, session.id);
        throw err;
      }
    }
    if (previous && finished.created) {
      await this.props.copy(this.deps.db, userId, new Map([[previous.id, finished.item.id]]));
    }
    return finished;
  }

  /**
   * Sets a file's modification time as its client had it (ownCloud's `X-OC-Mtime`, which rclone
   * sends), so a later sync compares equal instead of sending the file again.
   */
  async setModified(userId: number, itemId: number, ms: number): Promise<void> {
    await this.deps.db
      .updateTable('drive_items')
      .set({ updated_at: ms })
      .where('user_id', '=', userId)
      .where('id', '=', itemId)
      .execute();
  }

  /**
   * A large file of known length through the drive's multi-part upload, as one part: the body is
   * written in place into the staging file while the hash workers digest what is already written
   * (the one-request path hashes on the thread that receives, which halves the rate of a large
   * upload). One part, not one per 10 MiB: one request brings it all, so there is nothing to
   * resume, and a row per slice was a database write per 10 MiB.
   */
  private async putStaged(userId: number, upload: NewUpload, body: Readable): Promise<Finished> {
    const session = await this.uploads.create(userId, { ...upload, face: 'v2', onePart: true });
    try {
      await this.uploads.putWhole(session, body);
      return await this.uploads.complete(userId, session.id);
    } catch (err) {
      await this.uploads.abort(userId, session.id).catch(() => undefined);
      throw err;
    }
  }

  /** An empty file (a LOCK on a path where nothing is yet: RFC 4918 §9.10.4). */
  createEmpty(userId: number, parent: ItemRow, name: string): Promise<Finished> {
    return this.put(userId, parent, name, Readable.from([]), 0);
  }

  /**
   * Copies an item (a folder with everything in it unless `shallow`) into a folder under a name:
   * files share their stored bytes (content addressing), the space is taken from the quota, the
   * dead properties come along. One transaction: all or nothing.
   */
  async copy(
    userId: number,
    source: ItemRow,
    parentId: number,
    rawName: string,
    shallow: boolean,
  ): Promise<ItemRow> {
    const name = cleanName(rawName, source.kind === FOLDER ? 'folder' : 'file');
    const tree =
      source.kind === FOLDER && !shallow
        ? await this.drive.items.subtree(this.deps.db, userId, source.id)
        : [];
    if (tree.length + 1 > WEBDAV_COPY_MAX_ITEMS) throw new DavError(507, undefined, [], 'too many items');
    // Read before the transaction: on SQLite the transaction holds the only connection.
    const total = await this.drive.quota.total(userId);
    try {
      return await this.deps.db.transaction().execute(async (trx) => {
        await this.drive.lockDrive(trx, userId);
        await this.drive.liveFolder(userId, parentId, trx);
        const first = await this.drive.items.allocIds(trx, userId, tree.length + 1);
        const ids = new Map<number, number>([[source.id, first]]);
        tree.forEach((t, i) => {
          ids.set(t.id, first + 1 + i);
        });
        const now = this.now();
        const rows: ItemRow[] = [source, ...tree].map((s, i) => ({
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
        const bytes = rows.reduce((sum, r) => sum + (r.kind === FILE ? r.size : 0), 0);
        await this.drive.quota.addUsed(trx, userId, bytes, total);
        for (const r of rows) {
          if (r.kind !== FILE || !r.blob_key) continue;
          if (!(await this.drive.blobIndex.refExisting(trx, r.blob_key, now))) {
            throw new Error(`blob ${r.blob_key} is gone`);
          }
        }
        for (let i = 0; i < rows.length; i += 200) {
          await trx
            .insertInto('drive_items')
            .values(rows.slice(i, i + 200))
            .execute();
        }
        await this.props.copy(trx, userId, ids);
        return rows[0] as ItemRow;
      });
    } catch (err) {
      // Another request took the name meanwhile.
      if (isUniqueViolation(err)) throw new DavError(412);
      throw err;
    }
  }

  /** Moves or renames an item (the drive's move and rename, with their rules). */
  async move(userId: number, item: ItemRow, parentId: number, name: string): Promise<void> {
    if (parentId === item.parent_id) await this.drive.rename(userId, item.id, name, 'v2');
    else await this.drive.move(userId, item.id, parentId, name);
  }

  /** Space figures of RFC 4331: used by the drive (the bin counts) and still free. */
  async quota(userId: number): Promise<{ used: number; available: number }> {
    const q = await this.drive.quota.usage(userId);
    return { used: q.used, available: Math.max(0, q.total - q.used - q.reserved) };
  }

  /** MD5 and SHA-1 of stored blobs, from the blob index. */
  async hashes(keys: string[]): Promise<Map<string, { md5: string; sha1: string }>> {
    const out = new Map<string, { md5: string; sha1: string }>();
    for (let i = 0; i < keys.length; i += 500) {
      const rows = await this.deps.db
        .selectFrom('drive_blobs')
        .select(['key', 'md5', 'sha1'])
        .where('key', 'in', keys.slice(i, i + 500))
        .execute();
      for (const r of rows) {
        if (r.md5 && r.sha1) out.set(r.key, { md5: r.md5.toLowerCase(), sha1: r.sha1.toLowerCase() });
      }
    }
    return out;
  }
}

/** The HTTP status of a drive refusal, for a WebDAV client. */
export function statusOfDriveError(err: AppError): number {
  switch (err.code) {
    case DriveCode.NOT_FOUND:
      return 404;
    case DriveCode.FOLDER_MISSING:
      return 409;
    case DriveCode.NAME_EXISTS:
      return 412;
    case DriveCode.QUOTA_EXCEEDED:
      return 507;
    case DriveCode.SUBFOLDER_OR_TOO_LARGE:
      return 409;
    case DriveCode.UPLOAD_MISMATCH:
      return 400;
    default:
      return 400;
  }
}
