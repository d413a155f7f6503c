import {
  AVATAR_FID,
  CONTACT_CLOUD_BASE,
  CONTACT_LETTERS,
  type Contact,
  ContactApi,
  type ContactAttachment,
  type ContactChangeResult,
  ContactMsg,
  type ContactRefresh,
  type ContactSaveResult,
  checkContactContent,
  normalizeContactContent,
  type RecycledContact,
  validateContactContent,
} from '@phonecloud/shared';
import { CreateKeys } from '../../db/create-keys.js';
import type { AppDeps } from '../../http/context.js';
import { invalid } from '../../http/errors.js';
import { changeBook, currentVersion } from './book.js';
import type { ContactBody } from './doc.js';
import { bodyOfDoc, sameBody } from './doc.js';
import { badRequest, fullReload, notFound, stale } from './errors.js';
import { ContactFilesRepo, FileKind } from './files/files-repo.js';
import { ensureGroups } from './groups.js';
import { buildIndexes } from './indexes.js';
import { ListHeadCache } from './list-head-cache.js';
import { type ContactRow, ContactsRepo } from './repo.js';
import type { KeptCard } from './vcard/kept-card.js';

// list.do sends this many contacts in list order first (more than a screen holds), then the rest
// in pages of LIST_PAGE read in id order, the order the table is stored in.
const LIST_FIRST_SCREEN = 100;
const LIST_PAGE = 2000;
// Heads of the books opened last (a few MB each for the largest books).
const listHeads = new ListHeadCache<{ head: string; firstScreen: number[] }>(8);
// Past this many changed contacts a delta is no cheaper than reloading the list.
const REFRESH_MAX_CHANGES = 1000;
const AVATAR_PATH_RE = new RegExp(`^${CONTACT_CLOUD_BASE}${ContactApi.avatar}/([0-9a-f]{64})$`);

/** The contact as answered: its stored doc, with the recycle bin's deletion time when there. */
export function contactOf(row: ContactRow): Contact | RecycledContact {
  const contact = JSON.parse(row.doc) as Contact;
  contact.version_code = Number(row.version_code);
  return row.deleted_at === null ? contact : { ...contact, delete_time: Number(row.deleted_at) };
}

/** The key of an avatar from its cloud_path, or null. */
export function avatarKeyOf(cloudPath: string): string | null {
  return AVATAR_PATH_RE.exec(cloudPath)?.[1] ?? null;
}

/** List, refresh, detail, save and delete: the book itself. */
export class ContactsService {
  readonly repo: ContactsRepo;
  private readonly files: ContactFilesRepo;
  constructor(private readonly deps: AppDeps) {
    this.repo = new ContactsRepo(deps.db);
    this.files = new ContactFilesRepo(deps.db);
  }

  /**
   * list.do as a stream of JSON text. The indexes come first, then the contacts of the first
   * screen in list order, then all the others in id order, so a browser reading the stream paints
   * its first rows long before a large book has arrived (docs/contacts.md). A line break (plain
   * JSON whitespace) follows the head and each contact: a raw line break cannot occur inside a
   * JSON string, so the reader finds whole contacts with a native search instead of a scan. Each contact's stored
   * doc is spliced in as it is: no per-contact serialisation. Nothing is held open across the
   * chunks: `sync_version` is read first, so whatever changes while the book streams reaches the
   * browser by refresh.do.
   */
  async listJson(userId: number): Promise<AsyncGenerator<string>> {
    // The head is read before the answer starts, so a failure there is an ordinary error answer.
    const head = await this.listHead(userId);
    return this.listBody(userId, head);
  }

  private async listHead(userId: number): Promise<{ head: string; firstScreen: number[] }> {
    const book = await this.repo.book(userId);
    const version = Number(book?.sync_version ?? 0);
    const groupNames = (await this.repo.groups(userId)).map((g) => g.name);
    const key = `${version}\u0000${JSON.stringify(groupNames)}`;
    let cached = listHeads.get(userId, key);
    if (cached === undefined) {
      const indexes = buildIndexes(await this.repo.indexRows(userId), groupNames);
      const order = CONTACT_LETTERS.flatMap((l) => indexes.letter_index[l] ?? []);
      cached = {
        head:
          `{"code":0,"data":{"sync_version":${version},"group":${JSON.stringify(indexes.group)},` +
          `"letter_index":${JSON.stringify(indexes.letter_index)},` +
          `"group_letter_index":${JSON.stringify(indexes.group_letter_index)},"list":{\n`,
        firstScreen: order.slice(0, LIST_FIRST_SCREEN).map(Number),
      };
      listHeads.set(userId, key, cached);
    }
    return cached;
  }

