import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CONTACT_UID_MAX,
  CONTENT_KINDS,
  type Contact,
  type ContactContent,
  type SyncChangeResult,
} from '@phonecloud/shared';
import type { AreaAdapter, LocalChange } from './engine.js';
import { readWith, writeFileAtomic } from './files.js';
import type { AreaSync, ContactRecord } from './sync-state.js';
import { type PhoneCard, readVcf, writeVcf } from './vcard.js';

export const CONTACTS_FILE = 'contacts.vcf';
/** The UID the phone gives a contact that came from the cloud. */
export const cloudUid = (serverId: string) => `phonecloud-${serverId}`;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The content to send for a card edited on the phone: each kind the phone changed (its card
 * differs from the base) as the card has it, every other kind as the cloud last had it. So what
 * a vCard cannot say about a kind the phone did not touch is never lost.
 */
export function editedContent(
  cloud: ContactContent,
  base: ContactContent,
  local: ContactContent,
): ContactContent {
  const out = { ...cloud };
  for (const kind of CONTENT_KINDS) {
    if (!same(base[kind], local[kind])) (out as Record<string, unknown>)[kind] = local[kind];
  }
  return out;
}

/** contacts.vcf ↔ the contacts book. */
export class ContactsArea implements AreaAdapter<'contacts', ContactRecord> {
  readonly area = 'contacts' as const;
  /** The cards as read this round, in file order (new ones keep their place); null until read. */
  private cards: PhoneCard[] | null = null;
  /** UIDs whose contact left the cloud this round: their cards go from the file. */
  private readonly dropped = new Set<string>();

  constructor(private readonly dataDir: string) {}

  get file() {
    return path.join(this.dataDir, CONTACTS_FILE);
  }

  /**
   * The file's cards. A card without a UID, or with a copy of another card's, is a new contact:
   * it gets a UID, written into the file at once, so that a create cut off on its way (and sent
   * again next round) still finds its card.
   */
  private read(): PhoneCard[] {
    const text = existsSync(this.file) ? readFileSync(this.file, 'utf8') : '';
    const seen = new Set<string>();
    let named = false;
    const cards = readWith(CONTACTS_FILE, () => readVcf(text)).map((c) => {
      const uid = c.uid && !seen.has(c.uid) ? c.uid : randomUUID();
      if (uid !== c.uid) named = true;
      seen.add(uid);
      return { uid, content: c.content };
    });
    if (named) writeFileAtomic(this.file, writeVcf(cards));
    return cards;
  }

  localChanges(st: AreaSync<ContactRecord>): LocalChange[] {
    this.cards = this.read();
    const out: LocalChange[] = [];
    const present = new Set<string>();
    for (const card of this.cards) {
      present.add(card.uid);
      const rec = st.items[card.uid];
      if (!rec) {
        out.push({
          key: card.uid,
          // The card's UID goes with it: the cloud keeps it, so CardDAV and exports know it by it.
          change: {
            op: 'create',
            cid: card.uid.slice(0, 64),
            content: card.content,
            ...(card.uid.length <= CONTACT_UID_MAX ? { uid: card.uid } : {}),
          },
        });
      } else if (!same(rec.base, card.content)) {
        out.push({
          key: card.uid,
          change: {
            op: 'edit',
            server_id: rec.server_id,
            version_code: rec.version_code,
            content: editedContent(rec.content, rec.base, card.content),
          },
        });
      }
    }
    for (const [uid, rec] of Object.entries(st.items)) {
      if (!present.has(uid))
        out.push({
          key: uid,
          change: { op: 'delete', server_id: rec.server_id, version_code: rec.version_code },
        });
    }
    return out;
  }

  /** server_id → UID of the snapshot, built once a round (a full pull of a large book looks up every contact). */
  private index: Map<string, string> | null = null;

  private uidOf(st: AreaSync<ContactRecord>, serverId: string): string | undefined {
    if (!this.index) {
      this.index = new Map();
      for (const [uid, rec] of Object.entries(st.items)) this.index.set(rec.server_id, uid);
    }
    const uid = this.index.get(serverId);
    return uid !== undefined && st.items[uid]?.server_id === serverId ? uid : undefined;
  }

  private put(st: AreaSync<ContactRecord>, uid: string, rec: ContactRecord) {
    st.items[uid] = rec;
    this.index?.set(rec.server_id, uid);
  }

  onResult(
    st: AreaSync<ContactRecord>,
    change: LocalChange['change'],
    key: string,
    r: SyncChangeResult,
  ): void {
    if (change.op === 'create') {
      if (!r.server_id || !key) return;
      const content = change.content as ContactContent;
      this.put(st, key, {
        server_id: r.server_id,
        version_code: r.version_code ?? 0,
        content,
        base: content,
      });
      return;
    }
    const uid = this.uidOf(st, String(change.server_id));
    if (!uid) return;
    const rec = st.items[uid] as ContactRecord;
    if (change.op === 'edit') {
      // Merged or recreated: the pull that follows brings the cloud's content.
      if (r.server_id && r.server_id !== rec.server_id) {
        rec.server_id = r.server_id;
        this.index?.set(r.server_id, uid);
      }
      if (r.version_code !== undefined) rec.version_code = r.version_code;
      rec.content = change.content as ContactContent;
      return;
    }
    // A delete the cloud kept (edited there since) stays: the card comes back on the phone.
    if (r.outcome !== 'kept') this.drop(st, uid);
  }

  private drop(st: AreaSync<ContactRecord>, uid: string) {
    delete st.items[uid];
    this.dropped.add(uid);
  }

  onPulled(st: AreaSync<ContactRecord>, c: Contact): string {
    // A contact new to the phone takes the cloud's UID, the one CardDAV and exports write.
    const uid = this.uidOf(st, c.server_id) ?? (c.uid && !st.items[c.uid] ? c.uid : cloudUid(c.server_id));
    const rec = st.items[uid];
    if (rec) {
      rec.version_code = c.version_code;
      rec.content = c.content;
    } else
      this.put(st, uid, {
        server_id: c.server_id,
        version_code: c.version_code,
        content: c.content,
        base: c.content,
      });
    return c.server_id;
  }

  onDeleted(st: AreaSync<ContactRecord>, serverId: string): void {
    const uid = this.uidOf(st, serverId);
    if (uid) this.drop(st, uid);
  }

  onFullEnd(st: AreaSync<ContactRecord>, listed: Set<string>): void {
    for (const [uid, rec] of Object.entries(st.items)) if (!listed.has(rec.server_id)) this.drop(st, uid);
  }

  write(st: AreaSync<ContactRecord>): void {
    // The file's order first (cards made on the phone and not pushed yet stay as they are),
    // then contacts new from the cloud.
    const out: PhoneCard[] = [];
    const written = new Set<string>();
    for (const card of this.cards ?? this.read()) {
      const rec = st.items[card.uid];
      if (rec) out.push({ uid: card.uid, content: rec.content });
      else if (!this.dropped.has(card.uid)) out.push(card);
      written.add(card.uid);
    }
    for (const [uid, rec] of Object.entries(st.items))
      if (!written.has(uid)) out.push({ uid, content: rec.content });
    writeFileAtomic(this.file, writeVcf(out));
    // The base of each card: its content as read back from what was written.
    for (const card of readVcf(readFileSync(this.file, 'utf8'))) {
      const rec = st.items[card.uid];
      if (rec) rec.base = card.content;
    }
    this.cards = null;
    this.dropped.clear();
    this.index = null;
  }
}
