import { DriveMsg } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { HookAPI } from 'antd/es/modal/useModal';
import { type ReactNode, useEffect, useRef } from 'react';
import { toast } from '../../components/toast';
import { askNameConflict } from './dialogs/conflict';
import { useTreeUpload } from './find/use-tree-upload';
import { driveKeys } from './listing/use-folder-listing';
import { fitsQuota } from './rules';
import { DriveText } from './texts';
import type { DriveBackend, DriveItem } from './types';
import { canUpload } from './upload/browser-support';
import { queueFor, type UploadQueue } from './upload/upload-queue';

interface Options {
  items: readonly DriveItem[];
  quota: { used: number; total: number } | undefined;
  /** A choice that does not fit the free space: the screen shows its quota dialog. */
  onOverQuota(): void;
  /** Where the name-conflict question opens. */
  modal: HookAPI;
}

export interface DriveUploads {
  queue: UploadQueue;
  /** The toolbar's "upload files". */
  chooseFiles(): void;
  /** The toolbar's "upload folder". */
  chooseFolder(): void;
  /** Files or folders dropped on the list. */
  drop(data: DataTransfer): void;
  /** The hidden file inputs the two choices open. */
  inputs: ReactNode;
}

/**
 * Queues files into the open folder; names it holds already are asked about once for the whole
 * choice: replace, keep both or skip them.
 */
async function addAsking(
  to: { queue: UploadQueue; items: readonly DriveItem[]; modal: HookAPI; folderId: string },
  files: File[],
): Promise<void> {
  const { queue, folderId } = to;
  const there = new Map(to.items.map((i) => [i.name, i]));
  const clashing = files.filter((f) => there.has(f.name));
  if (clashing.length === 0) {
    queue.add(files, folderId);
    return;
  }
  const answer = await askNameConflict(
    to.modal,
    clashing.map((f) => f.name),
  );
  if (answer === 'skip') {
    const rest = files.filter((f) => !clashing.includes(f));
    if (rest.length > 0) queue.add(rest, folderId);
    toast.info(DriveText.skipped(clashing.length));
    return;
  }
  queue.add(files, folderId, (file) => {
    const existing = there.get(file.name);
    return existing ? { choice: answer, existing } : undefined;
  });
}

/**
 * Files and folders into the open folder: chosen or dropped, checked against the free space
 * first, then queued in the upload panel; the lists and the quota are read again as each lands.
 */
export function useDriveUploads(
  backend: DriveBackend,
  folderId: string,
  { items, quota, onOverQuota, modal }: Options,
): DriveUploads {
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const queue = queueFor(backend);
  useEffect(() => {
    queue.setEvents({
      onUploaded: (parentId) => {
        void queryClient.invalidateQueries({ queryKey: driveKeys.list(backend, parentId) });
        void queryClient.invalidateQueries({ queryKey: driveKeys.quota(backend) });
      },
      onQuotaExceeded: onOverQuota,
      onExists: () => toast.error(DriveMsg.SAME_NAME_409),
    });
  }, [queue, queryClient, backend, onOverQuota]);

  const fits = (files: File[]) => {
    if (!quota || fitsQuota(files, quota.used, quota.total)) return true;
    onOverQuota();
    return false;
  };
  const addFiles = (files: File[]) => {
    if (files.length === 0 || !fits(files)) return;
    if (backend.asksOnUploadConflict) void addAsking({ queue, items, modal, folderId }, files);
    else queue.add(files, folderId);
  };
  const tree = useTreeUpload({
    backend,
    folderId,
    names: () => items.map((i) => i.name),
    addFiles,
    fits,
    queue: (files, parentId) => queue.add(files, parentId),
    onFolders: () => void queryClient.invalidateQueries({ queryKey: driveKeys.list(backend, folderId) }),
  });

  const tooOld = () => toast.error(DriveMsg.BROWSER_TOO_OLD);
  const inputs = (
    <>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        data-testid="drive-file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Reset, so the same file can be chosen again and a refused choice leaves nothing behind.
          e.target.value = '';
          addFiles(files);
        }}
      />
      {tree.folderInput}
    </>
  );
  return {
    queue,
    chooseFiles: () => (canUpload() ? fileInput.current?.click() : tooOld()),
    chooseFolder: tree.chooseFolder,
    drop: (data) => (canUpload() ? tree.drop(data) : tooOld()),
    inputs,
  };
}
