import type { DriveItemType, PreviewKind } from '@phonecloud/shared';
import type { DriveVariant } from '../../api';

/** One item as the screens see it, whichever API face it came from. */
export interface DriveItem {
  /** v2 `file_id` or the v1 numeric id as a string. */
  id: string;
  name: string;
  type: DriveItemType;
  size: number;
  /** Last modified, epoch ms. */
  mtime: number;
  /** Images: signed thumbnail URLs, 256 px and 1024 px on the longer side (v2 `thumbnail`, v1 `thumbs.url1`). */
  thumbnail?: string;
  thumbnailLarge?: string;
  /** Its stored bytes were found changed (`V2File.damaged`): shown as such, not downloaded. */
  damaged?: boolean;
}

/** Where and how a file is shown without downloading it (the preview-URL calls). */
export interface PreviewInfo {
  /** Signed, inline, `Content-Security-Policy: sandbox`; text kinds answer UTF-8 text. */
  url: string;
  kind: PreviewKind;
  size: number;
}

export interface RecycleEntry extends DriveItem {
  /** When it went to the bin, epoch ms. */
  deletedAt: number;
}

export interface ListPage {
  items: DriveItem[];
  /** Where the next page starts; null when the folder is complete. */
  next: string | null;
}

export interface Quota {
  used: number;
  total: number;
}

/** Progress of one upload: bytes sent, or the hashing of a quick-upload check. */
export interface UploadProgress {
  phase: 'hashing' | 'sending';
  /** 0..1 */
  fraction: number;
}

/**
 * The user's answer to a name the target folder holds already: replace it (it goes to the
 * recycle bin) or keep both (the new one takes "name(1).ext"); skipping never reaches a call.
 */
export type ConflictChoice = 'overwrite' | 'auto_rename';

/** An upload that replaces or keeps beside an item of its name, chosen before it was queued. */
export interface UploadConflict {
  choice: ConflictChoice;
  /** The item of that name in the folder now. */
  existing: DriveItem;
}

/** One item's outcome in a batch: 0, or the server's code and its text. */
export interface ItemResult {
  code: number;
  message?: string;
}

/** How an upload ended: sent (or linked by quick upload), or already in the folder (v1 head 422). */
export type UploadOutcome = 'uploaded' | 'quick' | 'exists';

/**
 * One API face of the drive. The screens are the same for both; each face supplies its calls and
 * the few texts and formats in which the variants differ (spec 000 §5, §9).
 */
export interface DriveBackend {
  variant: DriveVariant;
  /** Id of the root folder: 'root' (v2) or '999' (v1). */
  rootId: string;
  /** Makes sure a drive token or drive session exists before the first call of a page. */
  prepare(): Promise<void>;
  listPage(folderId: string, marker: string | null): Promise<ListPage>;
  /** Name of a folder in the route's chain (the breadcrumb after a reload). */
  folderName(folderId: string): Promise<string>;
  quota(): Promise<Quota>;
  createFolder(parentId: string, name: string): Promise<void>;
  rename(item: DriveItem, name: string): Promise<void>;
  /**
   * Moves each item, answering each one's outcome in order (a refused name is -2003); throws only
   * when the call itself failed. `onConflict` resolves taken names instead of refusing them.
   */
  move(ids: string[], targetId: string, onConflict?: ConflictChoice): Promise<ItemResult[]>;
  /** Batch calls resolve when every item passed and reject with the spec's text otherwise. */
  remove(ids: string[]): Promise<void>;
  downloadUrl(id: string): Promise<string>;
  previewUrl(id: string): Promise<PreviewInfo>;
  zipUrl(ids: string[]): Promise<string>;
  recycleList(): Promise<RecycleEntry[]>;
  restore(ids: string[]): Promise<void>;
  purge(ids: string[]): Promise<void>;
  emptyRecycle(): Promise<void>;
  upload(
    file: File,
    parentId: string,
    onProgress: (p: UploadProgress) => void,
    signal: AbortSignal,
    conflict?: UploadConflict,
  ): Promise<UploadOutcome>;
  formatSize(bytes: number): string;
  /**
   * Whether files chosen onto names the folder holds are asked about (replace / keep both /
   * skip). The older variant follows the spec instead: duplicate policy 2 keeps both, and the
   * same content in that folder is the head's 422 with the same-name text.
   */
  asksOnUploadConflict: boolean;
  texts: {
    /** New folder with a name already in the list. */
    folderExists: string;
    /** Rename onto an existing name; null: the dialog closes without a word (older variant). */
    renameExists: string | null;
  };
}
