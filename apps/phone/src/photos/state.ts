import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/** What the phone knows of one file of its camera roll. */
export interface PhotoFileState {
  size: number;
  mtime: number;
  sha256: string;
  /** The cloud said it keeps this content (after an upload, or a check). */
  confirmed: boolean;
  /** The upload session under way: a restart asks the cloud which parts it has. */
  upload_id?: string;
  /** Removed here by "free up space": not a deletion to tell the cloud. */
  freed?: boolean;
}

export interface PhotosState {
  /** The folder these files are in (a state is for one folder). */
  folder: string;
  /** By path relative to the folder. */
  files: Record<string, PhotoFileState>;
}

/** Changes appended to one journal before it is folded into the snapshot. */
const FOLD_EVERY = 500;

/**
 * The backup's local state: a snapshot, `<dir>/photos-state.json` (written to a temp file and
 * renamed), and a journal of the changes since, `<dir>/photos-state.<n>.log`, one line a file,
 * appended as each change happens, so a killed process finds every confirmation it was told
 * of. Writing the whole snapshot at each of a thousand photos' confirmations was a tenth of a
 * backup's time, growing with the roll; a line stays the same size. The snapshot names its
 * journal, so a journal left by a kill between the two steps of a fold is never read again.
 */
export class PhotosStateFile {
  private journal = 0;
  private appended = 0;

  constructor(readonly dir: string) {}

  get path() {
    return path.join(this.dir, 'photos-state.json');
  }

  private journalPath(n: number) {
    return path.join(this.dir, `photos-state.${n}.log`);
  }

  read(folder: string): PhotosState {
    if (!existsSync(this.path)) return { folder, files: {} };
    const s = JSON.parse(readFileSync(this.path, 'utf8')) as PhotosState & { journal?: number };
    this.journal = s.journal ?? 0;
    this.appended = 0;
    // Another folder's confirmations say nothing of this one's files.
    if (s.folder !== folder) return { folder, files: {} };
    const journal = this.journalPath(this.journal);
    const lines = existsSync(journal) ? readFileSync(journal, 'utf8').split('\n') : [];
    for (const line of lines) {
      const change = parseLine(line);
      if (!change) continue;
      const [rel, file] = change;
      if (file) s.files[rel] = file;
      else delete s.files[rel];
    }
    return { folder: s.folder, files: s.files };
  }

  /** The whole state as the new snapshot, with a new, empty journal. */
  write(state: PhotosState): void {
    mkdirSync(this.dir, { recursive: true });
    const next = this.journal + 1;
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify({ ...state, journal: next }));
    renameSync(tmp, this.path);
    rmSync(this.journalPath(this.journal), { force: true });
    this.journal = next;
    this.appended = 0;
  }

  /** One file's entry as it is now in `state` (gone when it has none). */
  note(state: PhotosState, rel: string): void {
    if (!existsSync(this.path) || ++this.appended > FOLD_EVERY) {
      this.write(state);
      return;
    }
    appendFileSync(this.journalPath(this.journal), `${JSON.stringify([rel, state.files[rel] ?? null])}\n`);
  }
}

/** A journal line, or null for one a kill cut short. */
function parseLine(line: string): [string, PhotoFileState | null] | null {
  if (!line) return null;
  try {
    return JSON.parse(line) as [string, PhotoFileState | null];
  } catch {
    return null;
  }
}
