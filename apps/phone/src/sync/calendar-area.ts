import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SyncChangeResult, SyncEvent } from '@phonecloud/shared';
import { canonicalEvent, type PhoneEvent, readIcs, writeIcs } from './calendar-ics.js';
import type { AreaAdapter, LocalChange } from './engine.js';
import { readWith, writeFileAtomic } from './files.js';
import type { AreaSync, EventRecord } from './sync-state.js';

export const CALENDAR_FILE = 'calendar.ics';

/** calendar.ics ↔ the calendar: an event's identity is its UID. */
export class CalendarArea implements AreaAdapter<'calendar', EventRecord> {
  readonly area = 'calendar' as const;
  private events: PhoneEvent[] | null = null;
  private readonly dropped = new Set<string>();

  constructor(private readonly dataDir: string) {}

  get file() {
    return path.join(this.dataDir, CALENDAR_FILE);
  }

  /** The file's events; an event without a UID gets one, written into the file at once (as contacts do). */
  private read(): PhoneEvent[] {
    let named = false;
    const text = existsSync(this.file) ? readFileSync(this.file, 'utf8') : '';
    const events = readWith(CALENDAR_FILE, () =>
      readIcs(text, () => {
        named = true;
        return randomUUID();
      }),
    );
    if (named) writeFileAtomic(this.file, writeIcs(events));
    return events;
  }

  localChanges(st: AreaSync<EventRecord>): LocalChange[] {
    this.events = this.read();
    const out: LocalChange[] = [];
    const present = new Set<string>();
    for (const e of this.events) {
      present.add(e.uid);
      const rec = st.items[e.uid];
      if (!rec) out.push({ key: e.uid, change: { op: 'create', cid: e.uid.slice(0, 64), ical: e.ical } });
      else if (rec.base !== e.ical)
        out.push({
          key: e.uid,
          change: { op: 'edit', uid: e.uid, version_code: rec.version_code, ical: e.ical },
        });
    }
    for (const [uid, rec] of Object.entries(st.items)) {
      if (!present.has(uid))
        out.push({ key: uid, change: { op: 'delete', uid, version_code: rec.version_code } });
    }
    return out;
  }

  onResult(st: AreaSync<EventRecord>, change: LocalChange['change'], key: string, r: SyncChangeResult): void {
    if (change.op === 'create') {
      if (!r.server_id || !key) return;
      const uid = r.uid ?? key;
      const ical = String(change.ical);
      st.items[uid] = { server_id: r.server_id, version_code: r.version_code ?? 0, ical, base: ical };
      if (uid !== key) {
        // The cloud named it otherwise: the file's event is replaced by the cloud's at the pull.
        this.dropped.add(key);
      }
      return;
    }
    const uid = String(change.uid);
    const rec = st.items[uid];
    if (!rec) return;
    if (change.op === 'edit') {
      if (r.outcome === 'recreated' && r.uid && r.uid !== uid) {
        delete st.items[uid];
        this.dropped.add(uid);
        st.items[r.uid] = {
          ...rec,
          server_id: r.server_id ?? rec.server_id,
          version_code: r.version_code ?? 0,
        };
        return;
      }
      if (r.outcome !== 'conflict_copy' && r.version_code !== undefined) {
        rec.version_code = r.version_code;
        rec.ical = String(change.ical);
      }
      return;
    }
    if (r.outcome !== 'kept') {
      delete st.items[uid];
      this.dropped.add(uid);
    }
  }

  onPulled(st: AreaSync<EventRecord>, ev: SyncEvent): string {
    const ical = canonicalEvent(ev.ical)?.ical ?? ev.ical;
    const rec = st.items[ev.uid];
    if (rec) {
      rec.server_id = ev.server_id;
      rec.version_code = ev.version_code;
      rec.ical = ical;
    } else st.items[ev.uid] = { server_id: ev.server_id, version_code: ev.version_code, ical, base: ical };
    return ev.uid;
  }

  onDeleted(st: AreaSync<EventRecord>, uid: string): void {
    delete st.items[uid];
    this.dropped.add(uid);
  }

  onFullEnd(st: AreaSync<EventRecord>, listed: Set<string>): void {
    for (const uid of Object.keys(st.items)) if (!listed.has(uid)) this.onDeleted(st, uid);
  }

  write(st: AreaSync<EventRecord>): void {
    const out: PhoneEvent[] = [];
    const written = new Set<string>();
    for (const e of this.events ?? this.read()) {
      const rec = st.items[e.uid];
      if (rec) out.push({ uid: e.uid, ical: rec.ical });
      else if (!this.dropped.has(e.uid)) out.push(e);
      written.add(e.uid);
    }
    for (const [uid, rec] of Object.entries(st.items))
      if (!written.has(uid)) out.push({ uid, ical: rec.ical });
    writeFileAtomic(this.file, writeIcs(out));
    for (const e of this.read()) {
      const rec = st.items[e.uid];
      if (rec) rec.base = e.ical;
    }
    this.events = null;
    this.dropped.clear();
  }
}
