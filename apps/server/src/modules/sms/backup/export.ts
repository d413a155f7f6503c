import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  Code,
  type ExportResult,
  RECYCLE_DAY_OFFSET_MINUTES,
  SMS_EXPORT_KEEP_HOURS,
  SmsApi,
  SmsMsg,
  smsExportFileName,
} from '@phonecloud/shared';
import type { AppDeps } from '../../../http/context.js';
import { AppError } from '../../../http/errors.js';
import { BlobIndex } from '../../../storage/blob-index.js';
import type { BlobInfo } from '../../../storage/index.js';
import { ContactNames } from '../contact-names.js';
import { SmsFileKind, SmsFilesRepo } from '../files-repo.js';
import { SmsRepo } from '../repo.js';
import { type ExportPicture, mmsElement, readableDate, smsElement, XML_TAIL, xmlHead } from './xml-write.js';

const PAGE = 2000;
const EXPORT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The whole box as one SMS Backup & Restore file, kept SMS_EXPORT_KEEP_HOURS for download. */
export class SmsExportService {
  private readonly repo: SmsRepo;
  private readonly files: SmsFilesRepo;
  constructor(private readonly deps: AppDeps) {
    this.repo = new SmsRepo(deps.db);
    this.files = new SmsFilesRepo(deps.db);
  }

  private async picture(userId: number, key: string): Promise<ExportPicture | null> {
    const file = await this.files.file(userId, key, SmsFileKind.PICTURE);
    if (!file) return null;
    try {
      const bytes = await buffer(await this.deps.blobs.get(file.blob_key));
      return { mime: file.mime, name: file.name, base64: bytes.toString('base64') };
    } catch {
      // A missing blob costs the message its picture, not the export.
      return null;
    }
  }

  /** The file's text, page by page in id order (a box of 200,000 messages never sits in memory). */
  async *xml(userId: number, count: number, now: number): AsyncGenerator<Buffer> {
    const names = await new ContactNames(this.deps.db).all(userId);
    yield Buffer.from(xmlHead(count, now));
    for (let after = 0; ; ) {
      const page = await this.repo.messagesAfter(userId, after, PAGE);
      if (page.length === 0) break;
      after = Number(page[page.length - 1]?.id);
      const out: string[] = [];
      for (const r of page) {
        const m = {
          address: r.address,
          body: r.body,
          date: Number(r.date),
          type: Number(r.type),
          read: Number(r.read),
          locked: Number(r.locked),
          contactName: names.get(r.address)?.name[0]?.display_name || '(Unknown)',
          readable: readableDate(Number(r.date), RECYCLE_DAY_OFFSET_MINUTES),
        };
        if (r.attachments) {
          const pictures: ExportPicture[] = [];
          for (const key of JSON.parse(r.attachments) as string[]) {
            const p = await this.picture(userId, key);
            if (p) pictures.push(p);
          }
          out.push(mmsElement(m, pictures));
        } else {
          out.push(smsElement(m));
        }
      }
      yield Buffer.from(out.join(''));
    }
    yield Buffer.from(XML_TAIL);
  }

  async export(userId: number): Promise<ExportResult> {
    const count = await this.repo.countMessages(userId);
    if (count === 0) throw new AppError(Code.NOTHING_TO_EXPORT, SmsMsg.EXPORT_EMPTY);
    const now = this.deps.clock.now();
    const stamp = new Date(now + RECYCLE_DAY_OFFSET_MINUTES * 60_000)
      .toISOString()
      .slice(0, 19)
      .replace(/[-:]/g, '')
      .replace('T', '_');
    const name = smsExportFileName(stamp);
    const id = randomBytes(18).toString('base64url');
    // The file names its own creation time, so its bytes are new: no unreferenced blob of the
    // same content can be collected between this write and the reference below.
    const info: BlobInfo = await this.deps.blobs.put(Readable.from(this.xml(userId, count, now)));
    const index = new BlobIndex(this.deps.db);
    await this.deps.db.transaction().execute(async (trx) => {
      await new SmsFilesRepo(trx).insertFile({
        user_id: userId,
        id,
        kind: SmsFileKind.EXPORT,
        blob_key: info.key,
        name,
        mime: 'application/xml',
        size: info.size,
        created_at: now,
        expires_at: now + SMS_EXPORT_KEEP_HOURS * 3600_000,
      });
      await index.ref(trx, info, now);
    });
    return { filePath: `${SmsApi.exportFile}/${id}/${encodeURIComponent(name)}`, count };
  }

  async open(userId: number, id: string) {
    if (!EXPORT_ID.test(id)) return null;
    const file = await this.files.file(userId, id, SmsFileKind.EXPORT);
    if (!file || (file.expires_at !== null && Number(file.expires_at) <= this.deps.clock.now())) return null;
    return { stream: await this.deps.blobs.get(file.blob_key), size: Number(file.size), name: file.name };
  }

  /** An MMS picture of the user's (the key is the blob's). */
  /** A picture of the user's messages, null when it is not one, `'damaged'` when its stored bytes changed. */
  async openPicture(userId: number, key: string) {
    if (!/^[0-9a-f]{64}$/.test(key)) return null;
    const file = await this.files.file(userId, key, SmsFileKind.PICTURE);
    if (!file) return null;
    if (await new BlobIndex(this.deps.db).isDamaged(file.blob_key)) return 'damaged';
    return { stream: await this.deps.blobs.get(file.blob_key), size: Number(file.size), mime: file.mime };
  }
}
