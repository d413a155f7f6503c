import {
  AVATAR_FID,
  type ContactAttachment,
  type ContactContent,
  ContactMsg,
  CSV_EXTENSION,
  type ImportFailure,
  type ImportResult,
  ImportText,
  VCARD_EXTENSION,
} from '@phonecloud/shared';
import type { AppDeps } from '../../../http/context.js';
import { invalid } from '../../../http/errors.js';
import { BlobIndex } from '../../../storage/blob-index.js';
import type { BlobInfo } from '../../../storage/index.js';
import { type BookChange, changeBook } from '../book.js';
import { csvToVcards } from '../csv/csv.js';
import { bodyJsonOf, type PreparedBody } from '../doc.js';
import { AvatarError, AvatarService, normaliseAvatar } from '../files/avatar.js';
import { ensureGroupTitles } from '../groups.js';
import { ContactsRepo } from '../repo.js';
import { decodeVcardFile, splitCards } from './lines.js';
import { preparedChunks } from './pool.js';
import { memberGroupsOf, type PreparedCard, type ReadyCard } from './prepare.js';

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

// A report line per dropped or cut field: enough for any real book's, bounded for a hostile file.
const MAX_WARNINGS = 5000;

export interface ImportOptions {
  /** Leave the cards' CATEGORIES out: no groups are made from them. */
  skipGroups?: boolean;
  /**
   * Run the whole import in its transaction, then roll it back: the report of an import that
   * leaves the book as it was (the start-up warm-up runs the real path this way).
   */
  rollBack?: boolean;
}

/** Ends a `rollBack` import's transaction once everything was written, with what it would report. */
class RolledBack extends Error {
  constructor(readonly syncVersion: number) {
    super('import rolled back');
  }
}
const BEGIN_LINE = /^[ \t]*BEGIN:VCARD[ \t\r]*$/im;

/**
 * What a card's row needs, with its avatar, and without the groups the book had no room for.
 * Most cards have neither and take what the worker made as it is.
 */
function preparedOf(
  card: ReadyCard,
  attachment: ContactAttachment[],
  dropped: ReadonlySet<string> | 'all',
): PreparedBody {
  const drops =
    card.groups.length > 0 &&
    (dropped === 'all' || (dropped.size > 0 && card.groups.some((g) => dropped.has(g))));
  if (attachment.length === 0 && !drops) {
    return {
      json: card.body,
      spell: card.spell,
      letter: card.letter,
      groups: card.groupsJson,
      hash: card.hash,
    };
  }
  // JSON.stringify of what JSON.parse read from JSON.stringify's output gives the same text.
  const { content } = JSON.parse(card.body) as { content: ContactContent };
  if (drops) content.group = dropped === 'all' ? [] : content.group.filter((g) => !dropped.has(g.groupTitle));
  // Groups dropped left the hash unchanged: groups are not identity.
  return {
    json: bodyJsonOf(JSON.stringify(content), attachment),
    spell: card.spell,
    letter: card.letter,
    groups: JSON.stringify(content.group.map((g) => g.groupTitle)),
    hash: card.hash,
  };
}

/** The files as vCard text (a CSV converted), refused when a name or the content is not an import. */
function decodeFiles(files: readonly UploadedFile[]): Array<{ file: UploadedFile; text: string }> {
  if (files.length === 0) throw invalid(ContactMsg.IMPORT_EMPTY);
  const isCsv = (f: UploadedFile) => f.name.toLowerCase().endsWith(CSV_EXTENSION);
  if (files.some((f) => !f.name.toLowerCase().endsWith(VCARD_EXTENSION) && !isCsv(f)))
    throw invalid(ContactMsg.IMPORT_FORMAT);
  // A Google or Outlook CSV becomes vCard text first: the same rules and report apply.
  const decoded = files.map((file) => ({
    file,
    text: isCsv(file) ? csvToVcards(file.bytes) : decodeVcardFile(file.bytes),
  }));
  // Only a quick look before the book is touched: the cards are counted as they come back.
  if (!decoded.some((d) => BEGIN_LINE.test(d.text) || splitCards(d.text).length > 0)) {
    throw invalid(ContactMsg.IMPORT_NO_CARD);
  }
  return decoded;
}

/** What one import gathers while its cards come back: the report's figures and the photos stored. */
interface ImportRun {
  userId: number;
  options: ImportOptions;
  failed: ImportFailure[];
  warnings: string[];
  /** Group titles not made: past the book's group limit, or too long. */
  dropped: Set<string>;
  skippedGroups: boolean;
  total: number;
  good: number;
  added: number;
  /** The same card twice (in the book already, or earlier in this import) is added once. */
  seen: Set<string>;
  photos: BlobInfo[];
}

type Fresh = { card: ReadyCard; attachment: ContactAttachment[] };

/**
 * vCard import: several files, each card on its own; bad cards are reported, not fatal. Reading
 * and checking the cards runs on worker threads (pool.ts); avatars, duplicates and the
 * book's one change happen here, chunk by chunk as the cards come back, in one transaction.
 */
export class ImportService {
  private readonly avatars: AvatarService;
  constructor(private readonly deps: AppDeps) {
    this.avatars = new AvatarService(deps);
  }

