import { DriveCode, DriveMsg, SUCCESS_TIP_MS } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';
import { isApiError } from '../../api';
import { toast } from '../../components/toast';
import { confirmAction } from './dialogs/confirm';
import { askNameConflict } from './dialogs/conflict';
import { showMoveFailures } from './dialogs/move-report';
import { startDownload } from './download';
import { driveKeys } from './listing/use-folder-listing';
import { reportError } from './report';
import { deleteLimitError, downloadLimitError } from './rules';
import { DriveText } from './texts';
import type { DriveBackend, DriveItem, ItemResult } from './types';

/** Success tips stay one second (spec 000 §9). */
export const TIP_SECONDS = SUCCESS_TIP_MS / 1000;

export interface DriveActions {
  /** Reads every list and the quota of this drive again. */
  refresh(): Promise<void>;
  download(items: DriveItem[]): Promise<void>;
  remove(items: DriveItem[]): Promise<void>;
  /** Moves; a taken name asks replace / keep both / skip, and failures are named with their reasons. */
  move(items: DriveItem[], targetId: string): Promise<void>;
  /** The dialog's text for a refused name, or null when the dialog should close. */
  nameRefusal(err: unknown, sameNameText: string | null): string | null;
}

interface MoveOutcome {
  /** Each item that was tried, with its result (skipped ones are not here). */
  results: Array<{ item: DriveItem; result: ItemResult }>;
  skipped: number;
}

/** Moves, then asks about the names the target held and moves those again with the answer. */
async function moveAsking(
  backend: DriveBackend,
  modal: HookAPI,
  items: DriveItem[],
  targetId: string,
): Promise<MoveOutcome> {
  const first = await backend.move(
    items.map((i) => i.id),
    targetId,
  );
  const results = items.map((item, n) => ({ item, result: first[n] ?? { code: 0 } }));
  const clashing = results.filter((r) => r.result.code === DriveCode.NAME_EXISTS);
  if (clashing.length === 0) return { results, skipped: 0 };
  const answer = await askNameConflict(
    modal,
    clashing.map((r) => r.item.name),
  );
  if (answer === 'skip')
    return { results: results.filter((r) => !clashing.includes(r)), skipped: clashing.length };
  const again = await backend.move(
    clashing.map((r) => r.item.id),
    targetId,
    answer,
  );
  clashing.forEach((r, n) => {
    r.result = again[n] ?? { code: 0 };
  });
  return { results, skipped: 0 };
}

/** 移动文件成功！ when all moved; one failure's text; several: which and why (spec text above them). */
function reportMove({ results, skipped }: MoveOutcome, ui: { tips: MessageInstance; modal: HookAPI }): void {
  const failed = results.filter((r) => r.result.code !== 0);
  if (skipped > 0) void ui.tips.info(DriveText.skipped(skipped), TIP_SECONDS);
  if (failed.length === 0) {
    if (results.length > 0) void ui.tips.success(DriveMsg.MOVE_OK, TIP_SECONDS);
    return;
  }
  const reasonOf = (r: ItemResult) => r.message || DriveMsg.NET_MOVE;
  const [only] = failed;
  if (only && results.length === 1) {
    toast.error(reasonOf(only.result));
    return;
  }
  const title =
    failed.length < results.length ? DriveMsg.MOVE_PARTIAL : reasonOf(failed[0]?.result ?? { code: 0 });
  showMoveFailures(
    ui.modal,
    title,
    failed.map((f) => ({ name: f.item.name, reason: reasonOf(f.result) })),
  );
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
    // The server refuses their bytes; said here instead of a download that fails without a word.
    if (items.some((i) => i.damaged)) return toast.error(DriveMsg.FILE_DAMAGED);
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

  const move = async (items: DriveItem[], targetId: string) => {
    try {
      const outcome = await moveAsking(backend, ui.modal, items, targetId);
      reportMove(outcome, ui);
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