  private async *listBody(
    userId: number,
    { head, firstScreen }: { head: string; firstScreen: number[] },
  ): AsyncGenerator<string> {
    yield head;

    const sent = new Set(firstScreen);
    let comma = '';
    const entries = (docs: ReadonlyArray<{ id: number; doc: string }>) => {
      const parts: string[] = [];
      for (const d of docs) {
        parts.push(`${comma}"${d.id}":${d.doc}`);
        comma = ',\n';
      }
      return parts.join('');
    };
    const firstDocs = firstScreen.length > 0 ? await this.repo.aliveDocsOf(userId, firstScreen) : [];
    const first = new Map(firstDocs.map((d) => [Number(d.id), d]));
    // In list order; one deleted since the indexes were read is left out (refresh.do says so).
    yield entries(firstScreen.flatMap((id) => first.get(id) ?? []));
    for (let after = 0; ; ) {
      // Let other requests in between pages: one big book must not hold up every other call
      // (the portal's own scripts included) while SQLite answers synchronously.
      await new Promise((resolve) => setImmediate(resolve));
      const page = await this.repo.aliveDocsAfter(userId, after, LIST_PAGE);
      if (page.length === 0) break;
      after = Number(page[page.length - 1]?.id);
      yield entries(page.filter((d) => !sent.has(Number(d.id))));
    }
    yield '\n}}}';
  }

  /**
   * The book's sync_version and the ids of the contacts changed since `since` (in the book, in
   * the recycle bin or gone), or 1009 when the log cannot tell (compacted, or not this book's).
   */
  async changedIds(userId: number, since: number): Promise<{ current: number; ids: number[] }> {
    const book = await this.repo.book(userId);
    const current = Number(book?.sync_version ?? 0);
    if (since === current) return { current, ids: [] };
    if (since > current || since < Number(book?.log_floor ?? 0)) throw fullReload();
    return { current, ids: await this.repo.changedSince(userId, since) };
  }

  /** What changed since `since`, or 1009 when the log cannot tell (compacted, or not this book's). */
  async refresh(userId: number, since: number): Promise<ContactRefresh> {
    const { current, ids } = await this.changedIds(userId, since);
    if (since === current) return { sync_version: current, list: {}, del: [] };
    if (ids.length > REFRESH_MAX_CHANGES) throw fullReload();
    const rows = await this.repo.rows(userId, ids);
    const list: Record<string, Contact> = {};
    for (const r of rows) if (r.deleted_at === null) list[String(r.id)] = contactOf(r);
    const del = ids.filter((id) => !list[String(id)]).map(String);
    const [indexRows, groups] = await Promise.all([this.repo.indexRows(userId), this.repo.groups(userId)]);
    const indexes = buildIndexes(
      indexRows,
      groups.map((g) => g.name),
    );
    return { sync_version: current, list, del, ...indexes };
  }

  async detail(userId: number, id: number): Promise<Contact | RecycledContact> {
    const row = await this.repo.row(userId, id);
    if (!row) throw notFound();
    return contactOf(row);
  }

  /** The avatar attachments of a save: only the user's own uploads, first one only. */
  private async attachments(userId: number, input: unknown): Promise<ContactAttachment[]> {
    if (input === undefined || input === null) return [];
    if (!Array.isArray(input)) throw badRequest();
    for (const a of input) {
      const { fid, cloud_path } = (a ?? {}) as { fid?: unknown; cloud_path?: unknown };
      if (fid !== AVATAR_FID || typeof cloud_path !== 'string' || !cloud_path) continue;
      const key = avatarKeyOf(cloud_path);
      if (!key || !(await this.files.file(userId, key, FileKind.AVATAR))) {
        throw invalid(ContactMsg.AVATAR_MISSING);
      }
      return [{ fid: AVATAR_FID, cloud_path }];
    }
    return [];
  }

