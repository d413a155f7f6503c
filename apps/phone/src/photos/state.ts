import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

/**
 * The backup's local state, `<dir>/photos-state.json`: written to a temp file and renamed after
 * every change, so a killed process finds every confirmation it was told of.
 */
export class PhotosStateFile {
  constructor(readonly dir: string) {}

  get path() {
    return path.join(this.dir, 'photos-state.json');
  }

  read(folder: string): PhotosState {
    if (!existsSync(this.path)) return { folder, files: {} };
    const s = JSON.parse(readFileSync(this.path, 'utf8')) as PhotosState;
    // Another folder's confirmations say nothing of this one's files.
    return s.folder === folder ? s : { folder, files: {} };
  }

  write(state: PhotosState): void {
    mkdirSync(this.dir, { recursive: true });
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, this.path);
  }
}
