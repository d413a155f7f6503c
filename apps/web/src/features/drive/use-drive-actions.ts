import { DriveCode, DriveMsg, SUCCESS_TIP_MS } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';
import { isApiError } from '../../api';
import { toast } from '../../components/toast';
import { confirmAction } from './dialogs/confirm';
import { startDownload } from './download';
import { driveKeys } from './listing/use-folder-listing';
import { reportError } from './report';
import { deleteLimitError, downloadLimitError } from './rules';
import { DriveText } from './texts';
import type { DriveBackend, DriveItem } from './types';

/** Success tips stay one second (spec 000 §9). */
export const TIP_SECONDS = SUCCESS_TIP_MS / 1000;

export interface DriveActions {
  /** Reads every list and the quota of this drive again. */
  refresh(): Promise<void>;
  download(items: DriveItem[]): Promise<void>;
  remove(items: DriveItem[]): Promise<void>;
  move(ids: string[], targetId: string): Promise<void>;
  /** The dialog's text for a refused name, or null when the dialog should close. */
  nameRefusal(err: unknown, sameNameText: string | null): string | null;
}

/**
 * What the toolbar, the rows and the dialogs do to items: each checks its limit first, confirms
 * where the spec asks, says so briefly when done and reads the folder again.
 */
export function useDriveActions(
  backend: DriveBackend,
  ui: { tips: MessageInstance; modal: HookAPI; clearSelection(): void },
): DriveActions {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: driveKeys.all(backend) });

  const download = async (items: DriveItem[]) => {
    const limit = downloadLimitError(items);
    if (limit) return toast.error(limit);
    try {
      const only = items.length === 1 ? items[0] : undefined;
      const url =
        only && only.type === 'file'
          ? await backend.downloadUrl(only.id)
          : await backend.zipUrl(items.map((i) => i.id));
      startDownload(url);
    } catch (err) {
      reportError(err);
    }
  };

  const remove = async (items: DriveItem[]) => {
    const limit = deleteLimitError(items.length);
    if (limit) return toast.error(limit);
    const text = DriveText.deleteConfirm(items.length);
    if (!(await confirmAction(ui.modal, { title: DriveText.DELETE_TITLE, text }))) return;
    try {
      await backend.remove(items.map((i) => i.id));
      void ui.tips.success(DriveText.DELETED, TIP_SECONDS);
    } catch (err) {
      reportError(err);
    }
    await refresh();
  };

  const move = async (ids: string[], targetId: string) => {
    try {
      await backend.move(ids, targetId);
      void ui.tips.success(DriveMsg.MOVE_OK, TIP_SECONDS);
    } catch (err) {
      reportError(err);
    }
    ui.clearSelection();
    await refresh();
  };

  const nameRefusal = (err: unknown, sameNameText: string | null): string | null => {
    if (isApiError(err) && err.code === DriveCode.NAME_EXISTS) return sameNameText;
    reportError(err);
    return null;
  };

  return { refresh, download, remove, move, nameRefusal };
}