  /**
   * Creates (no server_id) or updates (server_id and its current version_code) a contact.
   * `options.card`: the content is a card a client sent (CardDAV), read and fitted by the
   * import's rules, so letters stay in phone numbers and group titles that cannot be created are
   * dropped as an import drops them; `options.uid` is its UID, kept with a created contact, and
   * `options.davName` the name a client created it under when that is not `<uid>.vcf`;
   * `options.kept` the card itself, kept whole (null: the card could not be, any earlier one goes).
   */
  async save(
    userId: number,
    data: unknown,
    options: {
      card?: boolean;
      uid?: string;
      davName?: string;
      kept?: KeptCard | null;
      requestKey?: string;
    } = {},
  ): Promise<ContactSaveResult> {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw badRequest();
    const input = data as {
      server_id?: unknown;
      version_code?: unknown;
      content?: unknown;
      attachment?: unknown;
    };
    const checked = options.card
      ? checkContactContent(normalizeContactContent(input.content), { phoneLetters: true })
      : validateContactContent(input.content);
    if (!checked.ok) throw invalid(checked.message);
    const body: ContactBody = {
      content: checked.content,
      attachment: await this.attachments(userId, input.attachment),
    };
    const hasId = input.server_id !== undefined && input.server_id !== null && input.server_id !== '';
    const id = hasId ? Number(input.server_id) : null;
    if (id !== null && !Number.isSafeInteger(id)) throw notFound();

    const { result, syncVersion } = await changeBook(this.deps, userId, async (change) => {
      await ensureGroups(change, [body], !options.card);
      if (id === null) {
        const keys = options.requestKey ? new CreateKeys(change.repo.db) : null;
        // A retried create (its answer lost) is the contact the first one made, as the retry has it.
        const made = options.requestKey
          ? await keys?.itemOf(userId, 'contacts', options.requestKey)
          : undefined;
        const prior = made === undefined ? undefined : await change.repo.row(userId, made);
        if (prior && prior.deleted_at === null) {
          const priorId = Number(prior.id);
          if (sameBody(bodyOfDoc(prior.doc), body))
            return { id: priorId, version: Number(prior.version_code) };
          await change.update(priorId, body);
          return { id: priorId, version: change.version };
        }
        const [newId] = await change.allocateIds(1);
        if (newId === undefined) throw new Error('no id allocated');
        change.insert(newId, body);
        if (options.uid) {
          await change.repo.insertUid(userId, {
            contact_id: newId,
            uid: options.uid,
            dav_name: options.davName ?? null,
          });
        }
        if (options.kept) await change.repo.keepCard(userId, newId, options.kept);
        if (keys && options.requestKey)
          await keys.remember(userId, 'contacts', options.requestKey, newId, this.deps.clock.now());
        return { id: newId, version: change.version };
      }
      const row = await change.repo.row(userId, id);
      if (!row || row.deleted_at !== null) throw notFound();
      if (Number(input.version_code) !== Number(row.version_code)) throw stale();
      const keptChanged =
        options.kept !== undefined && (await this.keptChanged(change.repo, userId, id, options.kept));
      // An unchanged save keeps its version: a second client's version_code stays valid. A card
      // that differs only in what the portal does not model is a change all the same.
      if (!keptChanged && sameBody(bodyOfDoc(row.doc), body))
        return { id, version: Number(row.version_code) };
      await change.update(id, body);
      if (options.kept) await change.repo.keepCard(userId, id, options.kept);
      else if (options.kept === null) await change.repo.dropCard(userId, id);
      return { id, version: change.version };
    });
    const contact = contactOf((await this.repo.row(userId, result.id)) as ContactRow);
    return {
      sync_version: syncVersion,
      optime: this.deps.clock.now(),
      server_id: String(result.id),
      version_code: result.version,
      contact,
    };
  }

  private async keptChanged(repo: ContactsRepo, userId: number, id: number, kept: KeptCard | null) {
    const was = (await repo.keptCards(userId, [id])).get(id) ?? null;
    if (was === null || kept === null) return was !== kept;
    return was.card !== kept.card || was.photo !== kept.photo;
  }

  /**
   * Moves contacts to the recycle bin. Every id must be the user's, in the book, at the
   * version_code given; otherwise nothing is deleted.
   */
  async remove(userId: number, versions: Map<number, number>): Promise<ContactChangeResult> {
    if (versions.size === 0) throw invalid(ContactMsg.NONE_SELECTED);
    const ids = [...versions.keys()];
    const { syncVersion } = await changeBook(this.deps, userId, async (change) => {
      const rows = await change.repo.rows(userId, ids);
      const alive = new Map(rows.filter((r) => r.deleted_at === null).map((r) => [Number(r.id), r]));
      for (const [id, version] of versions) {
        const row = alive.get(id);
        if (!row) throw notFound();
        if (Number(row.version_code) !== version) throw stale();
      }
      await change.toRecycleBin(ids);
    });
    return { sync_version: syncVersion, server_ids: ids.map(String) };
  }

  async version(userId: number): Promise<number> {
    return currentVersion(this.repo, userId);
  }

  /** Space the contacts take: their stored docs and avatars. */
  async usageBytes(userId: number): Promise<number> {
    const [docs, avatars] = await Promise.all([
      this.repo.contactBytes(userId),
      this.files.fileBytes(userId, FileKind.AVATAR),
    ]);
    return docs + avatars;
  }
}
