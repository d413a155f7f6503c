import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  formatSmsAddress,
  parseSmsFullId,
  type SyncChangeResult,
  type SyncMessage,
} from '@phonecloud/shared';
import type { AreaAdapter, LocalChange } from './engine.js';
import { readWith, writeFileAtomic } from './files.js';
import { messageKey, type PhoneMessage, readSmsXml, writeSmsXml } from './sms-xml.js';
import type { AreaSync, MessageRecord } from './sync-state.js';

export const SMS_FILE = 'sms.xml';

/**
 * sms.xml ↔ the messages. Messages only accumulate in the cloud: a message new in the file goes
 * up, a message new in the cloud is added to the file, and a message deleted from the file
 * stays in the cloud (the phone does not send the delete: the cloud would keep it anyway). A
 * conversation or a message deleted in the portal leaves the file.
 */
export class SmsArea implements AreaAdapter<'sms', MessageRecord> {
  readonly area = 'sms' as const;
  private local: PhoneMessage[] | null = null;
  /** The file's messages by key, as read this round. */
  private readonly byKey = new Map<string, PhoneMessage>();
  /** Messages that left the cloud this round (deleted in the portal, alone or with their conversation). */
  private readonly goneKeys = new Set<string>();

  constructor(private readonly dataDir: string) {}

  get file() {
    return path.join(this.dataDir, SMS_FILE);
  }

  private read(): PhoneMessage[] {
    const text = existsSync(this.file) ? readFileSync(this.file, 'utf8') : '';
    return readWith(SMS_FILE, () => readSmsXml(text));
  }

  localChanges(st: AreaSync<MessageRecord>): LocalChange[] {
    this.local = this.read();
    const out: LocalChange[] = [];
    const present = new Set<string>();
    for (const m of this.local) {
      const key = messageKey(m);
      if (present.has(key)) continue;
      present.add(key);
      this.byKey.set(key, m);
      if (st.items[key]) continue;
      out.push({
        key,
        change: {
          op: 'create',
          cid: key,
          address: m.address,
          body: m.body,
          date: m.date,
          type: m.type,
          read: m.read,
          locked: m.locked,
        },
      });
    }
    // Deleted from the file: forgotten here, kept in the cloud.
    for (const key of Object.keys(st.items)) if (!present.has(key)) delete st.items[key];
    return out;
  }

  onResult(
    st: AreaSync<MessageRecord>,
    change: LocalChange['change'],
    key: string,
    r: SyncChangeResult,
  ): void {
    if (change.op !== 'create' || !key || !r.server_id) return;
    const m = this.byKey.get(key);
    // The state keeps what the cloud knows; an MMS's parts stay in the file only.
    if (!m) return;
    const { mms: _parts, ...message } = m;
    st.items[key] = { server_id: r.server_id, message };
  }

  onPulled(st: AreaSync<MessageRecord>, m: SyncMessage): string {
    const message: PhoneMessage = {
      address: m.address,
      body: m.body,
      date: m.date,
      type: m.type,
      read: m.read,
      locked: m.locked,
    };
    const key = messageKey(message);
    const rec = st.items[key];
    if (rec) {
      rec.server_id = m.server_id;
      rec.message.locked = m.locked;
    } else st.items[key] = { server_id: m.server_id, message };
    return m.server_id;
  }

  /** `{address}.{id}`: one message the portal deleted; otherwise a whole conversation's address. */
  onDeleted(st: AreaSync<MessageRecord>, id: string): void {
    const { address: of, anchor } = parseSmsFullId(id);
    if (anchor !== null) {
      const conversation = formatSmsAddress(of);
      const one = Object.entries(st.items).find(
        ([, rec]) => rec.server_id === anchor && formatSmsAddress(rec.message.address) === conversation,
      );
      if (one) {
        delete st.items[one[0]];
        this.goneKeys.add(one[0]);
        return;
      }
    }
    const gone = formatSmsAddress(id);
    for (const [key, rec] of Object.entries(st.items)) {
      if (formatSmsAddress(rec.message.address) === gone) {
        delete st.items[key];
        this.goneKeys.add(key);
      }
    }
  }

  onFullEnd(st: AreaSync<MessageRecord>, listed: Set<string>): void {
    for (const [key, rec] of Object.entries(st.items)) {
      if (!listed.has(rec.server_id)) {
        delete st.items[key];
        this.goneKeys.add(key);
      }
    }
  }

  write(st: AreaSync<MessageRecord>): void {
    const byKey = new Map<string, PhoneMessage>();
    for (const m of this.local ?? this.read()) {
      const key = messageKey(m);
      if (this.goneKeys.has(key) && !st.items[key]) continue;
      const kept = st.items[key]?.message;
      byKey.set(key, kept && m.mms ? { ...kept, mms: m.mms } : (kept ?? m));
    }
    for (const [key, rec] of Object.entries(st.items)) if (!byKey.has(key)) byKey.set(key, rec.message);
    writeFileAtomic(this.file, writeSmsXml([...byKey.values()]));
    this.local = null;
    this.byKey.clear();
    this.goneKeys.clear();
  }
}
