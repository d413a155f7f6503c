import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  Code,
  ContactApi,
  ContactMsg,
  CSV_EXTENSION,
  type CsvLayout,
  compareContacts,
  EXPORT_KEEP_HOURS,
  type ExportResult,
  ImportText,
  RECYCLE_DAY_OFFSET_MINUTES,
  VCARD_EXTENSION,
} from '@phonecloud/shared';
import type { AppDeps } from '../../../http/context.js';
import { AppError } from '../../../http/errors.js';
import { BlobIndex } from '../../../storage/blob-index.js';
import { contentsToCsv } from '../csv/csv.js';
import { bodyOfDoc } from '../doc.js';
import { ContactFilesRepo, FileKind } from '../files/files-repo.js';
import { type ContactRow, ContactsRepo } from '../repo.js';
import { cardOf } from './card-of.js';
import type { VcardVersion } from './write.js';

/** What an export takes: the whole book, one group, or chosen contacts; vCard 3.0 by default. */
export interface ExportOptions {
  group?: string;
  ids?: readonly number[];
  version?: VcardVersion;
  /** A CSV of Google's or Outlook's layout instead of vCard. */
  csv?: CsvLayout;
}

/**
 * A contact's UID when its card brought none: the same for every export of it, so importing an
 * export twice elsewhere updates instead of duplicating (the id is never reused in a book).
 */
export function derivedUid(userId: number, contactId: number): string {
  const h = createHash('sha256').update(`phonecloud-contact:${userId}:${contactId}`).digest('hex');
  // A version-5-shaped UUID, as address books expect to see.
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16] ?? '0', 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

async function joined(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
}

/** Export of the whole book as one vCard 3.0 file, fetched once through a session-gated URL. */
export class ExportService {
  private readonly repo: ContactsRepo;
  private readonly files: ContactFilesRepo;
  private readonly blobIndex: BlobIndex;
  constructor(private readonly deps: AppDeps) {
    this.repo = new ContactsRepo(deps.db);
    this.files = new ContactFilesRepo(deps.db);
    this.blobIndex = new BlobIndex(deps.db);
  }

  /** The rows an export takes, in the list's order; 2016 when there are none. */
  private async rows(userId: number, options: ExportOptions): Promise<ContactRow[]> {
    let rows = await this.repo.aliveRows(userId);
    if (options.group !== undefined) {
      const group = options.group;
      if (!(await this.repo.groups(userId)).some((g) => g.name === group)) {
        throw new AppError(Code.INVALID, ContactMsg.GROUP_NOT_FOUND);
      }
      rows = rows.filter((r) => (JSON.parse(r.groups) as string[]).includes(group));
    }
    if (options.ids) {
      // Another account's ids, or ones not in the book, are simply not there.
      const wanted = new Set(options.ids);
      rows = rows.filter((r) => wanted.has(Number(r.id)));
    }
    if (rows.length === 0) throw new AppError(Code.NOTHING_TO_EXPORT, ContactMsg.EXPORT_EMPTY);
    const order = (r: ContactRow) => ({
      letter_index: r.letter,
      nameSpell: r.name_spell,
      server_id: String(r.id),
    });
    return rows.sort((a, b) => compareContacts(order(a), order(b)));
  }

  private bookRows(userId: number): Promise<ContactRow[]> {
    return this.rows(userId, {}).catch((err: unknown) => {
      if (err instanceof AppError && err.code === Code.NOTHING_TO_EXPORT) return [];
      throw err;
    });
  }

  /** The rows' cards, one at a time (a card may hold its photo: a book never sits in one string). */
  private async *cards(userId: number, rows: readonly ContactRow[], version: VcardVersion) {
    const uids = await this.repo.uids(userId);
    const kept = await this.repo.keptCards(
      userId,
      rows.map((r) => Number(r.id)),
    );
    for (const row of rows) {
      const body = bodyOfDoc(row.doc);
      const id = Number(row.id);
      const card = await cardOf(this.deps, userId, body, kept.get(id), {
        uid: uids.get(id) ?? derivedUid(userId, id),
        rev: Number(row.updated_at),
        // One version for the whole file: a kept card of the other is written in this one.
        version,
      });
      yield Buffer.from(`${card}\r\n`, 'utf8');
    }
  }

  /** The whole book as vCard 3.0, card by card (the takeout's file); nothing for an empty book. */
  async *bookVcards(userId: number): AsyncGenerator<Buffer> {
    const rows = await this.bookRows(userId);
    if (rows.length > 0) yield* this.cards(userId, rows, '3.0');
  }

  /** The whole book as a CSV of `layout`; null for an empty book. */
  async bookCsv(userId: number, layout: CsvLayout): Promise<Buffer | null> {
    const rows = await this.bookRows(userId);
    if (rows.length === 0) return null;
    return contentsToCsv(
      rows.map((r) => bodyOfDoc(r.doc).content),
      layout,
    );
  }

  async export(userId: number, options: ExportOptions = {}): Promise<ExportResult> {
    const rows = await this.rows(userId, options);
    const csv = options.csv;
    const bytes = csv
      ? contentsToCsv(
          rows.map((r) => bodyOfDoc(r.doc).content),
          csv,
        )
      : await joined(this.cards(userId, rows, options.version ?? '3.0'));
    const now = this.deps.clock.now();
    const stamp = new Date(now + RECYCLE_DAY_OFFSET_MINUTES * 60_000)
      .toISOString()
      .slice(0, 19)
      .replace(/[-:]/g, '')
      .replace('T', '_');
    const id = randomBytes(18).toString('base64url');
    await this.blobIndex.storeHeld(this.deps.blobs, bytes, now, (db, blob) =>
      new ContactFilesRepo(db).insertFile({
        user_id: userId,
        id,
        kind: FileKind.EXPORT,
        blob_key: blob.key,
        name: ImportText.exportFileName(stamp, csv ? CSV_EXTENSION : VCARD_EXTENSION),
        size: blob.size,
        created_at: now,
        expires_at: now + EXPORT_KEEP_HOURS * 3600_000,
      }),
    );
    return { filePath: `${ContactApi.exportFile}/${id}`, count: rows.length };
  }

  async open(userId: number, id: string): Promise<{ stream: Readable; size: number; name: string } | null> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
    const file = await this.files.file(userId, id, FileKind.EXPORT);
    if (!file || (file.expires_at !== null && Number(file.expires_at) <= this.deps.clock.now())) return null;
    return { stream: await this.deps.blobs.get(file.blob_key), size: Number(file.size), name: file.name };
  }
}
