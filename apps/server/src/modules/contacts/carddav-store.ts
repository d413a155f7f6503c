import { createHash } from 'node:crypto';
import {
  AVATAR_FID,
  type ContactAttachment,
  ContactCode,
  DAV_CARD_MAX_BYTES,
  DavMsg,
} from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { NS } from '../../lib/dav-xml/index.js';
import {
  type Changes,
  type Conditions,
  checkConditions,
  type DavCollection,
  EXTENSION,
  etagOf,
  type ItemData,
  type ItemMeta,
  type RenderOptions,
  uidOfName,
} from '../../platform/dav-collection.js';
import { DavError, davErrorOf, preconditionFailed } from '../../platform/dav-errors.js';
import { bodyOfDoc } from './doc.js';
import { AvatarError, AvatarService } from './files/avatar.js';
import { RecycleService } from './history/recycle.js';
import { type ContactRow, ContactsRepo, type UidRow } from './repo.js';
import { ContactsService } from './service.js';
import { cardOf } from './vcard/card-of.js';
import { derivedUid } from './vcard/export.js';
import { cardToKeep, type KeptCard } from './vcard/kept-card.js';
import { decodeVcardFile, splitCards } from './vcard/lines.js';
import { preparePiece } from './vcard/prepare.js';

const FALLBACK_PREFIX = 'pc-';
const FALLBACK_RE = /^pc-(\d{1,15})\.vcf$/i;
const INVALID_CARD = { ns: NS.CARDDAV, name: 'valid-address-data' };
const CODES = { stale: ContactCode.STALE_VERSION, notFound: ContactCode.NOT_FOUND };

/**
 * Cards as last written for a client, by what determines their text (see render): a first sync
 * of a large book by a second device, or again after a reset, is answered without writing every
 * card anew. Keyed by content, bounded by bytes; each instance keeps its own, nothing depends on it.
 */
class RenderedCards {
  private readonly cards = new Map<string, string>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): string | undefined {
    const hit = this.cards.get(key);
    if (hit !== undefined) {
      this.cards.delete(key);
      this.cards.set(key, hit);
    }
    return hit;
  }

  set(key: string, text: string): void {
    if (this.cards.has(key)) return;
    this.cards.set(key, text);
    this.bytes += text.length;
    for (const [k, v] of this.cards) {
      if (this.bytes <= this.maxBytes) break;
      this.cards.delete(k);
      this.bytes -= v.length;
    }
  }
}

const renderedCards = new RenderedCards(32 * 1024 * 1024);

/**
 * Which contact a card's name stands for. A contact a CardDAV client created under a name of its
 * own choosing keeps that name (contact_uids.dav_name: RFC 4918 puts a resource where it was PUT).
 * Any other is named by its UID (the one its card came with, kept in contact_uids) when it owns
 * it: the lowest id still there (in the book or the recycle bin) among the contacts that came
 * with that UID, and no client's chosen name is that UID's. Every other contact (made in the
 * portal, imported without a UID, or sharing an imported UID) is named `pc-<id>.vcf`. Ids are
 * never reused and kept UIDs and names never change, so a contact keeps its name.
 */
class CardNames {
  private readonly uidOfId = new Map<number, string>();
  private readonly ownerOfUid = new Map<string, number>();
  private readonly chosenOfId = new Map<number, string>();
  private readonly idOfChosen = new Map<string, number>();

  private readonly alive = new Set<number>();

  constructor(rows: readonly UidRow[]) {
    for (const r of rows) {
      if (r.exists) this.alive.add(r.contact_id);
      if (r.dav_name === null) continue;
      this.chosenOfId.set(r.contact_id, r.dav_name);
      if (r.exists) this.idOfChosen.set(r.dav_name, r.contact_id);
    }
    for (const r of rows) {
      this.uidOfId.set(r.contact_id, r.uid);
      // Rows come in id order: the first one still there owns the UID.
      const owns = r.dav_name === null && r.exists && !this.ownerOfUid.has(r.uid);
      if (owns && !this.idOfChosen.has(`${r.uid}${EXTENSION.contacts}`))
        this.ownerOfUid.set(r.uid, r.contact_id);
    }
  }

  /** The UID written into a contact's card. */
  uidOf(userId: number, id: number): string {
    return this.uidOfId.get(id) ?? derivedUid(userId, id);
  }

  nameOf(id: number): string {
    const chosen = this.chosenOfId.get(id);
    if (chosen !== undefined) return chosen;
    const uid = this.uidOfId.get(id);
    if (uid !== undefined && this.ownerOfUid.get(uid) === id) return `${uid}${EXTENSION.contacts}`;
    return `${FALLBACK_PREFIX}${id}${EXTENSION.contacts}`;
  }

