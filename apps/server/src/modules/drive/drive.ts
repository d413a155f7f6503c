import { Readable } from 'node:stream';
import type { PreviewKind } from '@phonecloud/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.js';
import type { AppDeps } from '../../http/context.js';
import { BlobIndex } from '../../storage/blob-index.js';
import type { BlobInfo, ByteRange } from '../../storage/blob-store.js';
import { type CopyOptions, copyItem } from './copy.js';
import { checkZipLimits, zipEntries } from './download/links.js';
import { refuseDamaged, sendItemFile, sendItemsZip } from './download/send.js';
import { FILE, type ItemRow, type ListKey } from './items-repo.js';
import { sendPreview } from './preview/answer.js';
import { DriveService } from './service.js';
import { type AreaLink, Uploads } from './upload/uploads.js';
import { writeFile } from './upload/write-file.js';

/**
 * An item of a drive as other modules see it (a row: folders and files alike).
 * @package
 */
export type DriveItem = ItemRow;
/**
 * One entry of a zip: an item and its path inside the zip.
 * @package
 */
export type ZipEntry = { item: DriveItem; path: string };

/**
 * The drive as other modules use it (WebDAV, share links): every operation runs the drive's own
 * rules (names, same-name clashes, quota, blob references, the recycle bin), so nothing outside
 * the module writes its tables or reaches into its parts.
 * @package
 */
export class Drive {
  private readonly service: DriveService;
  private readonly uploads: Uploads;
  private readonly blobIndex: BlobIndex;

  constructor(private readonly deps: AppDeps) {
    this.service = new DriveService(deps);
    this.uploads = new Uploads(this.service);
    this.blobIndex = new BlobIndex(deps.db);
  }

  /** The drive and its root folder exist from then on. */
  open(userId: number): Promise<void> {
    return this.service.open(userId);
  }

  // ---- reads ----

  /** A live item, or "not found" (-2001). */
  liveItem(userId: number, id: number): Promise<DriveItem> {
    return this.service.liveItem(userId, id);
  }

  /** A live item and the folders above it up to the root, nearest first; null when it is not live. */
  liveChain(userId: number, id: number): Promise<DriveItem[] | null> {
    return this.service.liveChain(userId, id);
  }

  /** The item at a path of names from the root, and the live folder its last name is looked up in. */
  walk(userId: number, names: readonly string[]) {
    return this.service.walk(userId, names);
  }

  /** The live item of that name in a folder, if any. */
  child(userId: number, parentId: number, name: string): Promise<DriveItem | undefined> {
    return this.service.child(userId, parentId, name);
  }

  /** One page of a folder's live items, folders first, then by name and id, after `after`. */
  list(userId: number, folderId: number, limit: number, after?: ListKey): Promise<DriveItem[]> {
    return this.service.items.list(userId, folderId, limit, after);
  }

  /** Space in use (the bin counts) and still free, in bytes. */
  async space(userId: number): Promise<{ used: number; available: number }> {
    const q = await this.service.quota.usage(userId);
    return { used: q.used, available: Math.max(0, q.total - q.used - q.reserved) };
  }

  /** MD5 and SHA-1 (lower-case hex) of files' contents, by blob key. */
  hashes(keys: readonly string[]) {
    return this.blobIndex.hashesOf(keys);
  }

  /** Whether the store check found a blob's bytes changed: such a file is not sent (see send.ts). */
  isDamaged(key: string): Promise<boolean> {
    return this.blobIndex.isDamaged(key);
  }

  /** Of these items, the ids of the files whose stored bytes the store check found changed. */
  async damagedAmong(items: readonly DriveItem[]): Promise<Set<number>> {
    const keys = await this.blobIndex.damagedAmong(items.map((i) => i.blob_key));
    return new Set(items.filter((i) => i.blob_key !== null && keys.has(i.blob_key)).map((i) => i.id));
  }

  /** A file's bytes, whole or one range (none for an empty file). */
  async read(item: DriveItem, range?: ByteRange): Promise<Readable> {
    return item.blob_key ? this.deps.blobs.get(item.blob_key, range) : Readable.from([]);
  }

  // ---- changes ----

  /** A new folder; a name already there is refused (-2003). */
  createFolder(userId: number, parentId: number, name: unknown): Promise<DriveItem> {
    return this.service.createFolder(userId, parentId, name, 'v2', 'refuse');
  }

  /** A file from one request's body (`size` null: length unknown); one already there goes to the bin. */
  writeFile(userId: number, parentId: number, name: string, body: Readable, size: number | null) {
    return writeFile(this.service, this.uploads, userId, { parentId, name }, body, size);
  }

  /** Sets an item's modification time (as the client had the file). */
  setModified(userId: number, id: number, ms: number): Promise<void> {
    return this.service.setModified(userId, id, ms);
  }

  /** Copies an item (a folder with what it holds) with its quota and blob references, all or nothing. */
  copy(userId: number, source: DriveItem, parentId: number, name: unknown, opts: CopyOptions) {
    return copyItem(this.service, userId, source, parentId, name, opts);
  }

