import type { HookAPI } from 'antd/es/modal/useModal';
import { DriveText } from '../texts';

export interface FailedItem {
  name: string;
  /** The server's text for this item. */
  reason: string;
}

/**
 * Says which items of a move did not move and why, under the spec's text for the batch (the
 * partial-failure text, or the first failure's own when none moved): a toast alone said neither.
 */
export function showMoveFailures(modal: HookAPI, title: string, failed: readonly FailedItem[]): void {
  void modal.error({
    title,
    className: 'drive-move-failures',
    content: (
      <>
        <p>{DriveText.moveFailedList(failed.length)}</p>
        <ul className="drive-move-report">
          {failed.map((f) => (
            <li key={f.name}>
              <span className="drive-move-report__name">{f.name}</span>：{f.reason}
            </li>
          ))}
        </ul>
      </>
    ),
    okText: DriveText.OK,
  });
}