  /** The name a deleted contact had: its chosen one, or its UID's while no other contact took it over. */
  goneNameOf(id: number): string {
    const chosen = this.chosenOfId.get(id);
    if (chosen !== undefined) return chosen;
    const uid = this.uidOfId.get(id);
    if (uid !== undefined && !this.ownerOfUid.has(uid)) return `${uid}${EXTENSION.contacts}`;
    return this.nameOf(id);
  }

  /** Whether a contact still there has this UID (a new card may not take it, RFC 6352 §6.3.2.1). */
  uidTaken(uid: string): boolean {
    for (const [id, u] of this.uidOfId) if (u === uid && this.alive.has(id)) return true;
    return false;
  }

  idOf(name: string): number | null {
    const chosen = this.idOfChosen.get(name);
    if (chosen !== undefined) return chosen;
    const owner = this.ownerOfUid.get(uidOfName('contacts', name));
    if (owner !== undefined) return owner;
    // `pc-<id>` keeps naming its contact after the contact came to own its UID (the UID's
    // earlier owner was purged): a client that knew it by that name still reaches it.
    const m = FALLBACK_RE.exec(name);
    return m ? Number(m[1]) : null;
  }
}

/**
 * The address book over the contacts store: cards are written and read by the vCard mapping of
 * the import and export (contacts/vcard), saves go through ContactsService (its rules, its
 * version_code check, its change log), deletes into the recycle bin as the portal's do.
 */
export class CardDavStore implements DavCollection {
  readonly area = 'contacts' as const;
  readonly contentType = 'text/vcard; charset=utf-8';
  private readonly repo: ContactsRepo;
  private readonly contacts: ContactsService;

  constructor(
    private readonly deps: AppDeps,
    private readonly userId: number,
  ) {
    this.repo = new ContactsRepo(deps.db);
    this.contacts = new ContactsService(deps);
  }

  private async names(): Promise<CardNames> {
    return new CardNames(await this.repo.uidRows(this.userId));
  }

  async token(): Promise<number> {
    return this.contacts.version(this.userId);
  }

  async list(): Promise<ItemMeta[]> {
    const [names, rows] = await Promise.all([this.names(), this.repo.aliveVersions(this.userId)]);
    return rows.map((r) => ({
      name: names.nameOf(r.id),
      etag: etagOf(r.version_code),
      lastModified: r.updated_at,
    }));
  }

  private async render(
    names: CardNames,
    row: ContactRow,
    kept: KeptCard | undefined,
    options: RenderOptions,
  ): Promise<ItemData> {
    const id = Number(row.id);
    const uid = names.uidOf(this.userId, id);
    // The key is a hash of everything the card is written from (the doc names its avatar by the
    // hash of its bytes; a kept card changes only with the row's updated_at): equal keys write
    // equal text, whoever's and whenever.
    const key = createHash('sha256')
      .update(`${options.vcardVersion ?? ''}\0${kept ? 'k' : ''}\0${uid}\0${row.updated_at}\0${row.doc}`)
      .digest('base64');
    let data = renderedCards.get(key);
    if (data === undefined) {
      data = await cardOf(this.deps, this.userId, bodyOfDoc(row.doc), kept, {
        uid,
        rev: Number(row.updated_at),
        version: options.vcardVersion,
      });
      renderedCards.set(key, data);
    }
    return {
      name: names.nameOf(id),
      etag: etagOf(Number(row.version_code)),
      lastModified: Number(row.updated_at),
      data,
    };
  }

  async fetch(wanted: readonly string[], options: RenderOptions): Promise<Map<string, ItemData>> {
    const names = await this.names();
    const ids = new Map<number, string>();
    for (const name of wanted) {
      const id = names.idOf(name);
      if (id !== null) ids.set(id, name);
    }
    const rows = await this.repo.rows(this.userId, [...ids.keys()]);
    const kept = await this.repo.keptCards(
      this.userId,
      rows.map((r) => Number(r.id)),
    );
    const out = new Map<string, ItemData>();
    for (const row of rows) {
      if (row.deleted_at !== null) continue;
      const item = await this.render(names, row, kept.get(Number(row.id)), options);
      // Answered under the name it was asked by.
      const asked = ids.get(Number(row.id)) ?? item.name;
      out.set(asked, { ...item, name: asked });
    }
    return out;
  }

