/**
 * What a drop or a folder choice holds: files with the folders they sit in (relative to the folder
 * the user is in), and every folder, the empty ones too. Read through the File and Directory
 * Entries API (`DataTransferItem.webkitGetAsEntry`), which is the only way a page sees a dropped
 * folder's content.
 */
export interface TreeFile {
  file: File;
  /** Folder names from the drop target down to the file's folder; [] for a file dropped alone. */
  dirs: string[];
}
export interface DropTree {
  files: TreeFile[];
  /** Every folder as its names from the drop target, parents before children. */
  folders: string[][];
}

/** The subset of `FileSystemEntry` read here (the test stands in its own). */
export interface EntryLike {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
}
interface FileEntryLike extends EntryLike {
  file(ok: (f: File) => void, fail?: (e: unknown) => void): void;
}
interface DirEntryLike extends EntryLike {
  createReader(): { readEntries(ok: (entries: EntryLike[]) => void, fail?: (e: unknown) => void): void };
}

/**
 * The entries of a drop. Must be called while the drop event is being handled: the browser
 * empties the DataTransfer once the handler returns.
 */
export function entriesOf(dt: DataTransfer): { entries: EntryLike[]; loose: File[] } {
  const entries: EntryLike[] = [];
  const loose: File[] = [];
  const items = dt.items ? [...dt.items] : [];
  for (const item of items) {
    if (item.kind !== 'file') continue;
    const entry =
      typeof item.webkitGetAsEntry === 'function' ? (item.webkitGetAsEntry() as EntryLike | null) : null;
    if (entry) entries.push(entry);
    else {
      const f = item.getAsFile();
      if (f) loose.push(f);
    }
  }
  // Browsers without entries: the plain file list (folders cannot be read then).
  if (entries.length === 0 && loose.length === 0) loose.push(...[...(dt.files ?? [])]);
  return { entries, loose };
}

const fileOf = (e: FileEntryLike) => new Promise<File>((ok, fail) => e.file(ok, fail));

/** Every entry of a folder: a reader hands them out in batches until an empty one. */
async function childrenOf(dir: DirEntryLike): Promise<EntryLike[]> {
  const reader = dir.createReader();
  const out: EntryLike[] = [];
  for (;;) {
    const batch = await new Promise<EntryLike[]>((ok, fail) => reader.readEntries(ok, fail));
    if (batch.length === 0) return out;
    out.push(...batch);
  }
}

/** Walks the dropped entries, folders depth first (parents listed before their children). */
export async function readDrop(
  entries: readonly EntryLike[],
  loose: readonly File[] = [],
): Promise<DropTree> {
  const tree: DropTree = { files: loose.map((file) => ({ file, dirs: [] })), folders: [] };
  const walk = async (entry: EntryLike, dirs: string[]): Promise<void> => {
    if (entry.isFile) {
      tree.files.push({ file: await fileOf(entry as FileEntryLike), dirs });
    } else if (entry.isDirectory) {
      const here = [...dirs, entry.name];
      tree.folders.push(here);
      for (const child of await childrenOf(entry as DirEntryLike)) await walk(child, here);
    }
  };
  for (const e of entries) await walk(e, []);
  return tree;
}

/** A folder chosen with `<input webkitdirectory>`: each file's `webkitRelativePath` names its folders. */
export function treeOfChosen(files: readonly File[]): DropTree {
  const tree: DropTree = { files: [], folders: [] };
  const seen = new Set<string>();
  for (const file of files) {
    const parts = (file.webkitRelativePath || file.name).split('/').filter((p) => p.length > 0);
    const dirs = parts.slice(0, -1);
    for (let i = 1; i <= dirs.length; i++) {
      const key = dirs.slice(0, i).join('/');
      if (!seen.has(key)) {
        seen.add(key);
        tree.folders.push(dirs.slice(0, i));
      }
    }
    tree.files.push({ file, dirs });
  }
  return tree;
}