  async import(
    userId: number,
    files: readonly UploadedFile[],
    options: ImportOptions = {},
  ): Promise<ImportResult> {
    const decoded = decodeFiles(files);
    const run: ImportRun = {
      userId,
      options,
      failed: [],
      warnings: [],
      dropped: new Set<string>(),
      skippedGroups: false,
      total: 0,
      good: 0,
      added: 0,
      seen: await new ContactsRepo(this.deps.db).aliveHashes(userId),
      photos: [],
    };
    const { syncVersion } = await changeBook(this.deps, userId, async (change) => {
      for (const { file, text } of decoded) {
        const where = (index: number, name: string) =>
          ImportText.where(files.length > 1 ? file.name : null, index, name);
        // Group cards are read first: a member may come before its group.
        const memberGroups = options.skipGroups ? {} : memberGroupsOf(text);
        for await (const chunk of preparedChunks(text, memberGroups)) {
          await this.importChunk(run, change, file, chunk, where);
        }
      }
      // Undone with the whole change: the quick look above can be fooled by a line that is not one.
      if (run.total === 0) throw invalid(ContactMsg.IMPORT_NO_CARD);
      if (run.dropped.size > 0) run.warnings.push(ImportText.groupsDropped([...run.dropped]));
      if (run.skippedGroups) run.warnings.push(ImportText.groupsSkipped);
      if (options.rollBack) {
        await change.flush();
        throw new RolledBack(change.version);
      }
    }).catch(async (err: unknown) => {
      // The photos' rows and references went with the change; indexed unreferenced, their bytes
      // are collected after the grace period unless something links them meanwhile.
      const index = new BlobIndex(this.deps.db);
      for (const info of run.photos) await index.touch(info, this.deps.clock.now());
      if (err instanceof RolledBack) return { result: undefined, syncVersion: err.syncVersion };
      throw err;
    });
    const { total, added, good, failed, warnings } = run;
    return { sync_version: syncVersion, total, added, duplicates: good - added, failed, warnings };
  }

  /** One chunk of a file's cards as they come back from the workers: read, then written. */
  private async importChunk(
    run: ImportRun,
    change: BookChange,
    file: UploadedFile,
    chunk: PreparedCard[],
    where: (index: number, name: string) => string,
  ): Promise<void> {
    const { options } = run;
    run.total += chunk.length;
    const { fresh, groupCards } = await this.takeCards(run, change, file, chunk, where);
    if (options.skipGroups) {
      run.skippedGroups ||= fresh.some((f) => f.card.groups.length > 0);
    } else {
      const titles = [groupCards, ...fresh.map((f) => f.card.groups)];
      for (const t of await ensureGroupTitles(change, titles, false)) run.dropped.add(t);
    }
    const ids = await change.allocateIds(fresh.length);
    const uids: Array<{ contact_id: number; uid: string }> = [];
    for (const [i, f] of fresh.entries()) {
      const drop = options.skipGroups ? 'all' : run.dropped;
      change.insertPrepared(ids[i] as number, preparedOf(f.card, f.attachment, drop));
      if (f.card.uid) uids.push({ contact_id: ids[i] as number, uid: f.card.uid });
    }
    if (uids.length > 0) await change.repo.insertUids(change.userId, uids);
    run.added += fresh.length;
    // Written now, while the worker threads prepare the next chunks.
    await change.flush();
  }

  /**
   * A chunk's cards sorted: group cards, failures and warnings for the report, and the new
   * contacts (with their avatars stored) to write; a duplicate counts as good but is not written.
   */
  private async takeCards(
    run: ImportRun,
    change: BookChange,
    file: UploadedFile,
    chunk: PreparedCard[],
    where: (index: number, name: string) => string,
  ): Promise<{ fresh: Fresh[]; groupCards: string[] }> {
    const { options, warnings } = run;
    const fresh: Fresh[] = [];
    const groupCards: string[] = [];
    for (const card of chunk) {
      const warn = (text: string) => {
        if (warnings.length < MAX_WARNINGS) warnings.push(`${where(card.index, card.name)}：${text}`);
      };
      if (card.ok === 'group') {
        // Made even without members, as the book it came from had it.
        if (!options.skipGroups) {
          groupCards.push(card.name);
          for (const w of card.warnings ?? []) warn(w);
        }
        continue;
      }
      for (const w of card.warnings ?? []) warn(w);
      if (!card.ok) {
        run.failed.push({ file: file.name, index: card.index, name: card.name, reason: card.reason });
        continue;
      }
      run.good++;
      const photo = card.photo ? await this.avatar(card.photo, warn) : null;
      if (run.seen.has(card.hash)) continue;
      run.seen.add(card.hash);
      const attachment = photo
        ? [
            {
              fid: AVATAR_FID,
              cloud_path: await this.avatars.storeImage(
                run.userId,
                photo,
                'vcard',
                change.repo.db,
                run.photos,
              ),
            },
          ]
        : [];
      fresh.push({ card, attachment });
    }
    return { fresh, groupCards };
  }

  /** A card's photo made an avatar, or null with a warning when it is not a usable image. */
  private async avatar(bytes: Uint8Array, warn: (text: string) => void): Promise<Buffer | null> {
    try {
      // From a worker it arrives as a plain Uint8Array.
      return await normaliseAvatar(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch (err) {
      if (!(err instanceof AvatarError)) throw err;
      warn(ImportText.photoBad(err.text));
      return null;
    }
  }
}