  async changes(since: number): Promise<Changes> {
    let changed: { current: number; ids: number[] };
    try {
      changed = await this.contacts.changedIds(this.userId, since);
    } catch (err) {
      throw davErrorOf(err, CODES, INVALID_CARD);
    }
    const names = await this.names();
    const rows = await this.repo.rows(this.userId, changed.ids);
    const alive = new Map(rows.filter((r) => r.deleted_at === null).map((r) => [Number(r.id), r]));
    const out: Changes = { token: changed.current, changed: [], gone: [] };
    for (const id of changed.ids) {
      const row = alive.get(id);
      if (row) {
        out.changed.push({
          name: names.nameOf(id),
          etag: etagOf(Number(row.version_code)),
          lastModified: Number(row.updated_at),
        });
      } else out.gone.push(names.goneNameOf(id));
    }
    return out;
  }

  /** The contact a name stands for, alive or in the recycle bin, or null. */
  private async located(name: string): Promise<{ names: CardNames; row: ContactRow | null }> {
    const names = await this.names();
    const id = names.idOf(name);
    const row = id === null ? null : ((await this.repo.row(this.userId, id)) ?? null);
    return { names, row };
  }

  async put(
    name: string,
    body: Buffer,
    conditions: Conditions,
  ): Promise<{ created: boolean; etag: string | null }> {
    if (body.length > DAV_CARD_MAX_BYTES)
      throw new DavError(403, { ns: NS.CARDDAV, name: 'max-resource-size' });
    const { names, row } = await this.located(name);
    const alive = row !== null && row.deleted_at === null;
    if (!checkConditions(conditions, alive ? etagOf(Number(row.version_code)) : null))
      throw preconditionFailed();

    // The card is read by the import's rules: the same mapping, the same fitting and checks.
    const text = decodeVcardFile(body);
    const cards = preparePiece(text);
    const card = cards[0];
    if (cards.length !== 1 || !card) throw new DavError(403, INVALID_CARD, DavMsg.ONE_CARD);
    if (card.ok === 'group') throw new DavError(403, INVALID_CARD, DavMsg.GROUP_CARD);
    if (!card.ok) throw new DavError(403, INVALID_CARD, card.reason);
    // A new card whose UID another contact already has (under another name): RFC 6352 §6.3.2.1.
    if (!row && card.uid && names.uidTaken(card.uid)) {
      throw new DavError(409, { ns: NS.CARDDAV, name: 'no-uid-conflict' }, DavMsg.UID_TAKEN);
    }
    const uid = card.uid ?? uidOfName('contacts', name);
    const { content } = JSON.parse(card.body) as { content: unknown };
    const attachment: ContactAttachment[] = [];
    const raw = splitCards(text)[0];
    const keptText = raw ? cardToKeep(raw) : null;
    if (card.photo) {
      try {
        const cloudPath = await new AvatarService(this.deps).store(
          this.userId,
          Buffer.from(card.photo),
          'carddav',
        );
        attachment.push({ fid: AVATAR_FID, cloud_path: cloudPath });
      } catch (err) {
        // A photo that is no usable image costs the card its photo, as in an import.
        if (!(err instanceof AvatarError)) throw err;
      }
    }

    let saved: { version_code: number };
    try {
      let version = alive ? Number(row.version_code) : null;
      if (row && !alive) {
        // A client writing a card it deleted earlier brings the contact back from the recycle bin.
        await new RecycleService(this.deps).recover(this.userId, [Number(row.id)]);
        version = Number((await this.repo.row(this.userId, Number(row.id)))?.version_code);
      }
      saved = await this.contacts.save(
        this.userId,
        {
          server_id: row ? String(row.id) : undefined,
          version_code: version ?? undefined,
          content,
          attachment,
        },
        {
          card: true,
          uid: row ? undefined : uid,
          davName: row || name === `${uid}${EXTENSION.contacts}` ? undefined : name,
          kept: keptText ? { card: keptText, photo: attachment[0]?.cloud_path ?? null } : null,
        },
      );
    } catch (err) {
      throw davErrorOf(err, CODES, INVALID_CARD);
    }
    // The card is kept whole (contact_cards) and written back property by property, so its ETag
    // is answered: a client without it counts the card as changed on the server at its next sync,
    // and one that edited it meanwhile (vdirsyncer) stops on a conflict that is none.
    return { created: !alive, etag: etagOf(saved.version_code) };
  }

  async remove(name: string, conditions: Conditions): Promise<void> {
    const { row } = await this.located(name);
    if (!row || row.deleted_at !== null) throw new DavError(404);
    if (!checkConditions(conditions, etagOf(Number(row.version_code)))) throw preconditionFailed();
    try {
      await this.contacts.remove(this.userId, new Map([[Number(row.id), Number(row.version_code)]]));
    } catch (err) {
      throw davErrorOf(err, CODES, INVALID_CARD);
    }
  }
}
