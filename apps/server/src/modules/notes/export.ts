import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  Code,
  NOTE_EXPORT_KEEP_HOURS,
  NoteApi,
  type NoteExportResult,
  NoteMsg,
  noteExportFileName,
  RECYCLE_DAY_OFFSET_MINUTES,
} from '@phonecloud/shared';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { AppDeps } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { addZipEntry } from '../../lib/zip.js';
import type { TakeoutEntry } from '../../platform/takeout-part.js';
import { parseDoc } from './doc.js';
import { NoteFileKind } from './files.js';
import { noteFileName, noteMarkdown } from './markdown.js';
import { NotesRepo } from './repo.js';

const EXTENSION_OF_TYPE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
};

/**
 * Export of the notes as a zip of Markdown files with their images and recordings. The call
 * makes a link; the zip is written while it downloads, one note at a time (a note's text is read
 * when its turn comes, files are streamed from the blob store), so memory stays flat whatever
 * the number of notes.
 */
export class NoteExportService {
  constructor(private readonly deps: AppDeps) {}

  async export(userId: number): Promise<NoteExportResult> {
    const row = await this.deps.db
      .selectFrom('notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const count = Number(row?.n ?? 0);
    if (count === 0) throw new AppError(Code.NOTHING_TO_EXPORT, NoteMsg.EXPORT_EMPTY);
    const now = this.deps.clock.now();
    const stamp = new Date(now + RECYCLE_DAY_OFFSET_MINUTES * 60_000)
      .toISOString()
      .slice(0, 19)
      .replace(/[-:]/g, '')
      .replace('T', '_');
    const id = randomBytes(18).toString('base64url');
    await this.deps.db
      .insertInto('note_exports')
      .values({
        user_id: userId,
        id,
        name: noteExportFileName(stamp),
        created_at: now,
        expires_at: now + NOTE_EXPORT_KEEP_HOURS * 3600_000,
      })
      .execute();
    return { filePath: `${NoteApi.exportFile}/${id}`, count };
  }

  /** The zip of a link the user made, or null when there is no such (live) link. */
  async open(
    userId: number,
    id: string,
    log?: FastifyBaseLogger,
  ): Promise<{ name: string; stream: Readable } | null> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
    const link = await this.deps.db
      .selectFrom('note_exports')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!link || Number(link.expires_at) <= this.deps.clock.now()) return null;
    return { name: link.name, stream: await this.zip(userId, log) };
  }

  /**
   * The export's files, one at a time: each note's Markdown (read when its turn comes), then the
   * images and recordings it shows that no earlier note brought. The takeout's notes folder too.
   */
  async *files(userId: number): AsyncGenerator<TakeoutEntry> {
    const db = this.deps.db;
    const notes = await db
      .selectFrom('notes')
      .select(['id', 'title', 'files', 'updated_at'])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const fileRows = await db
      .selectFrom('note_files')
      .select(['id', 'kind', 'content_type', 'size', 'created_at'])
      .where('user_id', '=', userId)
      .execute();
    const known = new Map(fileRows.map((f) => [f.id, f]));
    const pathOf = (key: string) => {
      const f = known.get(key);
      if (!f) return null;
      const dir = Number(f.kind) === NoteFileKind.IMAGE ? 'images' : 'recordings';
      return `${dir}/${key.slice(0, 16)}.${EXTENSION_OF_TYPE[f.content_type] ?? 'bin'}`;
    };
    const written = new Set<string>();
    const repo = new NotesRepo(db);
    for (const [i, n] of notes.entries()) {
      yield {
        name: noteFileName(i + 1, n.title, notes.length),
        mtime: new Date(Number(n.updated_at)),
        compress: true,
        open: async () => {
          const row = await repo.note(userId, Number(n.id));
          const text = row
            ? noteMarkdown(
                {
                  doc: parseDoc(row.doc),
                  classify: Number(row.classify),
                  top: Number(row.top),
                  created: Number(row.created_at),
                  modified: Number(row.updated_at),
                },
                pathOf,
              )
            : '';
          return Readable.from([Buffer.from(text, 'utf8')]);
        },
      };
      for (const key of JSON.parse(n.files) as string[]) {
        const path = pathOf(key);
        const f = known.get(key);
        if (!path || !f || written.has(key)) continue;
        written.add(key);
        // Stored, not deflated: photos and recordings are compressed already.
        yield {
          name: path,
          size: Number(f.size),
          mtime: new Date(Number(f.created_at)),
          compress: false,
          open: () => this.deps.blobs.get(key),
        };
      }
    }
  }

  private async zip(userId: number, log?: FastifyBaseLogger): Promise<Readable> {
    const zip = new ZipFile();
    zip.on('error', (err: unknown) => log?.warn({ err }, 'note export failed'));
    for await (const entry of this.files(userId)) addZipEntry(zip, entry.name, entry);
    zip.end();
    return zip.outputStream as Readable;
  }
}