  /** Moves an item into a folder under a name; a rename when the folder is its own. */
  async move(userId: number, item: DriveItem, parentId: number, name: unknown): Promise<void> {
    if (parentId === item.parent_id) await this.service.rename(userId, item.id, name, 'v2');
    else await this.service.move(userId, item.id, parentId, name);
  }

  /** To the recycle bin, with everything inside it. */
  trash(userId: number, id: number): Promise<void> {
    return this.service.trash(userId, id);
  }

  // ---- another area's files (photos): the drive's upload sessions, quota and blob index ----

  /**
   * A resumable upload of `size` bytes for another area: its space is reserved from the drive's
   * quota now (-2010 when it does not fit), its parts are sent as v2 parts are.
   */
  async startAreaUpload(userId: number, name: string, size: number) {
    await this.service.open(userId);
    const u = await this.uploads.create(userId, {
      parentId: 0,
      name,
      size,
      face: 'area',
      nameMode: 'refuse',
    });
    return { id: u.id, part_size: u.part_size, part_count: u.part_count };
  }

  /** An open area upload's shape and the parts it holds, or null when it is gone (expired, completed). */
  async areaUpload(userId: number, uploadId: string) {
    try {
      const u = await this.uploads.session(userId, uploadId, 'area');
      const done = await this.uploads.partsDone(userId, uploadId);
      return { id: u.id, size: u.size, part_size: u.part_size, part_count: u.part_count, parts_done: done };
    } catch {
      return null;
    }
  }

  /** One part of an area upload (sent again, it replaces the earlier one). */
  putAreaPart(userId: number, uploadId: string, partNumber: number, body: Readable, declared?: number) {
    return this.uploads.putPart(userId, uploadId, partNumber, body, declared, 'area');
  }

  /** Ends an area upload: `link` writes the area's row in the transaction (see `Uploads.completeArea`). */
  completeAreaUpload(userId: number, uploadId: string, link: AreaLink): Promise<BlobInfo> {
    return this.uploads.completeArea(userId, uploadId, link);
  }

  /** A whole file for another area in one request (one part, nothing to resume), ended by `link`. */
  async areaUploadWhole(
    userId: number,
    name: string,
    size: number,
    body: Readable,
    link: AreaLink,
    declared?: number,
  ) {
    await this.service.open(userId);
    return this.uploads.uploadAreaWhole(userId, name, size, body, link, declared);
  }

  /** Drops an area upload: its reservation and parts go. */
  abortAreaUpload(userId: number, uploadId: string): Promise<void> {
    return this.uploads.abort(userId, uploadId);
  }

  /** The live files inside a live folder, at any depth (the photos' folder watch). */
  async filesUnder(userId: number, folderId: number): Promise<DriveItem[]> {
    const tree = await this.service.items.subtree(this.deps.db, userId, folderId);
    return tree.filter((i) => i.kind === FILE);
  }

  /** Which of these contents the user's files hold, live or in the bin (so count their bytes). */
  heldContents(userId: number, keys: readonly string[]): Promise<Set<string>> {
    return this.service.items.heldKeys(userId, keys);
  }

  /**
   * Another area's file starts counting (in `db`, the transaction marking its row): never
   * refused, the bytes are stored already; a drive past its total then takes no new upload.
   */
  chargeSpace(db: Db, userId: number, bytes: number): Promise<void> {
    return this.service.quota.commit(db, userId, 0, bytes);
  }

  /** Another area's file deleted for good (in `db`, the transaction dropping its row): its space is free again. */
  freeSpace(db: Db, userId: number, bytes: number): Promise<void> {
    return this.service.quota.free(db, userId, bytes);
  }

  // ---- answers ----

  /** The selected live items with everything inside them, as zip entries; -2020 / -2019 past the limits. */
  async zipSelection(userId: number, ids: number[]): Promise<ZipEntry[]> {
    const entries = await zipEntries(this.service, userId, ids);
    checkZipLimits(entries);
    return entries;
  }

  /**
   * A file as an attachment (Range, If-None-Match). Each of these three refuses a file whose
   * bytes the store check found changed with `damagedText` (the drive's own text by default;
   * a share's recipients are told what they can do).
   */
  sendFile(req: FastifyRequest, reply: FastifyReply, item: DriveItem, damagedText?: string) {
    return sendItemFile(req, reply, this.deps.blobs, this.service.blobIndex, item, damagedText);
  }

  /** Zip entries streamed as one zip named `name`. */
  sendZip(
    req: FastifyRequest,
    reply: FastifyReply,
    entries: readonly ZipEntry[],
    name: string,
    damagedText?: string,
  ) {
    return sendItemsZip(req, reply, this.deps.blobs, this.service.blobIndex, entries, name, damagedText);
  }

  /** A file shown in place by the drive's preview rules. */
  async sendPreview(
    req: FastifyRequest,
    reply: FastifyReply,
    item: DriveItem,
    blobKey: string,
    kind: Exclude<PreviewKind, 'none'>,
    damagedText?: string,
  ) {
    if (await this.blobIndex.isDamaged(blobKey)) return refuseDamaged(reply, undefined, damagedText);
    return sendPreview(req, reply, this.deps.blobs, item, blobKey, kind);
  }
}
