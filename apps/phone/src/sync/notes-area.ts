import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type Note, NoteStatus, type SyncChangeResult } from '@phonecloud/shared';
import type { AreaAdapter, LocalChange } from './engine.js';
import { listFiles, readWith, writeFileAtomic } from './files.js';
import { noteFields, noteFileName, type PhoneNote, readNote, writeNote } from './notes-md.js';
import type { AreaSync, NoteRecord } from './sync-state.js';

/** The notes folder in the data folder; notes on a blackboard go in its BOARD_FOLDER. */
export const NOTES_FOLDER = 'notes';
export const BOARD_FOLDER = '黑板';

type Fields = PhoneNote['fields'];
const KEYS: (keyof Fields)[] = ['title', 'content', 'classify', 'top', 'remind', 'remindtime'];

interface LocalNote {
  /** Relative to the notes folder. */
  file: string;
  note: PhoneNote;
}

/** notes/*.md ↔ the notes: a note's identity is the `id` of its front matter. */
export class NotesArea implements AreaAdapter<'notes', NoteRecord> {
  readonly area = 'notes' as const;
  private files: LocalNote[] | null = null;
  /** Files of notes that left the cloud this round. */
  private readonly dropped = new Set<string>();

  constructor(private readonly dataDir: string) {}

  get dir() {
    return path.join(this.dataDir, NOTES_FOLDER);
  }

  private read(): LocalNote[] {
    return listFiles(this.dir, '.md').map((file) => ({
      file,
      note: readWith(`${NOTES_FOLDER}/${file}`, () =>
        readNote(readFileSync(path.join(this.dir, file), 'utf8')),
      ),
    }));
  }

  localChanges(st: AreaSync<NoteRecord>): LocalChange[] {
    this.files = this.read();
    const out: LocalChange[] = [];
    const present = new Set<string>();
    for (const f of this.files) {
      const rec = f.note.id ? st.items[f.note.id] : undefined;
      if (!rec || present.has(f.note.id)) {
        // A file without an id (or a copy of another's) is a new note; its cid names the file.
        f.note.id = '';
        const cid = createHash('sha1').update(f.file).digest('base64url');
        out.push({ key: f.file, change: { op: 'create', cid, note: f.note.fields } });
        continue;
      }
      present.add(f.note.id);
      rec.file = f.file;
      const base = JSON.parse(rec.base) as Fields;
      // Only the fields the phone changed go up; the rest stay as they are in the cloud.
      const changed: Partial<Fields> = {};
      for (const k of KEYS) {
        if (JSON.stringify(base[k]) !== JSON.stringify(f.note.fields[k]))
          (changed as Record<string, unknown>)[k] = f.note.fields[k];
      }
      if ('remindtime' in changed && !('remind' in changed)) changed.remind = f.note.fields.remind;
      if (Object.keys(changed).length > 0)
        out.push({
          key: f.note.id,
          change: { op: 'edit', server_id: rec.server_id, version_code: rec.version_code, note: changed },
        });
    }
    for (const [id, rec] of Object.entries(st.items)) {
      if (!present.has(id))
        out.push({
          key: id,
          change: { op: 'delete', server_id: rec.server_id, version_code: rec.version_code },
        });
    }
    return out;
  }

  onResult(st: AreaSync<NoteRecord>, change: LocalChange['change'], key: string, r: SyncChangeResult): void {
    if (change.op === 'create') {
      if (!r.server_id || !key) return;
      const fields = change.note as Fields;
      const local = this.files?.find((f) => f.file === key);
      if (local) local.note.id = r.server_id;
      // The id goes into the file at once: a round cut off before writing the files must not
      // find the file without an id again and create the note twice.
      const file = path.join(this.dir, key);
      if (existsSync(file)) {
        const now = readNote(readFileSync(file, 'utf8'));
        if (!now.id) writeFileAtomic(file, writeNote({ id: r.server_id, fields: now.fields }));
      }
      st.items[r.server_id] = {
        server_id: r.server_id,
        version_code: r.version_code ?? 0,
        file: key,
        status: NoteStatus.BOX,
        fields,
        base: JSON.stringify(fields),
      };
      return;
    }
    const id = String(change.server_id);
    const rec = st.items[id];
    if (!rec) return;
    if (change.op === 'edit') {
      if (r.outcome === 'recreated' && r.server_id && r.server_id !== id) {
        // The cloud had deleted it: the phone's text came back as a new note, in the same file.
        delete st.items[id];
        rec.server_id = r.server_id;
        rec.version_code = r.version_code ?? 0;
        st.items[r.server_id] = rec;
        const local = this.files?.find((f) => f.file === rec.file);
        if (local) local.note.id = r.server_id;
        return;
      }
      // A conflict copy is a new note the pull brings; this file stays the cloud's note.
      if (r.outcome !== 'conflict_copy' && r.version_code !== undefined) rec.version_code = r.version_code;
      return;
    }
    if (r.outcome !== 'kept') this.drop(st, id);
  }

  private drop(st: AreaSync<NoteRecord>, id: string) {
    const rec = st.items[id];
    if (rec) this.dropped.add(rec.file);
    delete st.items[id];
  }

  onPulled(st: AreaSync<NoteRecord>, n: Note): string {
    const rec = st.items[n.server_id];
    const fields = noteFields(n);
    if (rec) {
      rec.version_code = n.version_code;
      rec.fields = fields;
      rec.status = n.status;
    } else {
      const folder = n.status === NoteStatus.BOARD ? `${BOARD_FOLDER}/` : '';
      st.items[n.server_id] = {
        server_id: n.server_id,
        version_code: n.version_code,
        file: `${folder}${noteFileName(n.title, n.server_id)}`,
        status: n.status,
        fields,
        base: '',
      };
    }
    return n.server_id;
  }

  onDeleted(st: AreaSync<NoteRecord>, id: string): void {
    this.drop(st, id);
  }

  onFullEnd(st: AreaSync<NoteRecord>, listed: Set<string>): void {
    for (const id of Object.keys(st.items)) if (!listed.has(id)) this.drop(st, id);
  }

  write(st: AreaSync<NoteRecord>): void {
    const local = this.files ?? this.read();
    const kept = new Set(Object.values(st.items).map((r) => r.file));
    // Files of notes gone from the cloud go; a file of a note not pushed yet stays as it is.
    for (const f of local) {
      if (this.dropped.has(f.file) && !kept.has(f.file)) rmSync(path.join(this.dir, f.file), { force: true });
    }
    for (const rec of Object.values(st.items)) {
      const text = writeNote({ id: rec.server_id, fields: rec.fields });
      const file = path.join(this.dir, rec.file);
      if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileAtomic(file, text);
      rec.base = JSON.stringify(readNote(text).fields);
    }
    this.files = null;
    this.dropped.clear();
  }
}
