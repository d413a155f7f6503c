import { DriveMsg } from '@phonecloud/shared';
import { useRef } from 'react';
import { toast } from '../../../components/toast';
import { reportError } from '../report';
import type { DriveBackend } from '../types';
import { canUpload } from '../upload/browser-support';
import { type DropTree, entriesOf, readDrop, treeOfChosen } from './drop-tree';
import { finderFor } from './finder';
import { uploadTree } from './folder-upload';

interface Options {
  backend: DriveBackend;
  folderId: string;
  /** Names in the folder now (a dropped folder of the same name gets "name(1)"). */
  names(): string[];
  /** The screen's own way with loose files (quota dialog, then the queue). */
  addFiles(files: File[]): void;
  /** Whether the tree's files fit the quota (else the screen shows its dialog). */
  fits(files: File[]): boolean;
  /** Queues files for a folder of the tree. */
  queue(files: File[], parentId: string): void;
  /** After the folders are made: the list shows them. */
  onFolders(): void;
}

/**
 * Drops and folder choices: files alone go the usual way; folders (with their subfolders) are
 * made in the drive first, then their files are queued in the same upload panel.
 */
export function useTreeUpload(o: Options) {
  const input = useRef<HTMLInputElement>(null);

  const send = async (tree: DropTree) => {
    if (tree.folders.length === 0) return o.addFiles(tree.files.map((f) => f.file));
    if (!o.fits(tree.files.map((f) => f.file))) return;
    try {
      await uploadTree(tree, o.folderId, o.names(), {
        createFolder: (parentId, name) => finderFor(o.backend).createFolder(parentId, name),
        addFiles: o.queue,
      });
    } catch (err) {
      reportError(err);
    } finally {
      o.onFolders();
    }
  };

  /** Call inside the drop handler: the entries are read before the event ends. */
  const drop = (dt: DataTransfer) => {
    if (!canUpload()) return toast.error(DriveMsg.BROWSER_TOO_OLD);
    const { entries, loose } = entriesOf(dt);
    void readDrop(entries, loose).then(send, reportError);
  };

  const chooseFolder = () => {
    if (!canUpload()) return toast.error(DriveMsg.BROWSER_TOO_OLD);
    input.current?.click();
  };

  const folderInput = (
    <input
      ref={input}
      type="file"
      hidden
      multiple
      data-testid="drive-folder-input"
      // React passes unknown lower-case attributes through: the folder chooser of every current browser.
      {...{ webkitdirectory: '', directory: '' }}
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = '';
        if (files.length > 0) void send(treeOfChosen(files));
      }}
    />
  );

  return { drop, chooseFolder, folderInput };
}
